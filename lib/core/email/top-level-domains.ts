import { asciiLabel } from './ascii-label.ts';
import { topLevelDomainList } from './top-level-domain-list.ts';

/** Real top-level domains in ASCII form, made on first need (the content script's start is its longest task). */
let topLevelDomains: ReadonlySet<string> | null = null;

/** Whether a label, in any case and in Unicode or punycode form, is a delegated top-level domain. */
export function isTopLevelDomain(label: string): boolean {
  topLevelDomains ??= new Set(topLevelDomainList());
  // Most TLDs in text are already lower-case ASCII: look them up before making a copy.
  if (topLevelDomains.has(label)) return true;
  const ascii = asciiLabel(label);
  return ascii !== null && topLevelDomains.has(ascii);
}
