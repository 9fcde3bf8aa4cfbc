import { HOVER_LOOKUP_BURST, HOVER_LOOKUP_REFILL_MS } from '#extension/limits.ts';
import { type HoverBudget, hoverBudgetFamily } from '#extension/stored.ts';
import { TabRecords } from './tab-records.ts';

export interface BudgetRule {
  burst: number;
  refillMs: number;
}

const HOVER_RULE: BudgetRule = { burst: HOVER_LOOKUP_BURST, refillMs: HOVER_LOOKUP_REFILL_MS };

/** A budget at `now`: one more for each whole refill period since it was last refilled, never past the burst. */
export function refill(budget: HoverBudget | null, now: number, rule: BudgetRule): HoverBudget {
  if (!budget) return { left: rule.burst, at: now };
  // A clock set back gives nothing back.
  const periods = Math.max(0, Math.floor((now - budget.at) / rule.refillMs));
  const left = Math.min(rule.burst, budget.left + periods);
  // A full budget starts its next period now: time spent full is not saved up.
  return { left, at: left === rule.burst ? now : budget.at + periods * rule.refillMs };
}

/** Takes one lookup from a budget if one is left. */
export function takeOne(
  budget: HoverBudget | null,
  now: number,
  rule: BudgetRule,
): { taken: boolean; budget: HoverBudget } {
  const current = refill(budget, now, rule);
  return current.left >= 1
    ? { taken: true, budget: { ...current, left: current.left - 1 } }
    : { taken: false, budget: current };
}

/**
 * The hover budget of each tab (HOVER_LOOKUP_BURST), kept in storage.session (tab-records.ts): a budget held
 * in the worker's memory alone would be full again for a page that waits for Chrome to stop the worker.
 */
export class HoverBudgets {
  readonly #now: () => number;
  readonly #rule: BudgetRule;
  /** Per tab, its budget; none yet for a tab whose cards never asked (a full one). */
  readonly #budgets = new TabRecords<HoverBudget | null>(hoverBudgetFamily, null);

  constructor({ now = Date.now, rule = HOVER_RULE }: { now?: () => number; rule?: BudgetRule } = {}) {
    this.#now = now;
    this.#rule = rule;
  }

  /** Whether a card on this tab may start one more lookup without a click; counts it if so. */
  take(tabId: number): Promise<boolean> {
    return this.#budgets.update(tabId, (budget) => {
      const { taken, budget: record } = takeOne(budget, this.#now(), this.#rule);
      return { record, answer: taken };
    });
  }

  /** The tab is closed: its budget goes with it (a new page in the same tab keeps it). */
  forget(tabId: number): void {
    this.#budgets.forget(tabId);
  }
}
