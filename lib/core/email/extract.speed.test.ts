import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { extractEmails } from './extract.ts';

/**
 * What extraction costs, measured against itself in the same run so the machine's speed cancels out. Kept
 * apart from the tests of its answers: mutation testing leaves this file out (vitest.mutation.config.ts), as
 * instrumented code is too slow to time and a mutant that only slows extraction changes no answer.
 */
const timeOf = (text: string) => {
  const started = performance.now();
  extractEmails(text);
  return performance.now() - started;
};

describe('extractEmails runs in linear time', () => {
  /** Ordinary mail text with an address in every line, about 1 MB: what a page of this size costs. */
  const ordinary = 'Dear Jane, please write to jane.doe@example.com about the invoice.\n'.repeat(15_000);

  it.each([
    ['a run of a', 'a'.repeat(1_000_000)],
    ['a run of @', '@'.repeat(1_000_000)],
    ['a run of dots', '.'.repeat(1_000_000)],
    ['a@ repeated', 'a@'.repeat(500_000)],
    ['a.a repeated with @', `${'a.'.repeat(300_000)}@${'b.'.repeat(300_000)}`],
    ['near-addresses', 'x@y.z '.repeat(150_000)],
  ])('%s (1 MB) costs about what 1 MB of ordinary mail does, not its square', (_case, text) => {
    // A quadratic case would be thousands of times the reference, a linear one a few times at most.
    const reference = Math.min(timeOf(ordinary), timeOf(ordinary));
    expect(Math.min(timeOf(text), timeOf(text))).toBeLessThan(Math.max(reference, 1) * 50);
  });

  /** Text made of the pieces that make extraction look back and ahead the most. */
  const hardText = fc
    .array(fc.constantFrom('a', 'b.', '@', '..', '.', '-', ' ', 'x@y.com', 'logo@2x.png', '中', ':', '//'), {
      minLength: 20,
      maxLength: 200,
    })
    .map((tokens) => tokens.join(''));

  it('takes time linear in any such text: 16× the text costs far less than 256× the time', () => {
    fc.assert(
      fc.property(hardText, (seed) => {
        // The fastest of five runs: a run the machine preempted says nothing about the scan, and on a busy
        // machine three runs of the large text were all preempted (75× against the bound of 64).
        const time = (text: string) => Math.min(...Array.from({ length: 5 }, () => timeOf(text)));
        const small = seed.repeat(Math.ceil(20_000 / seed.length));
        const large = small.repeat(16);
        expect(time(large)).toBeLessThan(Math.max(time(small), 1) * 64);
      }),
      { numRuns: 15 },
    );
  });
});
