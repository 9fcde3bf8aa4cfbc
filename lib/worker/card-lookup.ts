import type { LookupResult } from '#extension/lookup-result.ts';
import type { LookupIntent } from '#extension/protocol.ts';
import type { HoverBudgets } from './hover-budget.ts';
import type { LookupService } from './lookup-service.ts';

export interface CardLookup {
  domain: string;
  refresh: boolean;
  intent: LookupIntent;
}

const OVER_BUDGET: LookupResult = { state: 'over-budget' };

/**
 * A lookup asked for by a card on a page (a content script). An answer already cached costs nothing, nor
 * does waiting for one already on its way (other tabs hovering the same domain at once). A hover that would
 * ask the API spends the tab's budget (HOVER_LOOKUP_BURST), because the page decides what lies under the
 * pointer; past it the card asks for a click (should a lookup other tabs wait for be refused so, they say
 * it too). A click in the card looks its one domain up outside the budget, and its answer is then cached,
 * so clicks spend at most a credit a domain. A refresh asks past every cache, so every refresh spends the
 * budget, however asked.
 */
export function lookUpForCard(
  service: Pick<LookupService, 'lookup'>,
  budgets: Pick<HoverBudgets, 'take'>,
  tabId: number,
  { domain, refresh, intent }: CardLookup,
): Promise<LookupResult> {
  if (intent === 'click' && !refresh) return service.lookup(domain);
  return service.lookup(domain, {
    refresh,
    gate: async () => ((await budgets.take(tabId)) ? null : OVER_BUDGET),
  });
}
