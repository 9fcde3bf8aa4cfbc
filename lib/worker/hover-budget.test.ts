import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { HOVER_LOOKUP_BURST, HOVER_LOOKUP_REFILL_MS } from '#extension/limits.ts';
import { storedItems } from '#test/support/fake-storage.ts';
import { HoverBudgets, refill, takeOne } from './hover-budget.ts';

beforeEach(() => {
  fakeBrowser.reset();
});

const RULE = { burst: 3, refillMs: 1_000 };

describe('the hover budget', () => {
  it('gives a burst at once, then one a refill period, never more than the burst', () => {
    let budget = refill(null, 0, RULE);
    for (let i = 0; i < 3; i++) {
      const take = takeOne(budget, 0, RULE);
      expect(take.taken).toBe(true);
      budget = take.budget;
    }
    expect(takeOne(budget, 999, RULE).taken).toBe(false);
    expect(takeOne(budget, 1_000, RULE)).toEqual({ taken: true, budget: { left: 0, at: 1_000 } });
    expect(refill(budget, 60_000, RULE).left).toBe(3);
  });

  it('saves up no time spent full, and gives nothing back for a clock set back', () => {
    const full = refill({ left: 3, at: 0 }, 10_000, RULE);
    expect(full).toEqual({ left: 3, at: 10_000 });
    expect(refill({ left: 1, at: 5_000 }, 1_000, RULE)).toEqual({ left: 1, at: 5_000 });
  });

  it('starts the next period of a full budget when it is next used, whatever time passed', () => {
    let budget = refill({ left: 3, at: 0 }, 10_500, RULE);
    expect(budget).toEqual({ left: 3, at: 10_500 });
    for (let i = 0; i < 3; i++) budget = takeOne(budget, 10_500, RULE).budget;
    expect(takeOne(budget, 11_000, RULE).taken).toBe(false);
    expect(takeOne(budget, 11_500, RULE).taken).toBe(true);
  });

  it('follows HOVER_LOOKUP_BURST and HOVER_LOOKUP_REFILL_MS unless told otherwise', async () => {
    let time = 0;
    const budgets = new HoverBudgets({ now: () => time });
    for (let i = 0; i < HOVER_LOOKUP_BURST; i++) expect(await budgets.take(1)).toBe(true);
    expect(await budgets.take(1)).toBe(false);
    time += HOVER_LOOKUP_REFILL_MS;
    expect(await budgets.take(1)).toBe(true);
  });

  it('is kept per tab in session storage, so a new worker carries on where the last one stopped', async () => {
    let time = 0;
    const first = new HoverBudgets({ now: () => time, rule: RULE });
    for (let i = 0; i < 3; i++) expect(await first.take(7)).toBe(true);
    expect(await first.take(7)).toBe(false);
    expect(await first.take(8)).toBe(true);
    const restarted = new HoverBudgets({ now: () => time, rule: RULE });
    expect(await restarted.take(7)).toBe(false);
    time += RULE.refillMs;
    expect(await restarted.take(7)).toBe(true);
  });

  it('lets two frames asking at once take the last one only once', async () => {
    const budgets = new HoverBudgets({ now: () => 0, rule: { burst: 1, refillMs: 1_000 } });
    expect(await Promise.all([budgets.take(1), budgets.take(1)])).toEqual([true, false]);
  });

  it('forgets a closed tab, and a budget it cannot read is a full one', async () => {
    const budgets = new HoverBudgets({ now: () => 0, rule: RULE });
    await budgets.take(3);
    budgets.forget(3);
    await expect.poll(() => storedItems('session')).toEqual({});
    await fakeBrowser.storage.session.set({ 'hoverBudget:4': 'garbage' });
    for (let i = 0; i < 3; i++) expect(await budgets.take(4)).toBe(true);
  });

  it('is one a person hovering all day in one tab does not meet: 20 at once, then 30 an hour', () => {
    expect(HOVER_LOOKUP_BURST).toBe(20);
    expect(3_600_000 / HOVER_LOOKUP_REFILL_MS).toBe(30);
  });
});
