import { POPUP_LOOKUP_BUDGET } from '#extension/limits.ts';

/**
 * How many API lookups the popup may still start for each tab. A domain once paid for stays free for
 * the tab; a new page in the tab starts a new budget.
 */
export function createTabBudgets(budget = POPUP_LOOKUP_BUDGET) {
  const spent = new Map<number, Set<string>>();
  const domainsOf = (tabId: number) => {
    let domains = spent.get(tabId);
    if (!domains) {
      domains = new Set();
      spent.set(tabId, domains);
    }
    return domains;
  };
  return {
    /** Whether the popup may look this domain up for this tab; counts it if so. */
    take(tabId: number, domain: string): boolean {
      const domains = domainsOf(tabId);
      if (domains.has(domain)) return true;
      if (domains.size >= budget) return false;
      domains.add(domain);
      return true;
    },
    left(tabId: number): number {
      return budget - (spent.get(tabId)?.size ?? 0);
    },
    reset(tabId: number): void {
      spent.delete(tabId);
    },
  };
}

export type TabBudgets = ReturnType<typeof createTabBudgets>;
