import { domainOf } from '#core/email/extract.ts';
import type { TabSummary } from '#extension/protocol.ts';
import type { LookupService } from '#worker/lookup-service.ts';
import type { Handlers } from '#worker/router.ts';
import type { TabAddresses } from '#worker/tab-addresses.ts';
import type { TabBudgets } from '#worker/tab-budget.ts';

/** The addresses on each tab: reported by its frames, shown on the badge, listed by the popup. */
export function tabListHandlers(deps: {
  tabAddresses: TabAddresses;
  service: LookupService;
  budgets: TabBudgets;
  setBadge: (tabId: number, text: string) => Promise<unknown>;
}) {
  const { tabAddresses, service, budgets } = deps;
  return {
    'report-addresses': async (request, { tabId, frameId }) => {
      if (tabId === undefined) return { count: 0 };
      const count = await tabAddresses.report(tabId, frameId ?? 0, request.addresses);
      await deps.setBadge(tabId, count ? String(count) : '');
      return { count };
    },
    // The popup's list: what is cached, and lookups for the rest as far as the tab's budget goes.
    'tab-summary': async ({ tabId }) => {
      const addresses = await tabAddresses.of(tabId);
      const results: TabSummary['results'] = {};
      await Promise.all(
        [...new Set(addresses.map(domainOf))].map(async (domain) => {
          const cached = await service.cached(domain);
          results[domain] =
            cached ?? ((await budgets.take(tabId, domain)) ? await service.lookup(domain) : null);
        }),
      );
      return { addresses, results, budgetLeft: await budgets.left(tabId) };
    },
  } satisfies Pick<Handlers, 'report-addresses' | 'tab-summary'>;
}
