import { lookUpForCard } from '#worker/card-lookup.ts';
import type { HoverBudgets } from '#worker/hover-budget.ts';
import type { LookupService } from '#worker/lookup-service.ts';
import type { Handlers } from '#worker/router.ts';

/** Looking a domain up: the cards' lookups through the tab's budget, the extension's own pages' without. */
export function lookupHandlers(service: LookupService, hoverBudgets: HoverBudgets) {
  return {
    lookup: async (request, { tabId }) => {
      const domain = request.domain.toLowerCase();
      const refresh = request.refresh ?? false;
      // Only a content script's request comes with a tab: the extension's own pages are the person's.
      return tabId === undefined
        ? service.lookup(domain, { refresh })
        : lookUpForCard(service, hoverBudgets, tabId, { domain, refresh, intent: request.intent ?? 'hover' });
    },
    cached: (request) => service.cached(request.domain.toLowerCase()),
  } satisfies Pick<Handlers, 'lookup' | 'cached'>;
}
