import tlds from 'tlds/index.json' with { type: 'json' };

/**
 * The IANA top-level domains (the maintained `tlds` package), as the package writes them (Unicode for IDN).
 * In the extension's build this module is replaced by a front-coded copy unpacked on first call
 * (modules/compact-tlds.ts), so a page without an address pays nothing for the list.
 */
export function topLevelDomainList(): readonly string[] {
  return tlds;
}
