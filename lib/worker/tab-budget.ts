import { POPUP_LOOKUP_BUDGET } from '#extension/limits.ts';
import { popupBudgetFamily } from '#extension/stored.ts';
import { TabRecords } from './tab-records.ts';

/**
 * How many API lookups the popup may still start for each tab (POPUP_LOOKUP_BUDGET). A domain once paid for
 * stays free for the tab; a new page in the tab starts a new budget. Kept in storage.session, as the hover
 * budget is (tab-records.ts): a worker Chrome stopped must not hand the page a new budget.
 */
export class TabBudgets {
  readonly #budget: number;
  /** Per tab, the domains the popup has paid for on its page. */
  readonly #spent = new TabRecords<string[]>(popupBudgetFamily, []);

  constructor(budget = POPUP_LOOKUP_BUDGET) {
    this.#budget = budget;
  }

  /** Whether the popup may look this domain up for this tab; counts it if so. */
  take(tabId: number, domain: string): Promise<boolean> {
    return this.#spent.update(tabId, (domains) => {
      if (domains.includes(domain)) return { record: domains, answer: true };
      if (domains.length >= this.#budget) return { record: domains, answer: false };
      return { record: [...domains, domain], answer: true };
    });
  }

  async left(tabId: number): Promise<number> {
    return Math.max(0, this.#budget - (await this.#spent.read(tabId)).length);
  }

  /** A new page in the tab, or the tab closed. */
  reset(tabId: number): void {
    this.#spent.forget(tabId);
  }
}
