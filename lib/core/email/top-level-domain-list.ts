import tlds from 'tlds/index.json' with { type: 'json' };
import { asciiLabel } from './ascii-label.ts';

let list: readonly string[] | null = null;

/**
 * The IANA top-level domains (the maintained `tlds` package) in their ASCII form, IDN ones in punycode, as
 * DNS writes them. In the extension's build this module is replaced by a front-coded copy of the same list,
 * unpacked on first call (modules/compact-tlds.ts), so a page without an address pays nothing for unpacking
 * it; the content script loads that copy as a module of its own as it starts, to stay small.
 */
export function topLevelDomainList(): readonly string[] {
  list ??= tlds.flatMap((tld) => asciiLabel(tld) ?? []);
  return list;
}
