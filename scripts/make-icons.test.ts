import { readFileSync } from 'node:fs';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { ICON_SIZES, renderIcon } from './make-icons.ts';

const ROOT = new URL('..', import.meta.url);

describe('the icon', () => {
  const svg = readFileSync(new URL('assets/icon.svg', ROOT), 'utf8');

  it.each(ICON_SIZES)('public/icon/%i.png is the SVG rendered at that size (run `npm run icons`)', (size) => {
    const committed = readFileSync(new URL(`public/icon/${size}.png`, ROOT));
    const png = PNG.sync.read(committed);
    expect([png.width, png.height]).toEqual([size, size]);
    expect(PNG.sync.read(renderIcon(svg, size)).data.equals(png.data)).toBe(true);
  });
});
