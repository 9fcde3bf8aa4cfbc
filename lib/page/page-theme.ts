/**
 * Whether the page under an address is dark, so the card over it can be too. Read from the background
 * colours the page paints there (Gmail's dark theme paints its own dark backgrounds; many sites do not
 * follow the system setting). Where it paints none, the browser's canvas shows: dark only when the system
 * is dark and the page allows it (`color-scheme: dark` or `light dark`), white otherwise.
 */
export type Theme = 'light' | 'dark';

/** Below this relative luminance a background reads as dark (WCAG's mid-point between black and white text). */
const DARK_LUMINANCE = 0.18;
/** A background more transparent than this shows what is under it, so the search goes on up. */
const OPAQUE_ENOUGH = 0.5;

/** An `rgb()`/`rgba()` computed colour as [r, g, b, alpha]; null for anything else (transparent, oklch...). */
export function parseRgb(color: string): [number, number, number, number] | null {
  const match = /^rgba?\(\s*([\d.]+)[,\s]+([\d.]+)[,\s]+([\d.]+)(?:\s*[,/]\s*([\d.]+%?))?\s*\)$/.exec(color);
  if (!match) return null;
  const alphaText = match[4];
  const alpha =
    alphaText === undefined
      ? 1
      : alphaText.endsWith('%')
        ? Number.parseFloat(alphaText) / 100
        : Number(alphaText);
  return [Number(match[1]), Number(match[2]), Number(match[3]), alpha];
}

/** WCAG relative luminance of an sRGB colour. */
export function relativeLuminance([r, g, b]: readonly number[]): number {
  const linear = (channel = 0) => {
    const value = channel / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** The theme of the first background opaque enough among `colors` (innermost first), else the canvas's. */
export function themeOfBackgrounds(colors: Iterable<string>, darkCanvas: boolean): Theme {
  for (const color of colors) {
    const rgb = parseRgb(color);
    if (rgb && rgb[3] >= OPAQUE_ENOUGH) return relativeLuminance(rgb) < DARK_LUMINANCE ? 'dark' : 'light';
  }
  return darkCanvas ? 'dark' : 'light';
}

/** The theme of the page at a point: the backgrounds of the element there and its ancestors. */
export function pageThemeAt(x: number, y: number): Theme {
  function* backgrounds() {
    for (let element = document.elementFromPoint(x, y); element; element = element.parentElement)
      yield getComputedStyle(element).backgroundColor;
  }
  // A page allows a dark canvas by the color-scheme property on its root, or by <meta name="color-scheme">.
  const allowed = `${getComputedStyle(document.documentElement).colorScheme} ${
    document.querySelector('meta[name="color-scheme"]')?.getAttribute('content') ?? ''
  }`;
  const darkCanvas = matchMedia('(prefers-color-scheme: dark)').matches && allowed.includes('dark');
  return themeOfBackgrounds(backgrounds(), darkCanvas);
}
