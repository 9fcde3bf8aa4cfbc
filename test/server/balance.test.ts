import { describe, expect, it } from 'vitest';
import { type AnswerBalance, balanceOf } from '../support/balance.ts';
import { FREE_LOOKUPS, type ServiceProcess } from '../support/service-process.ts';
import { BACKENDS, serviceStacksForFile } from '../support/service-stack.ts';

/**
 * What an answer says is left, as a client meets it: real processes, real DNS on loopback, a real database.
 * Every answer to a known key carries the account's credits (and a running subscription's lookups and end)
 * in headers; a 200 carries them in `data` too. Figures are exact, after the answer's own charge.
 */
const stacks = serviceStacksForFile();
const HOUR_WINDOW = { RATE_LIMIT_WINDOW_SECONDS: '3600' };
/** Cached by a first lookup in each test that needs it, so a burst waits on billing alone. */
const CACHED = ['gmail.com', 'workspace-customer.example.com', 'm365-customer.example.com', 'duck.com'];

/** The balance of an answer that shows credits alone, in its headers and, for a 200, in its data. */
function creditsOnly(credits: number, withData: boolean): AnswerBalance {
  return {
    headers: { credits, subscriptionRemaining: null, subscriptionEnds: null },
    data: withData ? { credits, subscriptionRemaining: undefined, subscriptionEnds: undefined } : null,
  };
}

const NOTHING_SHOWN: AnswerBalance = {
  headers: { credits: null, subscriptionRemaining: null, subscriptionEnds: null },
  data: null,
};

