import { PNG } from 'pngjs';

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** How far below a text's box its underline may be drawn (offset 2 px, thickness 2 px, and rounding). */
const BELOW_TEXT_PX = 6;

/**
 * Pixels of the underline's colour in a screenshot of a box: the dotted #0969da underline, or the light
 * blue tint Firefox before 146 draws instead. Blue well above red, and above green: black or grey text on
 * white has none, antialiased or not.
 */
export function underlinePixels(screenshot: Buffer, box: Box): number {
  const png = PNG.sync.read(screenshot);
  const left = Math.max(0, Math.floor(box.x));
  const top = Math.max(0, Math.floor(box.y));
  const right = Math.min(png.width, Math.ceil(box.x + box.width));
  const bottom = Math.min(png.height, Math.ceil(box.y + box.height + BELOW_TEXT_PX));
  let count = 0;
  for (let y = top; y < bottom; y++) {
    for (let x = left; x < right; x++) {
      const i = (y * png.width + x) * 4;
      const [red, green, blue] = [png.data[i] ?? 0, png.data[i + 1] ?? 0, png.data[i + 2] ?? 0];
      if (blue - red >= 20 && blue >= green + 8) count++;
    }
  }
  return count;
}

/**
 * The box of the first occurrence of `needle` in the page's text, scrolled onto the screen first if it is
 * off it, as a function to evaluate in the page.
 */
export function textBox(needle: string): Box | null {
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const index = (node as Text).data.indexOf(needle);
    if (index === -1) continue;
    const range = document.createRange();
    range.setStart(node, index);
    range.setEnd(node, index + needle.length);
    let rect = range.getBoundingClientRect();
    if (rect.top < 0 || rect.bottom > innerHeight) {
      node.parentElement?.scrollIntoView({ block: 'center' });
      rect = range.getBoundingClientRect();
    }
    return { x: rect.x, y: rect.y, width: rect.width, height: rect.height };
  }
  return null;
}
