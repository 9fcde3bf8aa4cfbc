import tlds from 'tlds/index.json' with { type: 'json' };

/** Real top-level domains (IANA, from the maintained `tlds` package), in Unicode and in ASCII form. */
const TOP_LEVEL_DOMAINS: ReadonlySet<string> = new Set(
  tlds.flatMap((tld) => {
    if (/^[a-z0-9-]+$/.test(tld)) return [tld];
    try {
      return [tld, new URL(`http://x.${tld}`).hostname.slice(2)];
    } catch {
      return [tld];
    }
  }),
);

/** Whether a label, in any case, is a delegated top-level domain. */
export function isTopLevelDomain(label: string): boolean {
  return TOP_LEVEL_DOMAINS.has(label.toLowerCase());
}
