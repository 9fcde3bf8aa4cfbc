import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { POPUP_LOOKUP_BUDGET } from '#extension/limits.ts';
import { refuseWrites } from '#test/support/fake-storage.ts';
import { TabBudgets } from './tab-budget.ts';

beforeEach(() => {
  fakeBrowser.reset();
  vi.restoreAllMocks();
});

const domains = (count: number) => Array.from({ length: count }, (_, index) => `d${index}.example`);

describe('the popup budget', () => {
  it('allows up to the budget of distinct domains per tab, repeats free, other tabs apart', async () => {
    const budgets = new TabBudgets(2);
    expect(await budgets.take(1, 'a.example')).toBe(true);
    expect(await budgets.take(1, 'b.example')).toBe(true);
    expect(await budgets.take(1, 'c.example')).toBe(false);
    expect(await budgets.take(1, 'a.example')).toBe(true);
    expect(await budgets.take(2, 'c.example')).toBe(true);
    expect(await budgets.left(1)).toBe(0);
    budgets.reset(1);
    expect(await budgets.left(1)).toBe(2);
    expect(await budgets.take(1, 'c.example')).toBe(true);
  });

  it('is kept in session storage: a worker started again gives the page no new budget', async () => {
    const first = new TabBudgets();
    for (const domain of domains(POPUP_LOOKUP_BUDGET)) expect(await first.take(7, domain)).toBe(true);
    const restarted = new TabBudgets();
    expect(await restarted.left(7)).toBe(0);
    expect(await restarted.take(7, 'one-more.example')).toBe(false);
    // What it paid for stays free.
    expect(await restarted.take(7, 'd0.example')).toBe(true);
  });

  it('lets domains asked for at once take no more than the budget between them', async () => {
    const budgets = new TabBudgets(10);
    const taken = await Promise.all(domains(25).map((domain) => budgets.take(3, domain)));
    expect(taken.filter(Boolean)).toHaveLength(10);
    expect(await new TabBudgets(10).left(3)).toBe(0);
  });

  it('a new page starts afresh, even with a take still on its way', async () => {
    const budgets = new TabBudgets(1);
    const taking = budgets.take(4, 'a.example');
    budgets.reset(4);
    expect(await taking).toBe(true);
    expect(await budgets.left(4)).toBe(1);
    expect(await new TabBudgets(1).left(4)).toBe(1);
  });

  it('counts in memory what a full session store cannot keep', async () => {
    refuseWrites('session');
    const budgets = new TabBudgets(1);
    expect(await budgets.take(5, 'a.example')).toBe(true);
    expect(await budgets.take(5, 'b.example')).toBe(false);
  });
});
