import { describe, it } from 'vitest';
import { describeGrowth, expectLinearForAll } from '#test/support/linear-time.ts';
import { parseLookupTarget } from './lookup-target.ts';

/**
 * What reading a lookup's target costs, measured against itself in one run (test/support/linear-time.ts):
 * what a person types or pastes, and what a request to the service holds. Apart from the tests of its
 * answers, as mutation testing leaves `*.speed.test.ts` out.
 */
describe('a lookup target is read in linear time', () => {
  it('an address or domain of any pieces: 4× the text costs at most 6× the time', ({ annotate }) => {
    const pieces = ['@', 'a', '.', '-', '"', '\\', ' ', 'é', 'xn--', '%', 'example.com', '..'];
    const worst = expectLinearForAll(parseLookupTarget, pieces);
    annotate(`worst ${describeGrowth(worst, worst.seed)}`);
  });
});
