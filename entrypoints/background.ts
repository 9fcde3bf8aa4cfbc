import { type Browser, browser } from 'wxt/browser';
import { defineBackground } from 'wxt/utils/define-background';
import { DISPOSABLE_LIST_FILE } from '#core/catalog/domain-list-file.ts';
import { keepStorageFromContentScripts, toolbarButton } from '#extension/browser-differences.ts';
import { followPolicy, type PolicyInForce } from '#settings/policy.ts';
import { loadLookupTarget, loadSettings } from '#settings/storage.ts';
import { AnswerCache } from '#worker/answer-cache.ts';
import { apiInForce } from '#worker/api-in-force.ts';
import { Balances } from '#worker/balances.ts';
import { keepBulkRunAwake, listenForBulkAlarm } from '#worker/bulk-alarm.ts';
import { BulkRunner } from '#worker/bulk-run.ts';
import { answerCacheHandlers } from '#worker/handlers/answer-cache.ts';
import { balanceHandlers } from '#worker/handlers/balance.ts';
import { bulkHandlers } from '#worker/handlers/bulk.ts';
import { lookupHandlers } from '#worker/handlers/lookups.ts';
import { settingsHandlers } from '#worker/handlers/settings.ts';
import { tabListHandlers } from '#worker/handlers/tab-lists.ts';
import { wordsHandlers } from '#worker/handlers/words.ts';
import { HoverBudgets } from '#worker/hover-budget.ts';
import { listenForInstall } from '#worker/install.ts';
import { LookupService } from '#worker/lookup-service.ts';
import { listenForLookupWindows, retitleLookupMenu } from '#worker/lookup-window.ts';
import { createOfflineCatalog } from '#worker/offline-catalog.ts';
import { type Handlers, routeRequests } from '#worker/router.ts';
import { TabAddresses } from '#worker/tab-addresses.ts';
import { TabBudgets } from '#worker/tab-budget.ts';
import { forgetTabsAsTheyChange } from '#worker/tab-events.ts';
import { speakLanguageInForce, withWords } from '#worker/words.ts';

/** The service worker (Firefox: the background page): wiring only; what it does lives in lib/worker/. */
export default defineBackground(() => {
  // Storage holds the API key: only the extension's own pages and this worker may read it.
  keepStorageFromContentScripts(browser);

  // Every context starts on the policy last seen; this run's read is applied when the browser gives it.
  const policy = followPolicy();
  const { words, ready: wordsReady } = speakLanguageInForce(policy, retitleLookupMenu);
  const cache = new AnswerCache();
  const balances = new Balances();
  const service = lookupService(cache, policy, balances);
  const tabs = {
    addresses: new TabAddresses(),
    popupBudgets: new TabBudgets(),
    hoverBudgets: new HoverBudgets(),
  };
  const bulk = new BulkRunner({
    lookup: (domain) => service.lookup(domain),
    keepAwake: keepBulkRunAwake,
  });

  listenForRequests(
    withWords(wordsReady, {
      ...lookupHandlers(service, tabs.hoverBudgets),
      ...tabListHandlers({
        tabAddresses: tabs.addresses,
        service,
        budgets: tabs.popupBudgets,
        setBadge: async (tabId, text) => toolbarButton(browser).setBadgeText({ tabId, text }),
      }),
      ...settingsHandlers(
        policy,
        () => browser.runtime.openOptionsPage(),
        (choice) => words.localeOf(choice),
        balances,
      ),
      ...answerCacheHandlers(cache),
      ...balanceHandlers(policy, balances),
      ...bulkHandlers(service, bulk),
      ...wordsHandlers(words),
    }),
  );
  forgetTabsAsTheyChange(tabs);
  listenForInstall(wordsReady);
  listenForLookupWindows();
  // A worker starts again for a message, an alarm or an event: an unfinished bulk run goes on from there.
  listenForBulkAlarm(bulk);
  void bulk.resume();
});

/**
 * Lookups with the key and service address in force, keeping the balance each answer states, and the
 * built-in catalog's disposable list.
 */
function lookupService(cache: AnswerCache, policy: PolicyInForce, balances: Balances): LookupService {
  return new LookupService({
    cache,
    callApi: apiInForce(() => loadLookupTarget(policy), {}, balances),
    foundTtlMs: async () => (await loadSettings(policy)).cacheTtlHours * 3600 * 1000,
    offlineCatalog: createOfflineCatalog(async () => {
      const response = await fetch(browser.runtime.getURL(`/${DISPOSABLE_LIST_FILE}`));
      if (!response.ok) throw new Error(`${DISPOSABLE_LIST_FILE}: ${response.status}`);
      return response.text();
    }),
  });
}

/** The worker's one message listener (lib/worker/router.ts): it checks each request's sender and shape. */
function listenForRequests(handlers: Handlers): void {
  browser.runtime.onMessage.addListener(
    routeRequests(handlers, { id: browser.runtime.id, origin: browser.runtime.getURL('/') }) as (
      message: unknown,
      sender: Browser.runtime.MessageSender,
    ) => Promise<unknown> | undefined,
  );
}
