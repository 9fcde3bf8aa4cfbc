import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { Balance } from '#core/api/balance.ts';
import type { ClientOutcome } from '#core/api/outcome.ts';
import { MAX_KEPT_BALANCES } from '#extension/limits.ts';
import { HOSTED_GMAIL_INFO } from '#test/fixtures/hosted-examples.ts';
import { refuseWrites, storedItems } from '#test/support/fake-storage.ts';
import { Balances, balanceOwner } from './balances.ts';

beforeEach(() => {
  fakeBrowser.reset();
  vi.restoreAllMocks();
});

const OURS = { baseUrl: 'http://127.0.0.1:8787', apiKey: 'wl_live_ours' };
const FOUND = (balance: Balance | null): ClientOutcome => ({
  kind: 'found',
  info: HOSTED_GMAIL_INFO,
  message: 'ok',
  balance,
});
const CREDITS = (credits: number): Balance => ({ credits, subscription: null });
/** When a request alone on its way was sent: after every answer before it had arrived. */
const ALONE = Number.POSITIVE_INFINITY;

/** Balances whose clock reads what the test sets. */
function setup() {
  const clock = { now: 1_000 };
  return { balances: new Balances(() => clock.now), clock };
}

describe('the balance the service last stated', () => {
  it('is kept with when it was seen, and given back for the same service and key', async () => {
    const { balances, clock } = setup();
    clock.now = 5_000;
    await balances.note(
      OURS,
      FOUND({ credits: 41, subscription: { remaining: 7, endsAt: '2026-12-31T00:00:00.000Z' } }),
      ALONE,
    );
    expect(await balances.of(OURS)).toEqual({
      credits: 41,
      subscription: { remaining: 7, endsAt: '2026-12-31T00:00:00.000Z' },
      seenAt: 5_000,
    });
  });

  it('is none before any answer stated one', async () => {
    expect(await setup().balances.of(OURS)).toBeNull();
  });

  it('never shows for another key, nor for the same key at another service', async () => {
    const { balances } = setup();
    await balances.note(OURS, FOUND(CREDITS(41)), ALONE);
    expect(await balances.of({ ...OURS, apiKey: 'wl_live_theirs' })).toBeNull();
    expect(await balances.of({ ...OURS, baseUrl: 'https://webmaillookup.com' })).toBeNull();
    // The same address written with a slash after it is the same service.
    expect(await balances.of({ ...OURS, baseUrl: `${OURS.baseUrl}/` })).toMatchObject({ credits: 41 });
  });

  it('keeps each key its own figure', async () => {
    const { balances } = setup();
    const theirs = { ...OURS, apiKey: 'wl_live_theirs' };
    await balances.note(OURS, FOUND(CREDITS(41)), ALONE);
    await balances.note(theirs, FOUND(CREDITS(3)), ALONE);
    expect(await balances.of(OURS)).toMatchObject({ credits: 41 });
    expect(await balances.of(theirs)).toMatchObject({ credits: 3 });
  });

  it('falls with each answer that says less is left', async () => {
    const { balances, clock } = setup();
    await balances.note(OURS, FOUND(CREDITS(41)), ALONE);
    clock.now = 2_000;
    await balances.note(OURS, FOUND(CREDITS(40)), ALONE);
    expect(await balances.of(OURS)).toEqual({ credits: 40, subscription: null, seenAt: 2_000 });
  });

  it('stays as it was, with its age, after an answer that says nothing of it', async () => {
    const { balances, clock } = setup();
    await balances.note(OURS, FOUND(CREDITS(41)), ALONE);
    clock.now = 9_000;
    await balances.note(OURS, FOUND(null), ALONE);
    await balances.note(OURS, { kind: 'network-error', message: 'no', balance: null }, ALONE);
    expect(await balances.of(OURS)).toEqual({ credits: 41, subscription: null, seenAt: 1_000 });
  });

  it('is forgotten when the service says the key does not exist', async () => {
    const { balances } = setup();
    await balances.note(OURS, FOUND(CREDITS(41)), ALONE);
    await balances.note(OURS, { kind: 'unknown-key', message: 'Unauthorised', balance: null }, ALONE);
    expect(await balances.of(OURS)).toBeNull();
  });

  it('keeps the last of answers that come at once, losing no other key’s', async () => {
    // A worker started again reads storage first; a slow read is when two answers could both start from it.
    const get = fakeBrowser.storage.local.get;
    vi.spyOn(fakeBrowser.storage.local, 'get').mockImplementation(async (keys) => {
      const value = await get(keys);
      await new Promise((resolve) => setTimeout(resolve, 20));
      return value;
    });
    const { balances } = setup();
    const theirs = { ...OURS, apiKey: 'wl_live_theirs' };
    await Promise.all([
      balances.note(theirs, FOUND(CREDITS(3)), ALONE),
      ...[10, 9, 8, 7].map((credits) => balances.note(OURS, FOUND(CREDITS(credits)), 0)),
    ]);
    expect(await balances.of(OURS)).toMatchObject({ credits: 7 });
    expect(await balances.of(theirs)).toMatchObject({ credits: 3 });
  });

  it('keeps the lower figure of answers whose requests were on their way together, whatever their order', async () => {
    const { balances, clock } = setup();
    clock.now = 10;
    // Four requests sent at 5; the service charged them in some order; their answers arrive in another.
    for (const credits of [9, 7, 10, 8]) {
      clock.now += 1;
      await balances.note(OURS, FOUND(CREDITS(credits)), 5);
    }
    expect(await balances.of(OURS)).toEqual({ credits: 7, subscription: null, seenAt: 14 });
  });

  it('takes the figure of a request sent after the last answer arrived, a top-up’s higher one too', async () => {
    const { balances, clock } = setup();
    clock.now = 10;
    await balances.note(OURS, FOUND(CREDITS(7)), 5);
    clock.now = 20;
    await balances.note(OURS, FOUND(CREDITS(500)), 11);
    expect(await balances.of(OURS)).toMatchObject({ credits: 500, seenAt: 20 });
  });

  it("keeps a plan's lower count of lookups from answers on their way together", async () => {
    const { balances, clock } = setup();
    const plan = (remaining: number) => ({ remaining, endsAt: '2026-12-31T00:00:00.000Z' });
    clock.now = 10;
    await balances.note(OURS, FOUND({ credits: 0, subscription: plan(3) }), 5);
    clock.now = 11;
    await balances.note(OURS, FOUND({ credits: 0, subscription: plan(4) }), 5);
    expect(await balances.of(OURS)).toMatchObject({ subscription: plan(3) });
  });

  it(`keeps the ${MAX_KEPT_BALANCES} keys used last`, async () => {
    const { balances } = setup();
    const keys = Array.from({ length: MAX_KEPT_BALANCES + 1 }, (_, index) => ({
      ...OURS,
      apiKey: `wl_${index}`,
    }));
    for (const key of keys) await balances.note(key, FOUND(CREDITS(1)), ALONE);
    expect(await balances.of(keys[0] ?? OURS)).toBeNull();
    for (const key of keys.slice(1)) expect(await balances.of(key)).toMatchObject({ credits: 1 });
  });

  it('outlives the worker: a worker started again shows it', async () => {
    await setup().balances.note(OURS, FOUND(CREDITS(41)), ALONE);
    expect(await setup().balances.of(OURS)).toMatchObject({ credits: 41, seenAt: 1_000 });
  });

  it('is stored by a hash of the service and key, never with the key', async () => {
    await setup().balances.note(OURS, FOUND(CREDITS(41)), ALONE);
    const stored = JSON.stringify(await storedItems());
    expect(stored).not.toContain(OURS.apiKey);
    expect(stored).toContain(await balanceOwner(OURS));
    expect(await balanceOwner(OURS)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('still shows while the worker runs when storage is full', async () => {
    refuseWrites();
    const { balances } = setup();
    await balances.note(OURS, FOUND(CREDITS(41)), ALONE);
    expect(await balances.of(OURS)).toMatchObject({ credits: 41 });
  });

  it('never fails the lookup whose balance it keeps', async () => {
    const { balances } = setup();
    vi.spyOn(crypto.subtle, 'digest').mockRejectedValue(new Error('no digest'));
    const outcome = FOUND(CREDITS(41));
    expect(await balances.noted(OURS, Promise.resolve(outcome))).toBe(outcome);
  });
});
