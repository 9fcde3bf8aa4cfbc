import { describe, it } from 'vitest';
import { describeGrowth, expectLinear, expectLinearForAll } from '#test/support/linear-time.ts';
import { parseMailto } from './mailto.ts';

/**
 * What reading a `mailto:` link costs, measured against itself in one run (test/support/linear-time.ts).
 * Apart from the tests of its answers, as mutation testing leaves `*.speed.test.ts` out.
 */

/** The URL's own delimiters, percent-escapes, and the forms a recipient may be written in. */
const PIECES = [
  ',',
  '?',
  '&',
  '=',
  'to=',
  'cc=',
  '%',
  '%40',
  '%2C',
  '%20',
  '%5BAT%5D',
  '@',
  'a',
  '.',
  '-AT',
  ' at ',
  '[at]',
  '<',
  '>',
  ' ',
  'x@y.com',
  'a.b',
];

const asLink = (repeated: string) => `mailto:${repeated}`;

/** Each `#` a different number: a link to many different recipients. */
function numbered(repeated: string): string {
  let next = 0;
  return asLink(repeated.replace(/#/g, () => (next++).toString(36)));
}

describe('a mailto: link is read in linear time', () => {
  it('whatever it is made of: 4× the link costs at most 6× the time', ({ annotate }) => {
    const worst = expectLinearForAll(parseMailto, PIECES, { wrap: asLink });
    annotate(`worst ${describeGrowth(worst, worst.seed)}`);
  });

  it('a long link of `-AT`, whose every separator is made of local-part characters', ({ annotate }) => {
    annotate(describeGrowth(expectLinear(parseMailto, '-AT', asLink), 'mailto:-AT'));
  });

  it('a link to thousands of different recipients, each kept once', ({ annotate }) => {
    annotate(
      describeGrowth(expectLinear(parseMailto, 'u#@example.com,', numbered), 'mailto:u#@example.com,'),
    );
  });
});
