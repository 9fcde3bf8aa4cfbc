import { describe, it } from 'vitest';
import { EXTRACTION_PIECES } from '#test/fixtures/extraction-pieces.ts';
import {
  describeGrowth,
  expectLastWindowIndependentOfLength,
  expectLinear,
  expectLinearForAll,
} from '#test/support/linear-time.ts';
import { extractEmails } from './extract.ts';

/**
 * What extraction costs, measured against itself in one run (test/support/linear-time.ts), so the machine's
 * speed cancels out. Kept apart from the tests of its answers: mutation testing leaves this file out
 * (vitest.mutation.config.ts), as instrumented code is too slow to time and a mutant that only slows
 * extraction changes no answer.
 */

describe('extractEmails runs in linear time', () => {
  it.for<[string, string]>([
    ['a run of a', 'a'],
    ['a run of @', '@'],
    ['a run of dots', '.'],
    ['a@ repeated', 'a@'],
    ['near-addresses', 'x@y.z '],
    ['labels without a top-level domain', 'a.b@c.'],
    ['a URL path of addresses', '//a/b@c.com:'],
    ['signs in local parts', '~a/b=c!d$e@'],
    ['keys before domains', 'k=a.com@x.co '],
    ['bounce addresses', 'p=t=a+b=c.com@x.co,'],
    ['paths', '/a/b@c.com '],
    ['mailto: after a URL', '//a,mailto:b@c.com,'],
    ['sentences run on after addresses', 'a@b.com.Next '],
    ['dashes after addresses', 'a@b.com--c '],
  ])('%s: 4× the text costs at most 6× the time', ([, seed], { annotate }) => {
    annotate(describeGrowth(expectLinear(extractEmails, seed), seed));
  });

  it('whatever text of such pieces: 4× the text costs at most 6× the time', ({ annotate }) => {
    const worst = expectLinearForAll(extractEmails, EXTRACTION_PIECES);
    annotate(`worst ${describeGrowth(worst, worst.seed)}`);
  });

  it('a window at the end of a long text costs what the same window alone does', ({ annotate }) => {
    const growth = expectLastWindowIndependentOfLength(extractEmails, 'a.a@', 1_024);
    annotate(describeGrowth(growth, 'a.a@, last window'));
  });
});
