import { describe, expect, it } from 'vitest';
import { domainOf } from '#core/email/extract.ts';
import messages from '../../public/_locales/en/messages.json';
import { BROWSERS } from '../support/driver.ts';
import { useBrowserStack } from '../support/extension-stack.ts';

/**
 * A 429 end to end, in each browser: the real service with a tiny limit per key answers the lookup past it
 * with 429 and Retry-After; the card says so with the service's seconds, its "Try again" asks nothing
 * until they have passed, and the 429 was never cached: the address is looked up once the window is over.
 *
 * The service's limits count requests in fixed windows of the clock (server/rate-limiter.ts: each starts at
 * a multiple of the window), so the test starts its hovers as a window starts, and checks they all fell in
 * it. On a machine too slow for that, it tries again with fresh addresses in the next window.
 */

const LIMIT = 2;
const WINDOW_SECONDS = 8;
const WINDOW_MS = WINDOW_SECONDS * 1000;
/** Hovers start this soon after a window starts, at the latest. */
const WINDOW_START_SLACK_MS = 500;
const ATTEMPTS = 3;

/** Fresh domains, each a Google Workspace customer (`*.bench-customer.example.com`). */
const address = (attempt: number, i: number) => `p${i}@rate-${attempt}-${i}.bench-customer.example.com`;
const ADDRESSES = Array.from({ length: ATTEMPTS }, (_, attempt) =>
  Array.from({ length: LIMIT + 1 }, (_, i) => address(attempt, i)),
).flat();
const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Rate limit</title></head><body>
${ADDRESSES.map((line) => `<p>Write to ${line} today.</p>`).join('\n')}
</body></html>`;

const windowOf = (time: number) => Math.floor(time / WINDOW_MS);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits, reading the clock, until a window of the service's limits has just started. */
async function startOfWindow(): Promise<void> {
  while (Date.now() % WINDOW_MS > WINDOW_START_SLACK_MS) await sleep(20);
}

describe.each(BROWSERS)('a 429 from the real service in %s', (name) => {
  const suite = useBrowserStack(name, {
    credits: 100,
    page: { html: PAGE, addresses: ADDRESSES.length },
    serviceEnv: { RATE_LIMIT_PER_KEY: String(LIMIT), RATE_LIMIT_WINDOW_SECONDS: String(WINDOW_SECONDS) },
  });
  const hover = (address: string) => suite.page.showCardOf(address);
  const card = () => suite.page.card;

  const tryAgainDisabled = () =>
    card().run(
      (root) => root?.querySelector<HTMLButtonElement>('[data-testid="look-up"]')?.disabled ?? null,
      null,
    );

  /** The service's last answer to the extension, as the proxy saw it. */
  const lastAnswer = () => suite.backend.proxy.requests.at(-1)?.response;

  /**
   * Hovers LIMIT + 1 fresh addresses in one window of the service's limits; the address past the limit,
   * once all of them fell in one window.
   */
  async function hoverPastTheLimit(): Promise<string> {
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      await startOfWindow();
      const started = Date.now();
      for (let i = 0; i < LIMIT; i++) {
        await hover(address(attempt, i));
        expect(await card().text('provider-nice-name')).toBe('Google Workspace');
      }
      await hover(address(attempt, LIMIT));
      if (windowOf(Date.now()) === windowOf(started)) return address(attempt, LIMIT);
    }
    throw new Error(`${LIMIT + 1} hovers never fell within one window of ${WINDOW_SECONDS} s`);
  }

  it(`the lookup past ${LIMIT} a window says too many lookups for the service's seconds; Try again waits for them; then the address is looked up`, async () => {
    const over = await hoverPastTheLimit();
    // One read: the title and the seconds, as the card first shows them.
    const shown = (await card().text('error-message')) ?? '';
    expect(shown).toMatch(
      new RegExp(`^${messages.stateRateLimitedTitle.message}Try again in \\d+ seconds?\\.$`),
    );
    const seconds = Number(/in (\d+) s/.exec(shown)?.[1]);
    expect(lastAnswer()?.status).toBe(429);
    const retryAfter = Number(lastAnswer()?.retryAfter);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(retryAfter);
    expect(retryAfter).toBeLessThanOrEqual(WINDOW_SECONDS);
    expect(suite.backend.proxy.countFor(domainOf(over))).toBe(1);

    // Right after the 429, Try again cannot be pressed: a person's click asks nothing.
    expect(await tryAgainDisabled()).toBe(true);
    await card().click('look-up');
    await expect
      .poll(() => card().text('error-message'), { timeout: WINDOW_MS + 15_000 })
      .toContain(messages.stateRateLimitedOver.message);
    expect(await tryAgainDisabled()).toBe(false);
    expect(suite.backend.proxy.countFor(domainOf(over))).toBe(1);

    // The window is over, and the 429 was not cached: a hover on the address asks the service again.
    await hover(over);
    expect(await card().text('provider-nice-name')).toBe('Google Workspace');
    expect(suite.backend.proxy.countFor(domainOf(over))).toBe(2);
    expect(lastAnswer()?.status).toBe(200);
  }, 120_000);
});
