import { z } from 'zod';
import { HOVER_LOOKUP_BURST, HOVER_LOOKUP_REFILL_MS } from '#extension/limits.ts';

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

/** chrome.storage.session's part the budgets use. */
export interface SessionArea {
  get(key: string): Promise<Record<string, unknown>>;
  set(items: Record<string, unknown>): Promise<void>;
  remove(key: string): Promise<void>;
}

const budgetKey = (tabId: number) => `hoverBudget:${tabId}`;

/**
 * The hover budget of each tab (HOVER_LOOKUP_BURST), kept in session storage: Chrome stops an idle worker
 * after 30 s, and a budget held in its memory alone would be full again for a page that waits that long.
 * Each tab's takes run one after another, so two frames asking at once cannot both take the last one.
 */
export function createHoverBudgets(area: SessionArea, { now = Date.now, rule = HOVER_RULE } = {}) {
  const budgets = new Map<number, Promise<Budget | null>>();

  function stored(tabId: number): Promise<Budget | null> {
    return area.get(budgetKey(tabId)).then(
      (items) =>
        budgetSchema
          .nullable()
          .catch(null)
          .parse(items[budgetKey(tabId)] ?? null),
      () => null,
    );
  }

  return {
    /** Whether a card on this tab may start one more lookup without a click; counts it if so. */
    async take(tabId: number): Promise<boolean> {
      let taken = false;
      const next = (budgets.get(tabId) ?? stored(tabId)).then(async (budget) => {
        const result = takeOne(budget, now(), rule);
        taken = result.taken;
        await area.set({ [budgetKey(tabId)]: result.budget }).catch(() => {});
        return result.budget;
      });
      budgets.set(tabId, next);
      await next;
      return taken;
    },
    /** The tab is closed: its budget goes with it (a new page in the same tab keeps it). */
    forget(tabId: number): void {
      budgets.delete(tabId);
      void area.remove(budgetKey(tabId)).catch(() => {});
    },
  };
}

export type HoverBudgets = ReturnType<typeof createHoverBudgets>;
