import { describe, expect, it } from 'vitest';
import { encodeCloudflareEmail } from '#test/support/cloudflare-email.ts';
import { decodeCloudflareEmail } from './cloudflare.ts';

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

  it('refuses hex with anything after it, or an odd number of digits', () => {
    const hex = encodeCloudflareEmail('jane@example.com');
    expect(decodeCloudflareEmail(`${hex}zz`)).toBeNull();
    expect(decodeCloudflareEmail(`${hex}a`)).toBeNull();
  });

  it('refuses bytes that are not UTF-8', () => {
    const bytes = `${Buffer.from('jane@example.com').toString('hex')}ff`;
    expect(decodeCloudflareEmail(`00${bytes}`)).toBeNull();
  });

  it('reads at most 1024 hex digits, the longest a protected link holds', () => {
    // Key 00 leaves each byte as it is: 511 bytes of target in 1024 digits.
    const target = (length: number) => `jane@example.com?subject=${'x'.repeat(length - 25)}`;
    const hex = (text: string) => `00${Buffer.from(text).toString('hex')}`;
    expect(hex(target(511))).toHaveLength(1024);
    expect(decodeCloudflareEmail(hex(target(511)))).toBe('jane@example.com');
    expect(decodeCloudflareEmail(hex(target(512)))).toBeNull();
  });

  it('encodes every byte as two hex digits, small ones too', () => {
    expect(encodeCloudflareEmail('a', 0x61)).toBe('6100');
  });
});