describe.each(BACKENDS)('the balance in view, on %s', (backend) => {
  const stack = stacks.useStack(backend, { env: HOUR_WINDOW });

  async function cacheDomains(service: ServiceProcess): Promise<void> {
    const warmUp = await service.createKey({ credits: CACHED.length });
    for (const email of CACHED) expect((await service.lookup({ email }, warmUp)).status).toBe(200);
  }

  /** The account behind a key, as the database numbers it. */
  async function accountOf(service: ServiceProcess, key: string): Promise<number> {
    return Number(
      await service.queryValue(`SELECT account_id FROM api_keys WHERE key_prefix = '${key.slice(0, 11)}'`),
    );
  }

  it('falls by one with each charged lookup, cached or not, in the headers and in data', async () => {
    const key = await stack.service.createKey({ credits: 3 });
    const asked = ['a@gmail.com', 'b@new-workspace-customer.example.com', 'c@gmail.com'];
    const answers = await stack.service.lookUpEach(asked, key);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(answers.map(balanceOf)).toEqual([
      creditsOnly(2, true),
      creditsOnly(1, true),
      creditsOnly(0, true),
    ]);
    const refused = await stack.service.lookup({ email: 'gmail.com' }, key);
    expect(refused.status).toBe(401);
    expect(balanceOf(refused)).toEqual(creditsOnly(0, false));
  });

  it('stays the same on answers that cost nothing: 400, 404 without MX or provider, 500', async () => {
    const key = await stack.service.createKey({ credits: 5 });
    const free = await stack.service.lookUpEach(FREE_LOOKUPS.emails, key);
    expect(free.map((answer) => answer.status)).toEqual(FREE_LOOKUPS.statuses);
    for (const answer of free) expect(balanceOf(answer)).toEqual(creditsOnly(5, false));
    // Cached now: a 404 from the cache shows the same.
    expect(balanceOf(await stack.service.lookup({ email: 'no-mx.example.com' }, key))).toEqual(
      creditsOnly(5, false),
    );
    expect(balanceOf(await stack.service.lookup({ email: 'gmail.com' }, key))).toEqual(creditsOnly(4, true));
  });

  it('shows a running subscription: its lookups left, its end, and credits kept while it pays', async () => {
    const key = await stack.service.createKey({ credits: 1, subscriptionDays: 30, allowance: 2 });
    const account = await accountOf(stack.service, key);
    const endsAt = Number(
      await stack.service.queryValue(`SELECT subscription_expires_at FROM accounts WHERE id = ${account}`),
    );
    const ends = new Date(endsAt).toISOString();
    expect(ends).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const shown = (credits: number, remaining: number, withData: boolean): AnswerBalance => ({
      headers: { credits, subscriptionRemaining: remaining, subscriptionEnds: ends },
      data: withData ? { credits, subscriptionRemaining: remaining, subscriptionEnds: ends } : null,
    });
    const answers = await stack.service.lookUpEach(Array(4).fill('gmail.com'), key);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 401]);
    expect(answers.map(balanceOf)).toEqual([
      shown(1, 1, true),
      shown(1, 0, true),
      shown(0, 0, true),
      shown(0, 0, false),
    ]);

    await stack.service.execute(
      `UPDATE accounts SET subscription_expires_at = ${Date.now() - 1000}, credits = 2 WHERE id = ${account}`,
    );
    const lapsed = await stack.service.lookup({ email: 'gmail.com' }, key);
    expect(lapsed.status).toBe(200);
    expect(balanceOf(lapsed)).toEqual(creditsOnly(1, true));
  });

  it('is shown to no request whose key is unknown or missing, or refused before the key is read', async () => {
    const key = await stack.service.createKey({ credits: 5 });
    const unknown = await stack.service.lookup({ email: 'gmail.com' }, 'wl_no-such-key');
    const missing = await stack.service.lookup({ email: 'gmail.com' }, null);
    const wrongMethod = await stack.service.lookup(undefined, key, { method: 'GET', body: null });
    expect([unknown.status, missing.status, wrongMethod.status]).toEqual([401, 401, 405]);
    for (const answer of [unknown, missing, wrongMethod]) expect(balanceOf(answer)).toEqual(NOTHING_SHOWN);
  });

  it('is the asking account’s own on an answer from the cache, and the cache keeps no balance', async () => {
    await cacheDomains(stack.service);
    const small = await stack.service.createKey({ credits: 10 });
    const large = await stack.service.createKey({ credits: 1_000 });
    const credits = [];
    for (const key of [small, large, small, large]) {
      credits.push(balanceOf(await stack.service.lookup({ email: 'gmail.com' }, key)).data?.credits);
    }
    expect(credits).toEqual([9, 999, 8, 998]);
    const stored = String(
      await stack.service.queryValue("SELECT body FROM lookup_cache WHERE domain = 'gmail.com'"),
    );
    expect(stored).toContain('Gmail');
    expect(stored).not.toContain('remaining');
  });

  it('gives each answer of a burst its own exact figure, as the charges add up', async () => {
    await cacheDomains(stack.service);
    const key = await stack.service.createKey({ credits: 40 });
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) => stack.service.lookup({ email: CACHED[i % CACHED.length] }, key)),
    );
    const paid = answers.filter((answer) => answer.status === 200).map(balanceOf);
    const refused = answers.filter((answer) => answer.status === 401).map(balanceOf);
    expect(paid.map((balance) => balance.data?.credits).sort((a, b) => Number(a) - Number(b))).toEqual(
      Array.from({ length: 40 }, (_, i) => i),
    );
    for (const balance of paid) expect(balance.headers.credits).toBe(balance.data?.credits);
    expect(refused).toHaveLength(20);
    for (const balance of refused) expect(balance).toEqual(creditsOnly(0, false));
  });

  it('stays exact across two processes sharing the database', async () => {
    const other = await stack.startService({ ...stack.service.databaseEnv });
    await cacheDomains(stack.service);
    const key = await stack.service.createKey({ credits: 30 });
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        (i % 2 === 0 ? stack.service : other).lookup({ email: CACHED[i % CACHED.length] }, key),
      ),
    );
    const figures = answers
      .filter((answer) => answer.status === 200)
      .map((answer) => balanceOf(answer).data?.credits)
      .sort((a, b) => Number(a) - Number(b));
    expect(figures).toEqual(Array.from({ length: 30 }, (_, i) => i));
    expect((await stack.service.balance(key)).credits).toBe(0);
  });

  it('is shown on a 429 after the key was read, and on none before', async () => {
    const limited = await stack.startService({ RATE_LIMIT_PER_KEY: '2', RATE_LIMIT_WITHOUT_KEY: '1' });
    const key = await limited.createKey({ credits: 10 });
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await limited.lookup({ email: 'gmail.com' }, key));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 429]);
    expect(answers.map(balanceOf)).toEqual([
      creditsOnly(9, true),
      creditsOnly(8, true),
      creditsOnly(8, false),
    ]);
    const guesses = [];
    for (let i = 0; i < 2; i++) guesses.push(await limited.lookup({ email: 'gmail.com' }, 'wl_guess'));
    expect(guesses.map((answer) => answer.status)).toEqual([401, 429]);
    for (const answer of guesses) expect(balanceOf(answer)).toEqual(NOTHING_SHOWN);
  });
});
