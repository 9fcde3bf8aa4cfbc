import { describe, expect, it } from 'vitest';
import { topLevelDomainList } from './top-level-domain-list.ts';
import { isTopLevelDomain, isTopLevelDomainAt, labelHash } from './top-level-domains.ts';

describe('isTopLevelDomain', () => {
  it('knows delegated TLDs in any case, long ones too', () => {
    for (const label of ['com', 'COM', 'De', 'photography', 'museum'])
      expect(isTopLevelDomain(label)).toBe(true);
  });

  it('knows IDN TLDs in Unicode and in punycode, in any case', () => {
    for (const label of ['рф', 'xn--p1ai', 'XN--P1AI', '中国', 'xn--fiqs8s'])
      expect(isTopLevelDomain(label)).toBe(true);
  });

  it('refuses what is not delegated: file extensions, private names, made-up punycode', () => {
    for (const label of ['png', 'local', 'internal', 'corp', 'xn--zzzz', 'c', ''])
      expect(isTopLevelDomain(label)).toBe(false);
  });
});

describe('isTopLevelDomainAt: the same answer for a label inside a text, without copying it', () => {
  it('tells every ASCII TLD apart by its hash, which it looks them up by', () => {
    const list = topLevelDomainList();
    expect(new Set(list.map(labelHash)).size).toBe(list.length);
  });

  it('knows every delegated TLD, in small letters and in capitals, wherever it lies', () => {
    const missed = topLevelDomainList().filter((tld) => {
      const text = `x.${tld}, y.${tld.toUpperCase()}!`;
      const second = text.indexOf('y.') + 2;
      return (
        !isTopLevelDomainAt(text, 2, 2 + tld.length) || !isTopLevelDomainAt(text, second, second + tld.length)
      );
    });
    expect(missed).toEqual([]);
  });

  it('knows IDN TLDs written in Unicode', () => {
    expect(isTopLevelDomainAt('mail@пример.рф', 12, 14)).toBe(true);
    expect(isTopLevelDomainAt('用户@例子.中国', 6, 8)).toBe(true);
  });

  it('refuses a part, a longer run or a neighbour of a TLD, and what is no TLD', () => {
    const text = 'example.com comm co png local';
    expect(isTopLevelDomainAt(text, 8, 11)).toBe(true);
    for (const [start, end] of [
      [8, 10],
      [12, 16],
      [7, 11],
      [20, 23],
      [24, 29],
      [11, 11],
    ] as const) {
      expect(isTopLevelDomainAt(text, start, end), text.slice(start, end)).toBe(
        isTopLevelDomain(text.slice(start, end)),
      );
    }
    expect(isTopLevelDomainAt(text, 17, 19)).toBe(true);
    expect(isTopLevelDomainAt(text, 12, 16)).toBe(false);
  });
});
