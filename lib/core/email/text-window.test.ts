import { describe, expect, it } from 'vitest';
import { readWindow } from './text-window.ts';

interface Seen {
  near: string;
  from: number;
  to: number;
}

/** Reads a window, recording what the reader was handed; it finds each 'x' inside the window it was given. */
function readXs(text: string, from: number, to: number, reach = { behind: 3, ahead: 2 }) {
  const seen: Seen[] = [];
  const found = readWindow(text, from, to, reach, (near, nearFrom, nearTo) => {
    seen.push({ near, from: nearFrom, to: nearTo });
    const xs = [];
    for (let index = nearFrom; index < nearTo; index++)
      if (near[index] === 'x') xs.push({ start: index, end: index + 1 });
    return xs;
  });
  return { found, seen };
}

describe('reading a window of a long text', () => {
  it('hands the reader the window and its margins only, and gives the text’s own offsets back', () => {
    const text = `${'a'.repeat(100)}x${'b'.repeat(20)}x${'c'.repeat(100)}`;
    const { found, seen } = readXs(text, 95, 125);
    expect(seen).toEqual([{ near: text.slice(92, 127), from: 3, to: 33 }]);
    expect(found).toEqual([
      { start: 100, end: 101 },
      { start: 121, end: 122 },
    ]);
  });

  it('at the text’s start, a margin cut short by it; at its end, the text as it is', () => {
    const text = 'x'.repeat(10);
    const start = readXs(text, 1, 4);
    expect(start.seen).toEqual([{ near: text.slice(0, 6), from: 1, to: 4 }]);
    expect(start.found.map((x) => x.start)).toEqual([1, 2, 3]);
    const end = readXs(text, 8, 10);
    expect(end.seen).toEqual([{ near: text.slice(5), from: 3, to: 5 }]);
    expect(end.found.map((x) => x.start)).toEqual([8, 9]);
  });
});
