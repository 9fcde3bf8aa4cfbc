/**
 * Renders the one icon design (assets/icon.svg) into the PNG sizes the browsers and stores ask for:
 * 16 (toolbar, favicon), 32 (toolbar on high-density screens), 48 (extension pages) and 128 (install
 * dialog, stores). WXT finds public/icon/<size>.png and lists them in the manifest. Run `npm run icons`
 * after changing the SVG; the PNGs are committed, so a build needs no renderer.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { Resvg } from '@resvg/resvg-js';

export const ICON_SIZES = [16, 32, 48, 128] as const;

const ROOT = new URL('..', import.meta.url);

/** The PNG of the icon at one size. */
export function renderIcon(svg: string, size: number): Buffer {
  return new Resvg(svg, { fitTo: { mode: 'width', value: size } }).render().asPng();
}

function main(): void {
  const svg = readFileSync(new URL('assets/icon.svg', ROOT), 'utf8');
  mkdirSync(new URL('public/icon/', ROOT), { recursive: true });
  for (const size of ICON_SIZES)
    writeFileSync(new URL(`public/icon/${size}.png`, ROOT), renderIcon(svg, size));
}

if (import.meta.url === `file://${process.argv[1]}`) main();
