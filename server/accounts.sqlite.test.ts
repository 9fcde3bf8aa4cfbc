import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import {
  Accounts,
  type AccountsOptions,
  type Charge,
  DEFAULT_KEY_MEMORY_MS,
  DEFAULT_SUBSCRIPTION_ALLOWANCE,
  hashKey,
  REMEMBERED_KEYS,
} from './accounts.ts';
import { openSqliteStorage } from './storage/sqlite.ts';
import type { Charged, PayingBalance, Storage } from './storage/storage.ts';

/**
 * What accounts.ts does itself, whatever the backend: the keys it remembers, how it batches charges, what
 * it asks storage to create and top up. Over an in-memory SQLite database, with no PostgreSQL server to
 * start: accounts.test.ts runs the billing on both backends.
 */

const DAY = 24 * 3600 * 1000;
const START = Date.UTC(2026, 0, 1);

const opened: Storage[] = [];
afterEach(() => {
  for (const storage of opened.splice(0)) storage.close();
});

/** The storage with some of its methods replaced; the others are its own. */
function withMethods(storage: Storage, methods: Partial<Storage>): Storage {
  return new Proxy(storage, {
    get(target, name) {
      const owner = name in methods ? methods : target;
      const value = Reflect.get(owner, name);
      return typeof value === 'function' ? value.bind(owner) : value;
    },
  });
}

/** Accounts over a fresh database, with a clock the test moves; `replace` may replace the database's methods. */
function setup(replace: (database: Storage) => Partial<Storage> = () => ({}), options: AccountsOptions = {}) {
  let time = START;
  const database = openSqliteStorage(':memory:');
  opened.push(database);
  const storage = withMethods(database, replace(database));
  return {
    accounts: new Accounts(storage, { now: () => time, ...options }),
    database,
    advance: (ms: number) => (time += ms),
  };
}

/** Whether a charge was paid, once it is committed. */
async function paid(charge: Promise<Charge>): Promise<boolean> {
  return (await charge).paid;
}

async function accountOf(accounts: Accounts, key: string): Promise<number> {
  return (await accounts.accountForKey(key)) ?? expect.unreachable(`no account for ${key}`);
}

