import { describe, expect, it } from 'vitest';
import { bulkPageUrl, readTypedLookup } from './typed-lookup.ts';

describe('the lookup field', () => {
  it('takes an address or a domain typed by hand as it is', () => {
    expect(readTypedLookup(' boss@m365-customer.example.com ')).toEqual({
      target: { address: 'boss@m365-customer.example.com', domain: 'm365-customer.example.com' },
      addresses: ['boss@m365-customer.example.com'],
    });
    expect(readTypedLookup('gmail.com')?.target).toEqual({ address: 'gmail.com', domain: 'gmail.com' });
  });

  it('takes an address as a mail program copies it, with the name and brackets around it', () => {
    expect(readTypedLookup('Jane Doe <jane@proton.me>')).toEqual({
      target: { address: 'jane@proton.me', domain: 'proton.me' },
      addresses: ['jane@proton.me'],
    });
  });

  it('looks up the first of several pasted addresses and keeps them all, once each, for the bulk page', () => {
    const pasted = '"Doe, Jane" <jane@proton.me>, bob@gmail.com; Jane <jane@proton.me>, ops@acme.example.com';
    expect(readTypedLookup(pasted)).toEqual({
      target: { address: 'jane@proton.me', domain: 'proton.me' },
      addresses: ['jane@proton.me', 'bob@gmail.com', 'ops@acme.example.com'],
    });
  });

  it('refuses text with neither an address nor a domain in it', () => {
    expect(readTypedLookup('not an address')).toBeNull();
    expect(readTypedLookup('')).toBeNull();
  });

  it('hands the pasted text to the bulk page in the fragment, encoded', () => {
    const url = bulkPageUrl('chrome-extension://id/bulk.html', 'Jane <jane@proton.me>, b@x.example & #1');
    expect(url).toBe(
      `chrome-extension://id/bulk.html#text=${encodeURIComponent('Jane <jane@proton.me>, b@x.example & #1')}`,
    );
    expect(decodeURIComponent(new URL(url).hash.slice('#text='.length))).toBe(
      'Jane <jane@proton.me>, b@x.example & #1',
    );
  });
});
