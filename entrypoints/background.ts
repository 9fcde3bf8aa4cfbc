import { type Browser, browser } from 'wxt/browser';
import { defineBackground } from 'wxt/utils/define-background';
import { z } from 'zod';
import { getWebmailInfo } from '#core/api/client.ts';
import { contextMenuQuery } from '#core/email/context-query.ts';
import { domainOf } from '#core/email/extract.ts';
import { keepStorageFromContentScripts, toolbarButton } from '#extension/browser-differences.ts';
import { describeResult } from '#extension/describe-result.ts';
import { t } from '#extension/i18n.ts';
import { LOOKUP_COMMAND, QUERY_UNDER_FOCUS } from '#extension/keyboard-command.ts';
import type { Responses, TabSummary } from '#extension/messaging.ts';
import { lookupTarget, managedFields, managedValues } from '#settings/managed.ts';
import { isSiteDisabled } from '#settings/schema.ts';
import { apiKeyItem, loadLookupTarget, loadManagedSettings, loadSettings } from '#settings/storage.ts';
import { createAnswerCache } from '#worker/answer-cache.ts';
import { lookUpForCard } from '#worker/card-lookup.ts';
import { createHoverBudgets } from '#worker/hover-budget.ts';
import { createLookupService } from '#worker/lookup-service.ts';
import {
  CONTENT_SCRIPT_REQUESTS,
  queryUnderFocusSchema,
  type Request,
  requestSchema,
} from '#worker/request-schema.ts';
import { createTabBudgets } from '#worker/tab-budget.ts';

const CONTEXT_MENU_ID = 'lookup-webmail-provider';
/** Tab address lists live in session storage, so a restarted worker still knows them. */
const tabKey = (tabId: number) => `tabAddresses:${tabId}`;
const frameAddressesSchema = z.record(z.string(), z.array(z.string()));

