import { describe, expect, it } from 'vitest';
import { type Accounts, createAccounts } from './accounts.ts';
import { openDatabase } from './database.ts';

const DAY = 24 * 3600 * 1000;

/** One charge, as a promise of whether it was paid. */
function charge(accounts: Accounts, accountId: number): Promise<boolean> {
  return new Promise((settle, fail) => accounts.charge(accountId, settle, fail));
}

function setup() {
  let time = Date.UTC(2026, 0, 1);
  const db = openDatabase(':memory:');
  return { accounts: createAccounts(db, () => time), advance: (ms: number) => (time += ms) };
}

describe('accounts', () => {
  it('stores only a hash of the key and finds the account by the key', () => {
    const { accounts } = setup();
    const key = accounts.create({ credits: 1 });
    expect(key).toMatch(/^wl_[A-Za-z0-9_-]{32}$/);
    expect(accounts.accountForKey(key)).not.toBeNull();
    expect(accounts.accountForKey(`${key}x`)).toBeNull();
    expect(accounts.list()[0]?.keyPrefix).toBe(key.slice(0, 11));
  });

  it('charges subscription allowance while the subscription runs, then credits, then refuses', async () => {
    const { accounts, advance } = setup();
    const key = accounts.create({ credits: 1, subscriptionDays: 1, allowance: 5 });
    const id = accounts.accountForKey(key) ?? expect.unreachable();
    expect(await charge(accounts, id)).toBe(true);
    expect(accounts.list()[0]).toMatchObject({ subscriptionAllowance: 4, credits: 1 });
    advance(DAY);
    expect(accounts.canPay(id)).toBe(true);
    expect(await charge(accounts, id)).toBe(true);
    expect(accounts.list()[0]).toMatchObject({ subscriptionAllowance: 4, credits: 0 });
    expect(accounts.canPay(id)).toBe(false);
    expect(await charge(accounts, id)).toBe(false);
  });

  it('extends a running subscription from its end, and a lapsed one from now', () => {
    const { accounts, advance } = setup();
    const key = accounts.create({ credits: 0, subscriptionDays: 10 });
    const start = accounts.list()[0]?.subscriptionExpiresAt ?? 0;
    accounts.topUp(key, { subscriptionDays: 5 });
    expect(accounts.list()[0]?.subscriptionExpiresAt).toBe(start + 5 * DAY);
    advance(30 * DAY);
    accounts.topUp(key, { subscriptionDays: 1 });
    expect(accounts.list()[0]?.subscriptionExpiresAt).toBe(Date.UTC(2026, 0, 31) + DAY);
  });

  it('charges a burst in one turn without going below zero', async () => {
    const { accounts } = setup();
    const id = accounts.accountForKey(accounts.create({ credits: 3 })) ?? expect.unreachable();
    const results = await Promise.all(Array.from({ length: 10 }, () => charge(accounts, id)));
    expect(results.filter(Boolean)).toHaveLength(3);
    expect(accounts.list()[0]).toMatchObject({ credits: 0, lookups: 3 });
  });

  it('pays a burst in one turn from allowance first, then credits, in the order asked', async () => {
    const { accounts } = setup();
    const key = accounts.create({ credits: 2, subscriptionDays: 1, allowance: 3 });
    const id = accounts.accountForKey(key) ?? expect.unreachable();
    const results = await Promise.all(Array.from({ length: 7 }, () => charge(accounts, id)));
    expect(results).toEqual([true, true, true, true, true, false, false]);
    expect(accounts.list()[0]).toMatchObject({ subscriptionAllowance: 0, credits: 0, lookups: 5 });
  });

  it('charges each account of a mixed burst from its own balance', async () => {
    const { accounts, advance } = setup();
    const [rich, poor, subscriber, lapsed] = [
      accounts.create({ credits: 10 }),
      accounts.create({ credits: 1 }),
      accounts.create({ credits: 0, subscriptionDays: 30, allowance: 10 }),
      accounts.create({ credits: 0, subscriptionDays: 1, allowance: 10 }),
    ].map((key) => accounts.accountForKey(key) ?? expect.unreachable());
    advance(2 * DAY);
    const asked = [rich, poor, lapsed, rich, subscriber, poor, rich] as number[];
    const results = await Promise.all(asked.map((id) => charge(accounts, id)));
    expect(results).toEqual([true, true, false, true, true, false, true]);
    expect(
      accounts
        .list()
        .map(({ credits, subscriptionAllowance, lookups }) => ({ credits, subscriptionAllowance, lookups })),
    ).toEqual([
      { credits: 7, subscriptionAllowance: 0, lookups: 3 },
      { credits: 0, subscriptionAllowance: 0, lookups: 1 },
      { credits: 0, subscriptionAllowance: 9, lookups: 1 },
      { credits: 0, subscriptionAllowance: 10, lookups: 0 },
    ]);
  });

  it('refuses a top-up for an unknown key', () => {
    const { accounts } = setup();
    expect(accounts.topUp('wl_nobody', { credits: 5 })).toBe(false);
  });
});
