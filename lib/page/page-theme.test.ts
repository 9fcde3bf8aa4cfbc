import { describe, expect, it } from 'vitest';
import { parseRgb, relativeLuminance, themeOfBackgrounds } from './page-theme.ts';

describe('the page’s theme', () => {
  it('parses computed colours in both syntaxes, and nothing else', () => {
    expect(parseRgb('rgb(32, 33, 36)')).toEqual([32, 33, 36, 1]);
    expect(parseRgb('rgba(0, 0, 0, 0)')).toEqual([0, 0, 0, 0]);
    expect(parseRgb('rgb(32 33 36 / 50%)')).toEqual([32, 33, 36, 0.5]);
    expect(parseRgb('oklch(0.2 0 0)')).toBeNull();
  });

  it('WCAG luminance: black 0, white 1', () => {
    expect(relativeLuminance([0, 0, 0])).toBe(0);
    expect(relativeLuminance([255, 255, 255])).toBeCloseTo(1);
  });

  it('takes the innermost background that is painted; Gmail’s dark theme reads as dark', () => {
    expect(themeOfBackgrounds(['rgba(0, 0, 0, 0)', 'rgb(32, 33, 36)', 'rgb(255, 255, 255)'], false)).toBe(
      'dark',
    );
    expect(themeOfBackgrounds(['rgb(255, 255, 255)'], true)).toBe('light');
    expect(themeOfBackgrounds(['rgba(0, 0, 0, 0.1)', 'rgb(241, 243, 244)'], true)).toBe('light');
  });

  it('follows the canvas where the page paints no background', () => {
    expect(themeOfBackgrounds(['rgba(0, 0, 0, 0)'], true)).toBe('dark');
    expect(themeOfBackgrounds([], false)).toBe('light');
  });
});
