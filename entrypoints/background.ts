import { type Browser, browser } from 'wxt/browser';
import { defineBackground } from 'wxt/utils/define-background';
import { getWebmailInfo } from '#core/api/client.ts';
import { DISPOSABLE_LIST_FILE } from '#core/catalog/domain-list-file.ts';
import { keepStorageFromContentScripts, toolbarButton } from '#extension/browser-differences.ts';
import { loadLookupTarget, loadSettings } from '#settings/storage.ts';
import { createAnswerCache } from '#worker/answer-cache.ts';
import { keepBulkRunAwake, listenForBulkAlarm } from '#worker/bulk-alarm.ts';
import { BULK_JOB_BEHIND_KEY, BULK_JOB_KEY } from '#worker/bulk-job.ts';
import { createBulkRunner } from '#worker/bulk-run.ts';
import { answerCacheHandlers } from '#worker/handlers/answer-cache.ts';
import { bulkHandlers } from '#worker/handlers/bulk.ts';
import { lookupHandlers } from '#worker/handlers/lookups.ts';
import { settingsHandlers } from '#worker/handlers/settings.ts';
import { tabListHandlers } from '#worker/handlers/tab-lists.ts';
import { wordsHandlers } from '#worker/handlers/words.ts';
import { createHoverBudgets } from '#worker/hover-budget.ts';
import { listenForInstall } from '#worker/install.ts';
import { createLookupService } from '#worker/lookup-service.ts';
import { listenForLookupWindows, retitleLookupMenu } from '#worker/lookup-window.ts';
import { createOfflineCatalog } from '#worker/offline-catalog.ts';
import { routeRequests } from '#worker/router.ts';
import { createTabAddresses } from '#worker/tab-addresses.ts';
import { createTabBudgets } from '#worker/tab-budget.ts';
import { speakLanguageInForce, withWords } from '#worker/words.ts';

/** The service worker (Firefox: the background page): wiring only; what it does lives in lib/worker/. */
export default defineBackground(() => {
  // Storage holds the API key: only the extension's own pages and this worker may read it.
  keepStorageFromContentScripts(browser);

  const { words, ready: wordsReady } = speakLanguageInForce(retitleLookupMenu);
  const cache = createAnswerCache(browser.storage.local);
  const service = createLookupService({
    cache,
    callApi: async () => {
      const { apiKey, baseUrl } = await loadLookupTarget();
      return apiKey ? (request) => getWebmailInfo(request, { baseUrl, apiKey }) : null;
    },
    foundTtlMs: async () => (await loadSettings()).cacheTtlHours * 3600 * 1000,
    offlineCatalog: createOfflineCatalog(async () => {
      const response = await fetch(browser.runtime.getURL(`/${DISPOSABLE_LIST_FILE}`));
      if (!response.ok) throw new Error(`${DISPOSABLE_LIST_FILE}: ${response.status}`);
      return response.text();
    }),
  });
  const budgets = createTabBudgets(browser.storage.session);
  const hoverBudgets = createHoverBudgets(browser.storage.session);
  const tabAddresses = createTabAddresses(browser.storage.session);
  const bulk = createBulkRunner({
    store: {
      get: async () => (await browser.storage.local.get(BULK_JOB_KEY))[BULK_JOB_KEY],
      set: (job) => browser.storage.local.set({ [BULK_JOB_KEY]: job }),
      remove: () => browser.storage.local.remove(BULK_JOB_KEY),
    },
    behind: {
      get: async () => (await browser.storage.session.get(BULK_JOB_BEHIND_KEY))[BULK_JOB_BEHIND_KEY] === true,
      set: (behind) => browser.storage.session.set({ [BULK_JOB_BEHIND_KEY]: behind }),
    },
    lookup: (domain) => service.lookup(domain),
    keepAnswer: (domain) => cache.keep(domain),
    keepAwake: keepBulkRunAwake,
  });

  browser.runtime.onMessage.addListener(
    routeRequests(
      withWords(wordsReady, {
        ...lookupHandlers(service, hoverBudgets),
        ...tabListHandlers({
          tabAddresses,
          service,
          budgets,
          setBadge: async (tabId, text) => toolbarButton(browser).setBadgeText({ tabId, text }),
        }),
        ...settingsHandlers(
          () => browser.runtime.openOptionsPage(),
          () => words.locale(),
        ),
        ...answerCacheHandlers(cache),
        ...bulkHandlers(service, bulk),
        ...wordsHandlers(words),
      }),
      { id: browser.runtime.id, origin: browser.runtime.getURL('/') },
    ) as (message: unknown, sender: Browser.runtime.MessageSender) => Promise<unknown> | undefined,
  );

  // A tab that loads a new page starts a new list and a new popup budget; a closed tab's hover budget goes.
  function forgetTab(tabId: number): void {
    budgets.reset(tabId);
    tabAddresses.forget(tabId);
  }
  browser.tabs.onUpdated.addListener((tabId, change) => {
    if (change.status === 'loading') forgetTab(tabId);
  });
  browser.tabs.onRemoved.addListener((tabId) => {
    forgetTab(tabId);
    hoverBudgets.forget(tabId);
  });

  listenForInstall();
  listenForLookupWindows();
  // A worker starts again for a message, an alarm or an event: an unfinished bulk run goes on from there.
  listenForBulkAlarm(bulk.resume);
  void bulk.resume();
});
