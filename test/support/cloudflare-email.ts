/**
 * Hides an address the way Cloudflare's email obfuscation does (`data-cfemail`, `/cdn-cgi/l/email-protection#`):
 * a key byte, then each byte of the address XORed with it. The product only decodes
 * (lib/core/email/cloudflare.ts); tests and fixtures make what it reads.
 */
export function encodeCloudflareEmail(address: string, key = 0x5a): string {
  const hex = (byte: number) => byte.toString(16).padStart(2, '0');
  return hex(key) + [...new TextEncoder().encode(address)].map((byte) => hex(byte ^ key)).join('');
}
