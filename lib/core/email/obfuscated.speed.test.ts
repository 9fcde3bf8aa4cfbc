import { describe, it } from 'vitest';
import {
  describeGrowth,
  expectLastWindowIndependentOfLength,
  expectLinear,
  expectLinearForAll,
} from '#test/support/linear-time.ts';
import { findEmails } from './obfuscated.ts';

/**
 * What reading addresses written for people costs, measured against itself in one run (test/support/
 * linear-time.ts). Each form's pieces are its own separators and what may stand between them: repeated,
 * they make each separator look back over a local part and ahead over a domain the most. Apart from the
 * tests of the answers, as mutation testing leaves `*.speed.test.ts` out.
 */
const FORMS: Record<string, readonly string[]> = {
  brackets: [
    'a',
    'jane',
    '.',
    '-',
    ' ',
    '\n   ',
    '[at]',
    '(at)',
    '{AT}',
    '<at>',
    '[ at ]',
    '[@]',
    '[dot]',
    ' (dot) ',
    'example',
    'com',
    '[',
    ')',
  ],
  words: [
    '-AT-',
    '_AT_',
    ' AT ',
    ' DOT ',
    ' dot ',
    ' minus ',
    ' [underscore] ',
    'a',
    'X',
    '-',
    '_',
    '.',
    "'",
    ' ',
    'example',
    'com',
  ],
  list: [
    ' at ',
    '\u00a0at\u00a0',
    ' ',
    'a',
    'jane.doe',
    '.',
    '-',
    'b-c-d',
    'example',
    'org',
    ' dot ',
    '<',
    '>',
    '(',
    ')',
  ],
  spaced: [' @ ', '@', ' ', '\u00a0', 'a', '.', '-', 'b.co', 'NOSPAM', '<', '>', 'x@y.com', '@ '],
};

describe('addresses written for people are read in linear time', () => {
  it.for(Object.entries(FORMS))('%s: 4× the text costs at most 6× the time', ([, pieces], { annotate }) => {
    const worst = expectLinearForAll((text) => findEmails(text), pieces, { numRuns: 8 });
    annotate(`worst ${describeGrowth(worst, worst.seed)}`);
  });

  it('`-AT` repeated, where every separator is made of local-part characters', ({ annotate }) => {
    annotate(
      describeGrowth(
        expectLinear((text) => findEmails(text), '-AT'),
        '-AT',
      ),
    );
  });

  it('`x-AT-a.` repeated, where every separator is inside the domain of the one before', ({ annotate }) => {
    annotate(
      describeGrowth(
        expectLinear((text) => findEmails(text), 'x-AT-a.'),
        'x-AT-a.',
      ),
    );
  });

  it('a window at the end of a long text costs what the same window alone does', ({ annotate }) => {
    // Three windows of text already: the window at its end must cost the same when the text before it grows.
    const growth = expectLastWindowIndependentOfLength(findEmails, '-AT', 4_096);
    annotate(describeGrowth(growth, '-AT, last window'));
  });
});
