import { afterEach, describe, expect, it } from 'vitest';
import { openPostgresStorage } from '#server/storage/postgres.ts';
import { openSqliteStorage } from '#server/storage/sqlite.ts';
import type { Storage } from '#server/storage/storage.ts';
import { BACKENDS, backendsForFile } from '#test/support/backends.ts';
import { Accounts } from './accounts.ts';

const DAY = 24 * 3600 * 1000;
const backends = backendsForFile();

describe.each(BACKENDS)('accounts on %s', (backend) => {
  const opened: Storage[] = [];
  afterEach(async () => {
    for (const storage of opened.splice(0)) await storage.close();
  });

  async function setup() {
    let time = Date.UTC(2026, 0, 1);
    const postgres = backends.postgresFor(backend);
    const storage = postgres
      ? await openPostgresStorage(await postgres.createDatabase())
      : openSqliteStorage(':memory:');
    opened.push(storage);
    return { accounts: new Accounts(storage, { now: () => time }), advance: (ms: number) => (time += ms) };
  }

  it('stores only a hash of the key and finds the account by the key', async () => {
    const { accounts } = await setup();
    const key = await accounts.create({ credits: 1 });
    expect(key).toMatch(/^wl_[A-Za-z0-9_-]{32}$/);
    expect(await accounts.accountForKey(key)).not.toBeNull();
    expect(await accounts.accountForKey(`${key}x`)).toBeNull();
    expect((await accounts.list())[0]?.keyPrefix).toBe(key.slice(0, 11));
  });

  it('charges subscription allowance while the subscription runs, then credits, then refuses', async () => {
    const { accounts, advance } = await setup();
    const key = await accounts.create({ credits: 1, subscriptionDays: 1, allowance: 5 });
    const id = (await accounts.accountForKey(key)) ?? expect.unreachable();
    expect((await accounts.charge(id)).paid).toBe(true);
    expect((await accounts.list())[0]).toMatchObject({ subscriptionAllowance: 4, credits: 1 });
    advance(DAY);
    expect((await accounts.standing(id))?.canPay).toBe(true);
    expect((await accounts.charge(id)).paid).toBe(true);
    expect((await accounts.list())[0]).toMatchObject({ subscriptionAllowance: 4, credits: 0 });
    expect((await accounts.standing(id))?.canPay).toBe(false);
    expect((await accounts.charge(id)).paid).toBe(false);
  });

  it('extends a running subscription from its end, and a lapsed one from now', async () => {
    const { accounts, advance } = await setup();
    const key = await accounts.create({ credits: 0, subscriptionDays: 10 });
    const start = (await accounts.list())[0]?.subscriptionExpiresAt ?? 0;
    await accounts.topUp(key, { subscriptionDays: 5 });
    expect((await accounts.list())[0]?.subscriptionExpiresAt).toBe(start + 5 * DAY);
    advance(30 * DAY);
    await accounts.topUp(key, { subscriptionDays: 1 });
    expect((await accounts.list())[0]?.subscriptionExpiresAt).toBe(Date.UTC(2026, 0, 31) + DAY);
  });

  it('charges a burst in one turn without going below zero', async () => {
    const { accounts } = await setup();
    const id = (await accounts.accountForKey(await accounts.create({ credits: 3 }))) ?? expect.unreachable();
    const results = await Promise.all(Array.from({ length: 10 }, () => accounts.charge(id)));
    expect(results.filter((charge) => charge.paid)).toHaveLength(3);
    expect((await accounts.list())[0]).toMatchObject({ credits: 0, lookups: 3 });
  });

  it('pays a burst in one turn from allowance first, then credits, in the order asked', async () => {
    const { accounts } = await setup();
    const key = await accounts.create({ credits: 2, subscriptionDays: 1, allowance: 3 });
    const id = (await accounts.accountForKey(key)) ?? expect.unreachable();
    const results = await Promise.all(Array.from({ length: 7 }, () => accounts.charge(id)));
    expect(results.map((charge) => charge.paid)).toEqual([true, true, true, true, true, false, false]);
    expect((await accounts.list())[0]).toMatchObject({ subscriptionAllowance: 0, credits: 0, lookups: 5 });
  });

  it('charges each account of a mixed burst from its own balance', async () => {
    const { accounts, advance } = await setup();
    const ids: number[] = [];
    for (const grant of [
      { credits: 10 },
      { credits: 1 },
      { credits: 0, subscriptionDays: 30, allowance: 10 },
      { credits: 0, subscriptionDays: 1, allowance: 10 },
    ]) {
      ids.push((await accounts.accountForKey(await accounts.create(grant))) ?? expect.unreachable());
    }
    const [rich, poor, subscriber, lapsed] = ids;
    advance(2 * DAY);
    const asked = [rich, poor, lapsed, rich, subscriber, poor, rich] as number[];
    const results = await Promise.all(asked.map((id) => accounts.charge(id)));
    expect(results.map((charge) => charge.paid)).toEqual([true, true, false, true, true, false, true]);
    expect(
      (await accounts.list()).map(({ credits, subscriptionAllowance, lookups }) => ({
        credits,
        subscriptionAllowance,
        lookups,
      })),
    ).toEqual([
      { credits: 7, subscriptionAllowance: 0, lookups: 3 },
      { credits: 0, subscriptionAllowance: 0, lookups: 1 },
      { credits: 0, subscriptionAllowance: 9, lookups: 1 },
      { credits: 0, subscriptionAllowance: 10, lookups: 0 },
    ]);
  });

  it('tells each charge of a burst its balance right after it, and reads several balances at once', async () => {
    const { accounts } = await setup();
    const subscriber = await accounts.create({ credits: 1, subscriptionDays: 1, allowance: 1 });
    const spender = await accounts.create({ credits: 2 });
    const [subscriberId, spenderId] = [
      (await accounts.accountForKey(subscriber)) ?? expect.unreachable(),
      (await accounts.accountForKey(spender)) ?? expect.unreachable(),
    ];
    const asked = [subscriberId, spenderId, subscriberId, spenderId, subscriberId, spenderId];
    const charges = await Promise.all(asked.map((id) => accounts.charge(id)));
    const ends = new Date(Date.UTC(2026, 0, 2)).toISOString();
    expect(charges).toEqual([
      { paid: true, balance: { credits: 1, subscription: { lookupsRemaining: 0, endsAt: ends } } },
      { paid: true, balance: { credits: 1, subscription: null } },
      { paid: true, balance: { credits: 0, subscription: { lookupsRemaining: 0, endsAt: ends } } },
      { paid: true, balance: { credits: 0, subscription: null } },
      { paid: false, balance: { credits: 0, subscription: { lookupsRemaining: 0, endsAt: ends } } },
      { paid: false, balance: { credits: 0, subscription: null } },
    ]);
    await accounts.topUp(spender, { credits: 3 });
    const [ofSubscriber, ofSpender] = await Promise.all([
      accounts.standing(subscriberId),
      accounts.standing(spenderId),
    ]);
    expect(ofSubscriber).toEqual({
      canPay: false,
      balance: { credits: 0, subscription: { lookupsRemaining: 0, endsAt: ends } },
    });
    expect(ofSpender).toEqual({ canPay: true, balance: { credits: 3, subscription: null } });
  });

  it('refuses a top-up for an unknown key', async () => {
    const { accounts } = await setup();
    expect(await accounts.topUp('wl_nobody', { credits: 5 })).toBe(false);
  });
});
