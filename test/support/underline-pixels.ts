import { PNG } from 'pngjs';
import type { Box } from './in-page.ts';

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
