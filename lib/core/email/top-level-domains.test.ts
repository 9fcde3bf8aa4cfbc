import { describe, expect, it } from 'vitest';
import { isTopLevelDomain } from './top-level-domains.ts';

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