export default defineBackground(() => {
  // Storage holds the API key: only the extension's own pages and this worker may read it.
  keepStorageFromContentScripts(browser);

  const cache = createAnswerCache({
    get: (keys) => browser.storage.local.get(keys),
    set: (items) => browser.storage.local.set(items),
    remove: (keys) => browser.storage.local.remove(keys),
  });
  const service = createLookupService({
    cache,
    callApi: async () => {
      const { apiKey, baseUrl } = await loadLookupTarget();
      if (!apiKey) return null;
      return (request) => getWebmailInfo(request, { baseUrl, apiKey });
    },
    foundTtlMs: async () => (await loadSettings()).cacheTtlHours * 3600 * 1000,
  });
  const budgets = createTabBudgets();
  const hoverBudgets = createHoverBudgets({
    get: (key) => browser.storage.session.get(key),
    set: (items) => browser.storage.session.set(items),
    remove: (key) => browser.storage.session.remove(key),
  });
  const extensionOrigin = browser.runtime.getURL('/');

  /** Each frame of a tab reports its own addresses; the tab's list is their union. */
  async function frameAddresses(tabId: number): Promise<Record<string, string[]>> {
    const stored = (await browser.storage.session.get(tabKey(tabId)))[tabKey(tabId)];
    const parsed = frameAddressesSchema.safeParse(stored);
    return parsed.success ? parsed.data : {};
  }

  /**
   * Frames report at the same moment; each tab's updates run one after another on a promise chain, so no
   * read-modify-write of its list loses another frame's report.
   */
  const tabUpdates = new Map<number, Promise<Record<string, string[]>>>();
  function updateFrames(
    tabId: number,
    update: (frames: Record<string, string[]>) => Record<string, string[]>,
  ): Promise<Record<string, string[]>> {
    const next = (tabUpdates.get(tabId) ?? frameAddresses(tabId)).then(async (frames) => {
      const updated = update(frames);
      await browser.storage.session.set({ [tabKey(tabId)]: updated });
      return updated;
    });
    tabUpdates.set(
      tabId,
      next.catch(() => ({})),
    );
    return next;
  }

  function forgetTab(tabId: number): void {
    budgets.reset(tabId);
    tabUpdates.delete(tabId);
    void browser.storage.session.remove(tabKey(tabId));
  }

  async function tabAddresses(tabId: number): Promise<string[]> {
    return [...new Set(Object.values(await (tabUpdates.get(tabId) ?? frameAddresses(tabId))).flat())];
  }

  async function tabSummary(tabId: number): Promise<TabSummary> {
    const addresses = await tabAddresses(tabId);
    const domains = [...new Set(addresses.map(domainOf))];
    const results: TabSummary['results'] = {};
    await Promise.all(
      domains.map(async (domain) => {
        const cached = await service.cached(domain);
        results[domain] = cached ?? (budgets.take(tabId, domain) ? await service.lookup(domain) : null);
      }),
    );
    return { addresses, results, budgetLeft: budgets.left(tabId) };
  }

  async function testKey(typedKey: string, typedBaseUrl: string): Promise<Responses['test-key']> {
    // A key the organisation set is the one in force, whatever the page sends (it never sees that key), and
    // it goes only where the organisation's policy sends it.
    const target = lookupTarget({ apiKey: typedKey, baseUrl: typedBaseUrl }, await loadManagedSettings());
    if (!target.apiKey) return { ok: false, title: t('testKeyEmpty'), detail: '' };
    const outcome = await getWebmailInfo({ email: 'gmail.com' }, { ...target, retries: 0 });
    if (outcome.kind === 'found') {
      return {
        ok: true,
        title: t('testKeyWorks'),
        detail: t('testKeyWorksDetail'),
      };
    }
    const result =
      outcome.kind === 'unknown-key'
        ? ({ state: 'unknown-key', message: outcome.message } as const)
        : outcome.kind === 'billing'
          ? ({ state: 'billing', message: outcome.message, topUpUrl: outcome.topUpUrl } as const)
          : ({ state: 'unreachable', message: outcome.message } as const);
    const words = describeResult(result);
    return { ok: false, title: words.title, detail: outcome.message };
  }

  async function handle(
    request: Request,
    tabId: number | undefined,
    frameId: number | undefined,
  ): Promise<Responses[Request['type']]> {
    switch (request.type) {
      case 'lookup': {
        const domain = request.domain.toLowerCase();
        const refresh = request.refresh ?? false;
        // Only a content script's request comes with a tab: the extension's own pages are the person's.
        return tabId === undefined
          ? service.lookup(domain, { refresh })
          : lookUpForCard(service, hoverBudgets, tabId, {
              domain,
              refresh,
              intent: request.intent ?? 'hover',
            });
      }
      case 'cached':
        return service.cached(request.domain.toLowerCase());
      case 'report-addresses': {
        if (tabId === undefined) return { count: 0 };
        const frames = await updateFrames(tabId, (current) => ({
          ...current,
          [String(frameId ?? 0)]: [...new Set(request.addresses)],
        }));
        const count = new Set(Object.values(frames).flat()).size;
        await toolbarButton(browser).setBadgeText({ tabId, text: count ? String(count) : '' });
        return { count };
      }
      case 'tab-summary':
        return tabSummary(request.tabId);
      case 'test-key':
        return testKey(request.apiKey, request.baseUrl);
      case 'content-settings': {
        const settings = await loadSettings();
        return {
          enabled: !isSiteDisabled(settings, request.hostname),
          hoverDelayMs: settings.hoverDelayMs,
          searchQueryTemplate: settings.searchQueryTemplate,
          gmailIntegration: settings.gmailIntegration,
          outlookIntegration: settings.outlookIntegration,
          sendingAddresses: settings.sendingAddresses,
        };
      }
      case 'open-options':
        await browser.runtime.openOptionsPage();
        return { opened: true };
      case 'managed-settings': {
        const managed = await loadManagedSettings();
        return { fields: managedFields(managed), settings: managedValues(managed) };
      }
      case 'cache-stats':
        return { entries: await cache.size() };
      case 'clear-cache':
        await cache.clear();
        return { entries: 0 };
    }
  }

  browser.runtime.onMessage.addListener((message: unknown, sender: Browser.runtime.MessageSender) => {
    if (sender.id !== browser.runtime.id) return undefined;
    const parsed = requestSchema.safeParse(message);
    if (!parsed.success) return undefined;
    const fromExtensionPage = sender.url?.startsWith(extensionOrigin) ?? false;
    if (!fromExtensionPage && (!sender.tab || !CONTENT_SCRIPT_REQUESTS.has(parsed.data.type)))
      return undefined;
    const answer = fromExtensionPage
      ? handle(parsed.data, undefined, undefined)
      : handle(parsed.data, sender.tab?.id, sender.frameId);
    // No answer rather than a rejection: content scripts use the browser's own messaging, to which the
    // polyfill's way of passing a rejection means nothing; every sender treats no answer as a failure.
    return answer.catch((error: unknown) => {
      console.error(`Webmail Lookup: ${parsed.data.type} failed`, error);
      return undefined;
    });
  });

  browser.tabs.onUpdated.addListener((tabId, change) => {
    if (change.status === 'loading') forgetTab(tabId);
  });
  browser.tabs.onRemoved.addListener((tabId) => {
    forgetTab(tabId);
    hoverBudgets.forget(tabId);
  });

  browser.runtime.onInstalled.addListener(async ({ reason }) => {
    // A first install, not an update: the welcome page takes the key and shows what the card will be.
    if (reason === 'install') void browser.tabs.create({ url: browser.runtime.getURL('/welcome.html') });
    // `npm start` builds with the local service's demo key so the product works on first run.
    const demoKey = import.meta.env.WXT_DEMO_API_KEY;
    if (demoKey && !(await apiKeyItem.getValue())) await apiKeyItem.setValue(demoKey);
    browser.contextMenus.create({
      id: CONTEXT_MENU_ID,
      title: t('contextMenuLookup'),
      contexts: ['selection', 'link'],
      targetUrlPatterns: ['mailto:*'],
    });
  });
  /** The popup in a window of its own, looking up `query` at once (the context menu, the shortcut). */
  function openLookupWindow(query: string): void {
    void browser.windows.create({
      url: `${browser.runtime.getURL('/popup.html')}?lookup=${encodeURIComponent(query)}`,
      type: 'popup',
      width: 400,
      height: 560,
    });
  }

  browser.contextMenus.onClicked.addListener((info) => {
    if (info.menuItemId !== CONTEXT_MENU_ID) return;
    openLookupWindow(contextMenuQuery(info));
  });

  // The shortcut: the selected text or focused address on the active tab; the popup's empty form where
  // the page has none (or no content script, as on the browser's own pages).
  browser.commands.onCommand.addListener(async (command) => {
    if (command !== LOOKUP_COMMAND) return;
    const [tab] = await browser.tabs.query({ active: true, currentWindow: true });
    const answer: unknown =
      tab?.id === undefined
        ? null
        : await browser.tabs.sendMessage(tab.id, { type: QUERY_UNDER_FOCUS }).catch(() => null);
    const parsed = queryUnderFocusSchema.safeParse(answer);
    openLookupWindow(parsed.success ? parsed.data.query : '');
  });
});
