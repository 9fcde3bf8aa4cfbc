import { describe, it } from 'vitest';
import { encodeCloudflareEmail } from '#test/support/cloudflare-email.ts';
import { describeGrowth, expectLinearForAll } from '#test/support/linear-time.ts';
import { decodeCloudflareEmail } from './cloudflare.ts';

/**
 * What decoding Cloudflare's protected addresses costs, measured against itself in one run
 * (test/support/linear-time.ts). Apart from the tests of its answers, as mutation testing leaves
 * `*.speed.test.ts` out.
 */
describe("Cloudflare's hex is read in linear time", () => {
  it('hex of any pairs: 4× the string costs at most 6× the time', ({ annotate }) => {
    const worst = expectLinearForAll(decodeCloudflareEmail, [
      '5a',
      '1a',
      '00',
      'ff',
      '2A',
      '7f',
      '0',
      'g',
      '#',
    ]);
    annotate(`worst ${describeGrowth(worst, worst.seed)}`);
  });

  it('hex that decodes to a hostile `mailto:` target: 4× costs at most 6× the time', ({ annotate }) => {
    const worst = expectLinearForAll(
      decodeCloudflareEmail,
      ['-AT', ' at ', '@', 'a', '.', ',', '?', '&', 'to='],
      {
        wrap: (target) => encodeCloudflareEmail(target),
      },
    );
    annotate(`worst ${describeGrowth(worst, worst.seed)}`);
  });
});
