import { z } from 'zod';
import { HOVER_LOOKUP_BURST, HOVER_LOOKUP_REFILL_MS } from '#extension/limits.ts';
import { type SessionArea, TabRecords } from './tab-records.ts';

/** What is left of a tab's budget, and when it was last refilled (epoch ms). */
const budgetSchema = z.object({ left: z.number(), at: z.number() });
export type Budget = z.infer<typeof budgetSchema>;

export interface BudgetRule {
  burst: number;
  refillMs: number;
}

const HOVER_RULE: BudgetRule = { burst: HOVER_LOOKUP_BURST, refillMs: HOVER_LOOKUP_REFILL_MS };

/** A budget at `now`: one more for each whole refill period since it was last refilled, never past the burst. */
export function refill(budget: Budget | null, now: number, rule: BudgetRule): Budget {
  if (!budget) return { left: rule.burst, at: now };
  // A clock set back gives nothing back.
  const periods = Math.max(0, Math.floor((now - budget.at) / rule.refillMs));
  const left = Math.min(rule.burst, budget.left + periods);
  // A full budget starts its next period now: time spent full is not saved up.
  return { left, at: left === rule.burst ? now : budget.at + periods * rule.refillMs };
}

/** Takes one lookup from a budget if one is left. */
export function takeOne(
  budget: Budget | null,
  now: number,
  rule: BudgetRule,
): { taken: boolean; budget: Budget } {
  const current = refill(budget, now, rule);
  return current.left >= 1
    ? { taken: true, budget: { ...current, left: current.left - 1 } }
    : { taken: false, budget: current };
}

/**
 * The hover budget of each tab (HOVER_LOOKUP_BURST), kept in session storage (tab-records.ts): a budget held
 * in the worker's memory alone would be full again for a page that waits for Chrome to stop the worker.
 */
export function createHoverBudgets(area: SessionArea, { now = Date.now, rule = HOVER_RULE } = {}) {
  const budgets = new TabRecords<Budget | null>(area, {
    prefix: 'hoverBudget',
    schema: budgetSchema.nullable(),
    empty: null,
  });
  return {
    /** Whether a card on this tab may start one more lookup without a click; counts it if so. */
    take(tabId: number): Promise<boolean> {
      return budgets.update(tabId, (budget) => {
        const { taken, budget: record } = takeOne(budget, now(), rule);
        return { record, answer: taken };
      });
    },
    /** The tab is closed: its budget goes with it (a new page in the same tab keeps it). */
    forget(tabId: number): void {
      budgets.forget(tabId);
    },
  };
}

export type HoverBudgets = ReturnType<typeof createHoverBudgets>;
