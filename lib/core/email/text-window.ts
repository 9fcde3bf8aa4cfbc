/** How far a reading of a window of text may look outside it, in characters. */
export interface Reach {
  behind: number;
  ahead: number;
}

/**
 * Runs `read` over the window `[from, to)` of a text, handing it only the window and the margins its
 * judgements can reach, and gives what it found the text's own offsets. A window then costs what its length
 * and the margins cost wherever it lies in a long text (the page scanner reads a 1 MB text node window by
 * window), and, as no judgement reads past the margins, finds what a reading of the whole text finds there.
 */
export function readWindow<Found extends { start: number; end: number }>(
  text: string,
  from: number,
  to: number,
  reach: Reach,
  read: (near: string, from: number, to: number) => Found[],
): Found[] {
  const offset = Math.max(0, from - reach.behind);
  const end = Math.min(text.length, to + reach.ahead);
  if (offset === 0) return read(end === text.length ? text : text.slice(0, end), from, to);
  return read(text.slice(offset, end), from - offset, to - offset).map((found) => ({
    ...found,
    start: found.start + offset,
    end: found.end + offset,
  }));
}
