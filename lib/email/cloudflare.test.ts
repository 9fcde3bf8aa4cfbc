import { describe, expect, it } from 'vitest';
import { decodeCloudflareEmail, encodeCloudflareEmail } from './cloudflare.ts';

describe('Cloudflare email decoding', () => {
  it('decodes what Cloudflare encodes', () => {
    expect(decodeCloudflareEmail(encodeCloudflareEmail('jane@Example.com'))).toBe('jane@example.com');
    // A vector made by an independent (Python) implementation of the scheme, key 0x31.
    expect(decodeCloudflareEmail('31585f575e715449505c415d541f5e4356')).toBe('info@example.org');
  });

  it('decodes a protected link that carries a subject: its target is the whole mailto', () => {
    expect(decodeCloudflareEmail(encodeCloudflareEmail('jane@example.com?subject=Hello%20there'))).toBe(
      'jane@example.com',
    );
    // Seen on a real page (test/fixtures/real-pages: mercury-dmagazine): `receptionist@dmagazine.com`.
    expect(decodeCloudflareEmail('e69483858396928f89888f9592a6828b8781879c8f8883c885898b')).toBe(
      'receptionist@dmagazine.com',
    );
  });

  it('refuses what does not decode to an address, such as a share link hiding only a subject', () => {
    expect(decodeCloudflareEmail('zz')).toBeNull();
    expect(decodeCloudflareEmail(encodeCloudflareEmail('not an address'))).toBeNull();
    expect(
      decodeCloudflareEmail(encodeCloudflareEmail('?subject=Berlin%20news&body=https://x.com')),
    ).toBeNull();
  });
});
