/**
 * Keys next to each other on the layouts our users type on: QWERTY (en, es, pt_BR, ja romaji), QWERTZ (de)
 * and AZERTY (fr). A slip to a neighbouring key is the most common typo, so it costs less (typo-cost.ts).
 * Each row is the unshifted keys from the left; rows are staggered by about half a key, so a key touches
 * the key above it and the one above-right, and the one below and below-left.
 */
const LAYOUTS: readonly (readonly string[])[] = [
  ['1234567890-', 'qwertyuiop', 'asdfghjkl;', 'zxcvbnm,./'],
  ['1234567890ß', 'qwertzuiopü', 'asdfghjklöä', 'yxcvbnm,.-'],
  ['1234567890)', 'azertyuiop', 'qsdfghjklm', 'wxcvbn,;:!'],
];

function neighbourPairs(rows: readonly string[]): string[] {
  const pairs: string[] = [];
  const keyAt = (row: number, column: number) => rows[row]?.[column];
  rows.forEach((keys, row) => {
    for (let column = 0; column < keys.length; column++) {
      const key = keys[column] as string;
      for (const other of [keyAt(row, column + 1), keyAt(row + 1, column - 1), keyAt(row + 1, column)]) {
        if (other) pairs.push(key + other, other + key);
      }
    }
  });
  return pairs;
}

/** Domains are ASCII: a table by character code, read in the innermost loop of every suggestion. */
const ASCII = 128;
const adjacent = new Uint8Array(ASCII * ASCII);
for (const pair of LAYOUTS.flatMap(neighbourPairs)) {
  const a = pair.charCodeAt(0);
  const b = pair.charCodeAt(1);
  if (a < ASCII && b < ASCII) adjacent[a * ASCII + b] = 1;
}

/** Whether two different keys, as character codes, touch on any of the layouts. */
export function areNeighbourKeys(a: number, b: number): boolean {
  return a < ASCII && b < ASCII && adjacent[a * ASCII + b] === 1;
}
