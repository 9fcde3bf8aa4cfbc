import { describe, it } from 'vitest';
import { describeGrowth, expectLinear, expectLinearForAll } from '#test/support/linear-time.ts';
import { readBalance } from './balance.ts';
import { findTopUpUrl } from './client.ts';
import { notFoundReason } from './outcome.ts';

/**
 * What reading the service's messages costs, measured against itself in one run (test/support/
 * linear-time.ts): a hostile or broken service may send up to MAX_RESPONSE_BYTES of message. Apart from the
 * tests of its answers, as mutation testing leaves `*.speed.test.ts` out.
 */
describe("the service's messages are read in linear time", () => {
  it('a billing message, looked through for its top-up link: 4× costs at most 6× the time', ({
    annotate,
  }) => {
    const pieces = [
      'https://',
      'http://',
      '.',
      ',',
      ';',
      ':',
      '!',
      '?',
      ')',
      ']',
      '/',
      'a',
      ' ',
      '"',
      '<',
      '%',
      'x.com',
    ];
    const worst = expectLinearForAll(findTopUpUrl, pieces);
    annotate(`worst ${describeGrowth(worst, worst.seed)}`);
  });

  it('a link followed by a long run of dots and one letter, as a 401 message may be', ({ annotate }) => {
    const growth = expectLinear(findTopUpUrl, '.', (dots) => `Top up at https://x.example/${dots}a`);
    annotate(describeGrowth(growth, 'https://x.example/….a'));
  });

  it('a 404 message, read for its meaning: 4× costs at most 6× the time', ({ annotate }) => {
    const pieces = [
      'domain missing',
      ' or no mx records',
      'unrecognised',
      'unrecognized',
      ' provider',
      ' ',
      'a',
      '-',
    ];
    const worst = expectLinearForAll(notFoundReason, pieces);
    annotate(`worst ${describeGrowth(worst, worst.seed)}`);
  });

  it('the balance headers, read for their figures and date: 4× costs at most 6× the time', ({ annotate }) => {
    const pieces = ['2026-12-31', 'T', '23:59:59', '.000', 'Z', '+01:00', '-', ':', '0', '9', ' ', ','];
    const read = (text: string) =>
      readBalance(
        new Headers({
          'Webmail-Credits-Remaining': text,
          'Webmail-Subscription-Remaining': text,
          'Webmail-Subscription-Ends': text,
        }),
        { credits_remaining: text, subscription_ends_at: text },
      );
    const worst = expectLinearForAll(read, pieces);
    annotate(`worst ${describeGrowth(worst, worst.seed)}`);
  });
});
