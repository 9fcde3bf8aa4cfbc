import tlds from 'tlds/index.json' with { type: 'json' };

/** Real top-level domains (IANA, from the maintained `tlds` package), as the package writes them (Unicode for IDN). */
const TOP_LEVEL_DOMAINS: ReadonlySet<string> = new Set(tlds);

let punycodeTopLevelDomains: ReadonlySet<string> | null = null;

/**
 * The ASCII (punycode) forms of the IDN top-level domains, made on first need: converting 151 names with
 * `new URL()` cost 5.6 ms of the content script's start on every page (profiled in Chromium), while
 * punycode TLDs are rare in text.
 */
function punycodeForms(): ReadonlySet<string> {
  punycodeTopLevelDomains ??= new Set(
    tlds.flatMap((tld) => {
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
  // Most TLDs in text are already lower-case: look them up before making a lower-case copy.
  if (TOP_LEVEL_DOMAINS.has(label)) return true;
  const lower = label.toLowerCase();
  return TOP_LEVEL_DOMAINS.has(lower) || (lower.startsWith('xn--') && punycodeForms().has(lower));
}
