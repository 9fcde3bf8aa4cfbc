import { describe, expect, it } from 'vitest';
import { createAccounts } from './accounts.ts';
import { openDatabase } from './database.ts';

const DAY = 24 * 3600 * 1000;

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
    expect(await accounts.charge(id)).toBe(true);
    expect(accounts.list()[0]).toMatchObject({ subscriptionAllowance: 4, credits: 1 });
    advance(DAY);
    expect(accounts.canPay(id)).toBe(true);
    expect(await accounts.charge(id)).toBe(true);
    expect(accounts.list()[0]).toMatchObject({ subscriptionAllowance: 4, credits: 0 });
    expect(accounts.canPay(id)).toBe(false);
    expect(await accounts.charge(id)).toBe(false);
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
    const results = await Promise.all(Array.from({ length: 10 }, () => accounts.charge(id)));
    expect(results.filter(Boolean)).toHaveLength(3);
    expect(accounts.list()[0]).toMatchObject({ credits: 0, lookups: 3 });
  });

  it('refuses a top-up for an unknown key', () => {
    const { accounts } = setup();
    expect(accounts.topUp('wl_nobody', { credits: 5 })).toBe(false);
  });
});