describe('keys', () => {
  it('are stored as their SHA-256 in hex, as every database written so far holds them', () => {
    const key = 'wl_a-key-for-the-test';
    expect(hashKey(key)).toBe(createHash('sha256').update(key, 'utf8').digest('hex'));
    expect(hashKey(key)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('are made up as wl_ and 32 URL-safe characters, each time another, unless one is given', async () => {
    const { accounts } = setup();
    const made = [await accounts.create({ credits: 0 }), await accounts.create({ credits: 0 })];
    for (const key of made) expect(key).toMatch(/^wl_[A-Za-z0-9_-]{32}$/);
    expect(made[0]).not.toBe(made[1]);
    expect(await accounts.create({ credits: 0, key: 'demo-key-for-the-test' })).toBe('demo-key-for-the-test');
    expect(await accounts.accountForKey('demo-key-for-the-test')).not.toBeNull();
  });

  it('are listed by their first eleven characters only', async () => {
    const { accounts } = setup();
    const key = await accounts.create({ credits: 0 });
    expect((await accounts.list()).map((row) => row.keyPrefix)).toEqual([key.slice(0, 'wl_'.length + 8)]);
  });

  it('are trusted from memory for keyMemoryMs after a check, then asked of the database again', async () => {
    const { accounts, advance } = setup(undefined, { keyMemoryMs: 1_000 });
    const key = await accounts.create({ credits: 1 });
    expect(accounts.knows(key)).toBe(false);
    const id = await accountOf(accounts, key);
    expect(accounts.knows(key)).toBe(true);
    await accounts.revoke({ key });
    advance(999);
    expect(await accounts.accountForKey(key)).toBe(id);
    advance(1);
    expect(accounts.knows(key)).toBe(false);
    expect(await accounts.accountForKey(key)).toBeNull();
  });

  it('are trusted from memory for 30 s unless told otherwise', async () => {
    const { accounts, advance } = setup();
    const key = await accounts.create({ credits: 1 });
    await accountOf(accounts, key);
    advance(DEFAULT_KEY_MEMORY_MS - 1);
    expect(accounts.knows(key)).toBe(true);
    advance(1);
    expect(accounts.knows(key)).toBe(false);
  });

  it('are forgotten once the database no longer finds them, so a clock set back brings none back', async () => {
    const { accounts, advance } = setup(undefined, { keyMemoryMs: 1_000 });
    const key = await accounts.create({ credits: 1 });
    await accountOf(accounts, key);
    await accounts.revoke({ key });
    advance(1_000);
    expect(await accounts.accountForKey(key)).toBeNull();
    advance(-1_000);
    expect(accounts.knows(key)).toBe(false);
  });

  it('are revoked one at a time, or every key of an account at once, each counted once', async () => {
    const { accounts, advance } = setup(undefined, { keyMemoryMs: 0 });
    const kept = await accounts.create({ credits: 1 });
    const revoked = await accounts.create({ credits: 1 });
    const keptId = await accountOf(accounts, kept);
    expect(await accounts.revoke({ key: revoked })).toBe(1);
    expect(await accounts.revoke({ key: revoked })).toBe(0);
    advance(1);
    expect(await accounts.accountForKey(revoked)).toBeNull();
    expect(await accounts.accountForKey(kept)).toBe(keptId);
    expect(await accounts.revoke({ accountId: keptId })).toBe(1);
    expect(await accounts.accountForKey(kept)).toBeNull();
    expect((await accounts.list()).map((row) => row.revokedAt)).toEqual([START + 1, START]);
  });

  it('are remembered together, up to REMEMBERED_KEYS: the next one found starts the memory again', async () => {
    const { accounts } = setup(() => ({ accountIdForKeyHash: async () => 1 }));
    const keys = Array.from({ length: REMEMBERED_KEYS + 1 }, (_, i) => `wl_key${i}`);
    const [first = '', last = ''] = [keys[0], keys[REMEMBERED_KEYS]];
    for (const key of keys.slice(0, REMEMBERED_KEYS)) await accounts.accountForKey(key);
    expect(keys.slice(0, REMEMBERED_KEYS).every((key) => accounts.knows(key))).toBe(true);
    await accounts.accountForKey(last);
    expect([accounts.knows(first), accounts.knows(last)]).toEqual([false, true]);
  });
});

describe('creating and topping up', () => {
  it('gives a new account its credits, and a subscription only when days are asked for', async () => {
    const { accounts } = setup();
    await accounts.create({ credits: 7 });
    await accounts.create({ credits: 0, subscriptionDays: 30 });
    await accounts.create({ credits: 0, subscriptionDays: 1, allowance: 50 });
    await accounts.create({ credits: 0, allowance: 50 });
    expect(
      (await accounts.list()).map(({ credits, subscriptionExpiresAt, subscriptionAllowance }) => ({
        credits,
        subscriptionExpiresAt,
        subscriptionAllowance,
      })),
    ).toEqual([
      { credits: 7, subscriptionExpiresAt: null, subscriptionAllowance: 0 },
      {
        credits: 0,
        subscriptionExpiresAt: START + 30 * DAY,
        subscriptionAllowance: DEFAULT_SUBSCRIPTION_ALLOWANCE,
      },
      { credits: 0, subscriptionExpiresAt: START + DAY, subscriptionAllowance: 50 },
      { credits: 0, subscriptionExpiresAt: null, subscriptionAllowance: 0 },
    ]);
  });

  it('adds credits alone, days alone (with the default allowance unless told), or both', async () => {
    const { accounts } = setup();
    const key = await accounts.create({ credits: 1 });
    expect(await accounts.topUp(key, { credits: 4 })).toBe(true);
    expect((await accounts.list())[0]).toMatchObject({ credits: 5, subscriptionExpiresAt: null });
    await accounts.topUp(key, { subscriptionDays: 2 });
    expect((await accounts.list())[0]).toMatchObject({
      credits: 5,
      subscriptionExpiresAt: START + 2 * DAY,
      subscriptionAllowance: DEFAULT_SUBSCRIPTION_ALLOWANCE,
    });
    await accounts.topUp(key, { credits: 1, subscriptionDays: 1, allowance: 10 });
    expect((await accounts.list())[0]).toMatchObject({
      credits: 6,
      subscriptionExpiresAt: START + 3 * DAY,
      subscriptionAllowance: DEFAULT_SUBSCRIPTION_ALLOWANCE + 10,
    });
  });

  it('asks whether an account can pay at the time it is asked', async () => {
    const { accounts, advance } = setup();
    const id = await accountOf(accounts, await accounts.create({ credits: 0, subscriptionDays: 1 }));
    advance(DAY - 1);
    expect((await accounts.standing(id))?.canPay).toBe(true);
    advance(1);
    expect((await accounts.standing(id))?.canPay).toBe(false);
  });
});

describe('charges', () => {
  it('are not paid for an account that does not exist', async () => {
    const { accounts } = setup();
    expect(await accounts.charge(404)).toEqual({ paid: false, balance: null });
  });

  it('asked in one turn are committed together, in one transaction', async () => {
    let transactions = 0;
    const { accounts } = setup((storage) => ({
      charge(asked, time) {
        transactions++;
        return storage.charge(asked, time);
      },
    }));
    const id = await accountOf(accounts, await accounts.create({ credits: 10 }));
    expect(
      await Promise.all([paid(accounts.charge(id)), paid(accounts.charge(id)), paid(accounts.charge(id))]),
    ).toEqual([true, true, true]);
    expect(await paid(accounts.charge(id))).toBe(true);
    expect(transactions).toBe(2);
  });

  it('tell each charge of a batch the balance just after its own unit: allowance first, then credits', async () => {
    const { accounts } = setup();
    const id = await accountOf(
      accounts,
      await accounts.create({ credits: 2, subscriptionDays: 1, allowance: 2 }),
    );
    const ends = new Date(START + DAY).toISOString();
    const charges = await Promise.all(Array.from({ length: 5 }, () => accounts.charge(id)));
    expect(charges).toEqual([
      { paid: true, balance: { credits: 2, subscription: { lookupsRemaining: 1, endsAt: ends } } },
      { paid: true, balance: { credits: 2, subscription: { lookupsRemaining: 0, endsAt: ends } } },
      { paid: true, balance: { credits: 1, subscription: { lookupsRemaining: 0, endsAt: ends } } },
      { paid: true, balance: { credits: 0, subscription: { lookupsRemaining: 0, endsAt: ends } } },
      { paid: false, balance: { credits: 0, subscription: { lookupsRemaining: 0, endsAt: ends } } },
    ]);
  });

  it('show no subscription once it has run out, and no end that no date can show', async () => {
    const { accounts, advance } = setup();
    const id = await accountOf(accounts, await accounts.create({ credits: 3, subscriptionDays: 1 }));
    advance(DAY);
    expect(await accounts.charge(id)).toEqual({ paid: true, balance: { credits: 2, subscription: null } });
    const odd: PayingBalance = {
      credits: 1,
      subscriptionExpiresAt: 9_000_000_000_000_000_000,
      subscriptionAllowance: 5,
      canPay: true,
    };
    const stored = setup(() => ({ readBalances: async () => new Map([[1, odd]]) }));
    expect(await stored.accounts.standing(1)).toEqual({
      canPay: true,
      balance: { credits: 1, subscription: { lookupsRemaining: 5, endsAt: null } },
    });
  });

  it('all fail with the error of a transaction that could not start', async () => {
    const { accounts } = setup(() => ({
      charge() {
        throw new Error('database is locked');
      },
    }));
    const results = await Promise.allSettled([accounts.charge(1), accounts.charge(1)]);
    expect(results.map((result) => result.status === 'rejected' && String(result.reason))).toEqual([
      'Error: database is locked',
      'Error: database is locked',
    ]);
  });

  describe('on a backend that commits later (as PostgreSQL does)', () => {
    /** The database's charge, answered when the test releases it; each call's accounts asked are kept. */
    function committingLater() {
      const calls: { asked: Map<number, number>; release: () => void; fail: (error: Error) => void }[] = [];
      const context = setup((storage) => ({
        charge(asked, time) {
          return new Promise<Map<number, Charged>>((resolve, reject) => {
            calls.push({
              asked: new Map(asked),
              release: () => resolve(storage.charge(asked, time)),
              fail: reject,
            });
          });
        },
      }));
      const called = async (count: number) => {
        await expect.poll(() => calls.length, { timeout: 5_000 }).toBe(count);
        return calls[count - 1] ?? expect.unreachable();
      };
      return { ...context, calls, called };
    }

    it('sends a second batch while one commits, and gathers the rest until one of them is done', async () => {
      const { accounts, calls, called } = committingLater();
      const id = await accountOf(accounts, await accounts.create({ credits: 10 }));
      const first = accounts.charge(id);
      const committingFirst = await called(1);
      const second = accounts.charge(id);
      const committingSecond = await called(2);
      const next = [accounts.charge(id), accounts.charge(id)];
      await new Promise((resolve) => setImmediate(resolve));
      expect(calls, 'no third starts while two commit').toHaveLength(2);
      committingFirst.release();
      expect(await paid(first)).toBe(true);
      const gathered = await called(3);
      expect(gathered.asked).toEqual(new Map([[id, 2]]));
      committingSecond.release();
      gathered.release();
      expect(await paid(second)).toBe(true);
      expect(await Promise.all(next.map(paid))).toEqual([true, true]);
      expect((await accounts.list())[0]).toMatchObject({ credits: 6, lookups: 4 });
    });

    it('fails only the batch whose commit failed, and goes on with the next', async () => {
      const { accounts, called } = committingLater();
      const id = await accountOf(accounts, await accounts.create({ credits: 10 }));
      const first = accounts.charge(id);
      const failing = await called(1);
      const next = accounts.charge(id);
      failing.fail(new Error('connection lost'));
      await expect(first).rejects.toThrow('connection lost');
      (await called(2)).release();
      expect(await paid(next)).toBe(true);
    });

    it('commits a charge asked as the last commit settles (before it has quite ended)', async () => {
      const { accounts, called } = committingLater();
      const id = await accountOf(accounts, await accounts.create({ credits: 10 }));
      const first = accounts.charge(id);
      (await called(1)).release();
      await first;
      const second = accounts.charge(id);
      (await called(2)).release();
      expect(await paid(second)).toBe(true);
    });
  });
});

describe('balances read for answers that charge nothing', () => {
  /** The database's balance reads, made when asked and answered when the test releases each. */
  function readingLater() {
    const reads: { accountIds: number[]; release: () => void }[] = [];
    const context = setup((storage) => ({
      readBalances(accountIds, time) {
        const balances = storage.readBalances(accountIds, time);
        return new Promise<Map<number, PayingBalance>>((resolve) => {
          reads.push({ accountIds: [...accountIds], release: () => resolve(balances) });
        });
      },
    }));
    const read = async (count: number) => {
      await expect.poll(() => reads.length, { timeout: 5_000 }).toBe(count);
      return reads[count - 1] ?? expect.unreachable();
    };
    return { ...context, reads, read };
  }

  it('are read together for every account asked about in one turn', async () => {
    const { accounts, read } = readingLater();
    const rich = await accountOf(accounts, await accounts.create({ credits: 7 }));
    const poor = await accountOf(accounts, await accounts.create({ credits: 0 }));
    const asked = [
      accounts.standing(rich),
      accounts.standing(poor),
      accounts.standing(rich),
      accounts.standing(404),
    ];
    const first = await read(1);
    expect(first.accountIds).toEqual([rich, poor, 404]);
    first.release();
    expect(await Promise.all(asked)).toEqual([
      { canPay: true, balance: { credits: 7, subscription: null } },
      { canPay: false, balance: { credits: 0, subscription: null } },
      { canPay: true, balance: { credits: 7, subscription: null } },
      null,
    ]);
  });

  it('are never older than the question: one asked while a read is under way waits for the next', async () => {
    const { accounts, reads, read } = readingLater();
    const id = await accountOf(accounts, await accounts.create({ credits: 5 }));
    const early = accounts.standing(id);
    const underWay = await read(1);
    await accounts.charge(id);
    const late = accounts.standing(id);
    underWay.release();
    expect((await early)?.balance.credits).toBe(5);
    (await read(2)).release();
    expect((await late)?.balance.credits).toBe(4);
    expect(reads).toHaveLength(2);
  });
});
