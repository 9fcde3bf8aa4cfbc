import { describe, expect, it } from 'vitest';
import { asciiLabel } from './ascii-label.ts';

describe('asciiLabel', () => {
  it('folds the case of an ASCII label, and maps a Unicode one to punycode', () => {
    expect(asciiLabel('COM')).toBe('com');
    expect(asciiLabel('рф')).toBe('xn--p1ai');
    expect(asciiLabel('ＣＯＭ')).toBe('com');
  });

  it('refuses what the URL parser reads as more than one label', () => {
    expect(asciiLabel('example.com')).toBeNull();
    expect(asciiLabel('example。com')).toBeNull();
  });

  it('refuses what the URL parser reads as something other than a host', () => {
    expect(asciiLabel('@example')).toBeNull();
    expect(asciiLabel('a b')).toBeNull();
  });
});
