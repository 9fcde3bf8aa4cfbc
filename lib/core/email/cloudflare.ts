import { parseMailto } from './mailto.ts';

/** An address and a subject fit in 511 bytes; a longer string is no protected address, and is not read. */
const MAX_HEX_LENGTH = 1024;

/**
 * Decodes an address hidden by Cloudflare's email obfuscation: `data-cfemail` on `a.__cf_email__`, or the
 * fragment of a `/cdn-cgi/l/email-protection#...` link. The hex string's first byte is a key XORed with
 * each following byte. A protected link hides its whole `mailto:` target, query included
 * (`jane@example.com?subject=Hello`): the first recipient is the address. Returns null for anything that
 * does not decode to one (a share link hides only `?subject=...&body=...`).
 */
export function decodeCloudflareEmail(hex: string): string | null {
  if (hex.length > MAX_HEX_LENGTH || !/^(?:[0-9a-f]{2}){2,}$/i.test(hex)) return null;
  const key = Number.parseInt(hex.slice(0, 2), 16);
  const bytes = new Uint8Array(hex.length / 2 - 1);
  for (let i = 2; i < hex.length; i += 2) bytes[i / 2 - 1] = Number.parseInt(hex.slice(i, i + 2), 16) ^ key;
  let decoded: string;
  try {
    decoded = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
  return parseMailto(`mailto:${decoded}`)[0] ?? null;
}
