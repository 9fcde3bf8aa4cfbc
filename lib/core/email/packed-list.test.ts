import tlds from 'tlds/index.json' with { type: 'json' };
import { describe, expect, it } from 'vitest';
import { packSortedNames, unpackNames } from './packed-list.ts';

describe('packed name lists', () => {
  it('give back every IANA top-level domain, IDN included, in sorted order', () => {
    const packed = packSortedNames(tlds);
    expect(unpackNames(packed)).toEqual([...tlds].sort());
    expect(packed.length).toBeLessThan(tlds.join(' ').length * 0.7);
  });

  it('keep names that share more than the longest mark allows, and ones that share nothing', () => {
    const names = ['a', 'abcdefghijklmnopqrstuvwxyz-long', 'abcdefghijklmnopqrstuvwxyz-longer', 'zz'];
    expect(unpackNames(packSortedNames(names))).toEqual(names);
  });

  it('refuse a name they could not give back', () => {
    expect(() => packSortedNames(['Com'])).toThrow('"Com" cannot be packed');
    expect(() => packSortedNames([''])).toThrow('"" cannot be packed');
  });

  it('sort the names they are given', () => {
    expect(unpackNames(packSortedNames(['org', 'com', 'net']))).toEqual(['com', 'net', 'org']);
  });
});
