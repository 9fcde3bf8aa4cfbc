import { describe, expect, it } from 'vitest';
import { createTabBudgets } from './tab-budget.ts';

describe('tab budgets', () => {
  it('allows up to the budget of distinct domains per tab, repeats free, other tabs apart', () => {
    const budgets = createTabBudgets(2);
    expect(budgets.take(1, 'a.example')).toBe(true);
    expect(budgets.take(1, 'b.example')).toBe(true);
    expect(budgets.take(1, 'c.example')).toBe(false);
    expect(budgets.take(1, 'a.example')).toBe(true);
    expect(budgets.take(2, 'c.example')).toBe(true);
    expect(budgets.left(1)).toBe(0);
    budgets.reset(1);
    expect(budgets.left(1)).toBe(2);
  });
});
