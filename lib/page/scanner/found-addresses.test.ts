import { describe, expect, it } from 'vitest';
import { createFoundAddresses } from './found-addresses.ts';

describe('found addresses', () => {
  it('lists each address once, in the order first found, only when the list changed', () => {
    const found = createFoundAddresses();
    expect(found.takeChanged()).toBeNull();
    found.add('jane@example.com');
    found.add('bob@example.org');
    found.add('jane@example.com');
    expect(found.takeChanged()).toEqual(['jane@example.com', 'bob@example.org']);
    expect(found.takeChanged()).toBeNull();
  });

  it('keeps an address while any place holds it', () => {
    const found = createFoundAddresses();
    found.add('jane@example.com');
    found.add('jane@example.com');
    found.takeChanged();
    found.remove('jane@example.com');
    expect(found.takeChanged()).toBeNull();
    found.remove('jane@example.com');
    expect(found.takeChanged()).toEqual([]);
  });

  it('ignores the removal of an address it never had', () => {
    const found = createFoundAddresses();
    found.remove('never@example.com');
    expect(found.takeChanged()).toBeNull();
  });
});
