import fc from 'fast-check';
import { expect, it } from 'vitest';
import { expectLinear } from './linear-time.ts';

/**
 * Any text: every code point (lone surrogates too), with the characters addresses are split on made common.
 * Built from code points because fast-check's own binary unit takes seconds to set up.
 */
export const anyText = fc.string({
  unit: fc.oneof(
    fc.constantFrom('@', '+', '.', '-', '_', ' ', '\u00a0', 'İ', 'ẞ'),
    fc.integer({ min: 0, max: 0x10ffff }).map((code) => String.fromCodePoint(code)),
  ),
});

/**
 * The tests of a function that reads an address a stranger wrote: whatever text it is given, it answers with
 * a value of `type` and never throws; and for each seed, repeated (then wrapped), 4× the text costs it at
 * most 6× the time (test/support/linear-time.ts).
 */
export function itReadsAnyText(
  read: (text: string) => unknown,
  type: 'string' | 'boolean',
  seeds: readonly (readonly [seed: string, wrap?: (repeated: string) => string])[],
): void {
  it('never throws, whatever it is given', () => {
    fc.assert(
      fc.property(anyText, (input) => {
        expect(typeof read(input)).toBe(type);
      }),
      { numRuns: 2000 },
    );
  });

  it('costs linear time on input a stranger wrote', () => {
    for (const [seed, wrap] of seeds) expectLinear(read, seed, wrap);
  });
}
