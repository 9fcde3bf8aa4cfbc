import { z } from 'zod';
import { POPUP_LOOKUP_BUDGET } from '#extension/limits.ts';
import { type SessionArea, TabRecords } from './tab-records.ts';

/** The domains the popup has paid for on a tab's page: at most the budget's worth. */
const spentSchema = z.array(z.string());

/**
 * How many API lookups the popup may still start for each tab (POPUP_LOOKUP_BUDGET). A domain once paid for
 * stays free for the tab; a new page in the tab starts a new budget. Kept in session storage, as the hover
 * budget is (tab-records.ts): a worker Chrome stopped must not hand the page a new budget.
 */
export function createTabBudgets(area: SessionArea, budget = POPUP_LOOKUP_BUDGET) {
  const spent = new TabRecords<string[]>(area, { prefix: 'popupBudget', schema: spentSchema, empty: [] });
  return {
    /** Whether the popup may look this domain up for this tab; counts it if so. */
    take(tabId: number, domain: string): Promise<boolean> {
      return spent.update(tabId, (domains) => {
        if (domains.includes(domain)) return { record: domains, answer: true };
        if (domains.length >= budget) return { record: domains, answer: false };
        return { record: [...domains, domain], answer: true };
      });
    },
    async left(tabId: number): Promise<number> {
      return Math.max(0, budget - (await spent.read(tabId)).length);
    },
    /** A new page in the tab, or the tab closed. */
    reset(tabId: number): void {
      spent.forget(tabId);
    },
  };
}

export type TabBudgets = ReturnType<typeof createTabBudgets>;
