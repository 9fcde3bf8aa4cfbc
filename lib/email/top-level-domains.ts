import { topLevelDomainList } from './top-level-domain-list.ts';

/** Real top-level domains, made on first need (the content script's start is the longest task it runs). */
let topLevelDomains: ReadonlySet<string> | null = null;
let punycodeTopLevelDomains: ReadonlySet<string> | null = null;

/**
 * The ASCII (punycode) forms of the IDN top-level domains, made on first need: converting 151 names with
 * `new URL()` cost 5.6 ms of the content script's start on every page (profiled in Chromium), while
 * punycode TLDs are rare in text.
 */
function punycodeForms(): ReadonlySet<string> {
  punycodeTopLevelDomains ??= new Set(
    topLevelDomainList().flatMap((tld) => {
      if (/^[a-z0-9-]+$/.test(tld)) return [];
      try {
        return [new URL(`http://x.${tld}`).hostname.slice(2)];
      } catch {
        return [];
      }
    }),
  );
  return punycodeTopLevelDomains;
}

/** Whether a label, in any case and in Unicode or punycode form, is a delegated top-level domain. */
export function isTopLevelDomain(label: string): boolean {
  topLevelDomains ??= new Set(topLevelDomainList());
  // Most TLDs in text are already lower-case: look them up before making a lower-case copy.
  if (topLevelDomains.has(label)) return true;
  const lower = label.toLowerCase();
  return topLevelDomains.has(lower) || (lower.startsWith('xn--') && punycodeForms().has(lower));
}
