import { browser } from 'wxt/browser';
import type { HoverBudgets } from './hover-budget.ts';
import type { TabAddresses } from './tab-addresses.ts';
import type { TabBudgets } from './tab-budget.ts';

/**
 * What the worker keeps for a tab goes with what it was for: a tab that loads a new page starts a new
 * address list and a new popup budget; only a closed tab's hover budget goes, or a page could reload itself
 * for a new one (HOVER_LOOKUP_BURST).
 */
export function forgetTabsAsTheyChange(tabs: {
  addresses: TabAddresses;
  popupBudgets: TabBudgets;
  hoverBudgets: HoverBudgets;
}): void {
  const forgetPage = (tabId: number) => {
    tabs.popupBudgets.reset(tabId);
    tabs.addresses.forget(tabId);
  };
  browser.tabs.onUpdated.addListener((tabId, change) => {
    if (change.status === 'loading') forgetPage(tabId);
  });
  browser.tabs.onRemoved.addListener((tabId) => {
    forgetPage(tabId);
    tabs.hoverBudgets.forget(tabId);
  });
}
