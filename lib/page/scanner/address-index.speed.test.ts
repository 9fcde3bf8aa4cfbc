// @vitest-environment happy-dom
import { describe, it, vi } from 'vitest';
import { TEXT_WINDOW } from '#extension/limits.ts';
import { describeGrowth, expectLinear, expectLinearForAll } from '#test/support/linear-time.ts';
import { AddressIndex } from './address-index.ts';

/**
 * Windows of 1 K: what a window costs must not depend on where it lies, whatever its size, and a text of a
 * few windows then takes a millisecond to read, where one of the page's 16 K windows read back to the
 * node's start (as each did) took seconds.
 */
vi.mock('#extension/limits.ts', async (original) => ({
  ...(await original<typeof import('#extension/limits.ts')>()),
  TEXT_WINDOW: 2_048,
}));

/**
 * What the page scanner's reading of a text node costs, window by window as the planner reads a long one,
 * measured against itself in one run (test/support/linear-time.ts). Apart from the tests of its answers, as
 * mutation testing leaves `*.speed.test.ts` out.
 */
const index = new AddressIndex([], { set: () => {}, forget: () => {} });

/** A paragraph holding each text, made once: the measure reads the same text many times. */
const paragraphs = new Map<string, Text>();
/** Paragraphs kept at once: the measure times two texts at a time, and a few more while it grows them. */
const MOST_PARAGRAPHS = 8;
function paragraphOf(text: string): Text {
  const kept = paragraphs.get(text);
  if (kept) return kept;
  if (paragraphs.size >= MOST_PARAGRAPHS) {
    for (const node of paragraphs.values()) node.parentElement?.remove();
    paragraphs.clear();
  }
  const p = document.createElement('p');
  p.textContent = text;
  document.body.append(p);
  const node = p.firstChild as Text;
  paragraphs.set(text, node);
  return node;
}

/** Reads a text node to its end, a window at a time, as the planner does. */
function readWhole(text: string): boolean {
  index.readText(paragraphOf(text));
  while (index.reading) index.readWindow();
  return index.takeChanged() !== null;
}

/** The pieces of the plain and written forms that make a separator look back and ahead the most. */
const PIECES = [
  '-AT',
  '-AT-',
  ' at ',
  '[at]',
  ' @ ',
  '@',
  'a',
  'x.',
  '.',
  '-',
  ' ',
  ' dot ',
  'example.com',
  'jane@example.com',
];

describe('the page scanner reads a text node in linear time', () => {
  it('whatever its text is made of: 4× the text costs at most 6× the time', ({ annotate }) => {
    const worst = expectLinearForAll(readWhole, PIECES, { numRuns: 8 });
    annotate(`worst ${describeGrowth(worst, worst.seed)}`);
  });

  it('a node several windows long of `-AT`, each window reading no farther back than its addresses reach', ({
    annotate,
  }) => {
    // Three windows in the smaller node already, twelve in the larger: a window that read back to the
    // node's start would cost more the later it lay.
    const seed = '-AT'.repeat(TEXT_WINDOW);
    const growth = expectLinear(readWhole, seed);
    annotate(describeGrowth(growth, '-AT, windows'));
  });
});
