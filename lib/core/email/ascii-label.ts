/** Labels that are ASCII already: only case to fold. */
const ASCII_LABEL = /^[A-Za-z0-9-]*$/;

/**
 * A domain label's ASCII form, as DNS and the IANA list write it: lower case, and punycode for an IDN label
 * (`рф` → `xn--p1ai`), mapped by the WHATWG URL parser (UTS #46) of every browser and Node. Null when the
 * parser refuses it, or reads it as more than one label.
 */
export function asciiLabel(label: string): string | null {
  if (ASCII_LABEL.test(label)) return label.toLowerCase();
  let host: string;
  try {
    host = new URL(`http://x.${label}`).hostname;
  } catch {
    return null;
  }
  const ascii = host.slice(2);
  return host.startsWith('x.') && !ascii.includes('.') ? ascii : null;
}
