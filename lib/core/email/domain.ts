import { MAX_DOMAIN_LENGTH, MAX_LABEL_LENGTH } from './rfc-limits.ts';

const LABEL = new RegExp(`^(?!-)[a-z0-9-]{1,${MAX_LABEL_LENGTH}}(?<!-)$`);
/** The characters of a label between its first and last, at most. */
const INNER = MAX_LABEL_LENGTH - 2;
/** Characters that make `new URL()` read the input as something other than a bare host. */
const NOT_A_HOST = /[\s/\\?#%@:[\]<>^|"'`{}]/u;
/**
 * A domain that `new URL()` gives back unchanged and that passes every check below: two or more lower-case
 * ASCII labels of 1 to MAX_LABEL_LENGTH characters without a hyphen at either end, none an IDN label
 * (`xn--`, which the URL parser decodes and may refuse), the last starting with a letter (so never read as an IPv4 number).
 * Nearly every lookup is such a domain; `new URL()` and the label checks were about 4 % of a cached lookup
 * on the service (CPU profile under autocannon), so these skip them. A test proves both paths agree.
 */
const PLAIN_ASCII_DOMAIN = new RegExp(
  `^(?:(?!xn--)[a-z0-9](?:[a-z0-9-]{0,${INNER}}[a-z0-9])?\\.)+(?!xn--)[a-z](?:[a-z0-9-]{0,${INNER}}[a-z0-9])?$`,
);

/**
 * Turns a domain as people write it (any case, a trailing dot, Unicode) into its lower-case ASCII form,
 * or null when it is not a syntactically valid domain of at least two labels.
 */
export function toAsciiDomain(input: string): string | null {
  let host = input.trim();
  if (host.endsWith('.')) host = host.slice(0, -1);
  if (host.length <= MAX_DOMAIN_LENGTH && PLAIN_ASCII_DOMAIN.test(host)) return host;
  return toAsciiDomainByUrl(host);
}

/**
 * The general path of `toAsciiDomain`, for a host already trimmed of spaces and its trailing dot. IDN
 * mapping uses the WHATWG URL parser (UTS #46), available in Node and in every browser.
 */
export function toAsciiDomainByUrl(host: string): string | null {
  if (host.length > 4 * MAX_DOMAIN_LENGTH || NOT_A_HOST.test(host)) return null;
  let ascii: string;
  try {
    ascii = new URL(`http://${host}`).hostname;
  } catch {
    return null;
  }
  if (ascii.length > MAX_DOMAIN_LENGTH) return null;
  const labels = ascii.split('.');
  const tld = labels.at(-1) ?? '';
  if (labels.length < 2 || /^\d+$/.test(tld)) return null;
  return labels.every((label) => LABEL.test(label)) ? ascii : null;
}
