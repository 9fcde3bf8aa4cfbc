import { describe, it } from 'vitest';
import { expectLinear } from '#test/support/linear-time.ts';
import { suggestCorrection } from './suggest-correction.ts';

/**
 * A stranger writes the address: its cost must not grow with what they write. Apart from the tests of the
 * answers, as extract.speed.test.ts is (mutation testing leaves timing out).
 */
describe('suggestCorrection costs no more for a longer address', () => {
  it.each([
    ['a long local part', 'j', (repeated: string) => `${repeated}@gmial.com`],
    ['a long domain near a target', 'gmial.', (repeated: string) => `jane@${repeated}com`],
    ['a long run of dots and @', '.@', (repeated: string) => repeated],
  ])('%s', (_case, seed, wrap) => {
    expectLinear(suggestCorrection, seed, wrap);
  });
});
