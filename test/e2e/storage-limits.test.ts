import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BulkStatus } from '#extension/messaging.ts';
import { answerFamily } from '#extension/stored.ts';
import messages from '../../public/_locales/en/messages.json';
import { BROWSERS, type BrowserDriver, type BrowserName, type PageDriver } from '../support/driver.ts';
import { chromiumCard, hoverText } from '../support/extension-browser.ts';
import {
  type BrowserStack,
  type ExtensionStack,
  startExtensionStack,
  useBrowserStack,
} from '../support/extension-stack.ts';

/**
 * storage.local holds 10 MB in Chromium (QUOTA_BYTES). In Firefox it is an IndexedDB database of the
 * extension's, under Firefox's quota for sites' storage: the profile's preference
 * `dom.quotaManager.temporaryStorage.fixedLimit` (what Tor Browser and privacy-minded profiles set) holds
 * it to 10 MB too, a real quota condition that storage.local's writes meet ("QuotaExceededError").
 */
const FIREFOX_STORAGE_LIMIT_KB = 10 * 1024;

describe('a full storage quota, in Chromium through Playwright', () => {
  let stack: ExtensionStack;

  beforeAll(async () => {
    stack = await startExtensionStack({ credits: 100, settings: { hoverDelayMs: 50 } });
  });

  afterAll(() => stack?.close());

  it('lookups still work from memory, with nothing broken for the person', async () => {
    const filled = await (await stack.browser.worker()).evaluate(async () => {
      const local = (
        globalThis as unknown as {
          chrome: {
            storage: {
              local: { set(values: object): Promise<void>; getBytesInUse(keys: null): Promise<number> };
            };
          };
        }
      ).chrome.storage.local;
      // Fill with ever smaller pieces until not even 32 bytes fit.
      let refused = false;
      let piece = 0;
      for (const size of [1024 * 1024, 64 * 1024, 4 * 1024, 256, 32]) {
        for (let i = 0; i < 16; i++) {
          try {
            await local.set({ [`filler${piece++}`]: 'x'.repeat(size) });
          } catch {
            refused = true;
            break;
          }
        }
      }
      return { refused, bytes: await local.getBytesInUse(null) };
    });
    expect(filled.refused).toBe(true);

    const page = await stack.browser.context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(stack.pages.url('plain.html'));
    await hoverText(page, 'jane.doe+news@gmail.com');
    const card = chromiumCard(page);
    await expect.poll(() => card.text('provider-nice-name')).toBe('Gmail');
    await page.waitForTimeout(500);

    const asked = stack.proxy.countFor('gmail.com');
    await page.mouse.move(1, 1);
    await card.closed();
    await hoverText(page, 'jane.doe+news@gmail.com');
    await expect.poll(() => card.text('provider-nice-name')).toBe('Gmail');
    expect(stack.proxy.countFor('gmail.com')).toBe(asked);
    expect(errors).toEqual([]);
    // The answer came from memory: storage could not take it.
    const stored = await (await stack.browser.worker()).evaluate(async (key) => {
      const local = (
        globalThis as unknown as {
          chrome: { storage: { local: { get(key: string): Promise<Record<string, unknown>> } } };
        }
      ).chrome.storage.local;
      return (await local.get(key))[key] ?? null;
    }, answerFamily.key('gmail.com'));
    expect(stored).toBeNull();
    await page.close();
  });
});

/**
 * Fills storage.local until the browser refuses more, with text that does not compress (Firefox's database
 * compresses what it stores): pieces ever smaller, down to a few bytes refused many times in a row, as
 * Firefox measures its quota by the growth of the database's files and takes a small write now and then.
 * Runs where the extension's pages run.
 */
function fillStorage(browser: BrowserDriver): Promise<number> {
  return browser.inExtension(async (api) => {
    let pieces = 0;
    for (const size of [1024 * 1024, 64 * 1024, 4 * 1024, 256, 32, 4]) {
      let refusedInARow = 0;
      while (refusedInARow < (size > 256 ? 3 : 20)) {
        const bytes = new Uint8Array(Math.ceil((size * 3) / 4));
        for (let offset = 0; offset < bytes.length; offset += 65_536)
          crypto.getRandomValues(bytes.subarray(offset, offset + 65_536));
        let text = '';
        for (let offset = 0; offset < bytes.length; offset += 8_192)
          text += String.fromCharCode(...bytes.subarray(offset, offset + 8_192));
        try {
          await api.storage.local.set({ [`filler${pieces}`]: btoa(text) });
          pieces++;
          refusedInARow = 0;
        } catch {
          refusedInARow++;
        }
      }
    }
    return pieces;
  }, null);
}

/** The bulk run's alarm, or null: while it is set, a stopped background is woken to go on with the run. */
const bulkAlarm = (browser: BrowserDriver) =>
  browser.inExtension(
    async (api) =>
      (await (api as unknown as { alarms: { get(name: string): Promise<unknown> } }).alarms.get(
        'bulk-run',
      )) ?? null,
    null,
  );

/** Letters and digits no compressor can shorten much. */
const randomText = (length: number) =>
  Array.from(randomBytes(length), (byte) => 'abcdefghijklmnopqrstuvwxyz0123456789'[byte % 36]).join('');

/**
 * A list of 60 leads at domains of their own, each a credit (the fixture's `*.bench-customer.example.com`).
 * Their names and domains are random: what the extension writes of the list (the page's list, the run's job)
 * then takes a few KB even compressed, more than a full Firefox database has room for now and then.
 */
function leads(): { domains: string[]; text: string } {
  const domains = Array.from({ length: 60 }, () => `lead-${randomText(40)}.bench-customer.example.com`);
  const text = domains.map((domain) => `${randomText(30)} <lead@${domain}>`).join('\n');
  return { domains, text };
}

/** A person's own settings that take a few KB: a hundred sites turned off. */
const manySitesOff = () => Array.from({ length: 100 }, () => `${randomText(30)}.example`);

/** The stack of a suite here: the browser's storage quota held to 10 MB in Firefox too, and settings of a few KB. */
function useFullStoreStack(name: BrowserName): BrowserStack {
  return useBrowserStack(name, {
    credits: 200,
    settings: { disabledSites: manySitesOff() },
    launch: { firefoxPrefs: { 'dom.quotaManager.temporaryStorage.fixedLimit': FIREFOX_STORAGE_LIMIT_KB } },
  });
}

/** What the tests here do with a list on the bulk page, and what they ask the service and the extension. */
function bulkSteps(stack: BrowserStack) {
  const requests = () => stack.backend.proxy.requests;
  return {
    /** The domains the service charged for, one entry per charge. */
    charged: () =>
      requests()
        .filter((request) => request.response?.status === 200)
        .map((request) => (request.body as { email: string }).email),
    async openBulk(list: { domains: string[]; text: string }) {
      const page = await stack.browser.openExtensionPage(`bulk.html#text=${encodeURIComponent(list.text)}`);
      await expect.poll(() => page.attribute('bulk-cost', 'data-count')).toBe(String(list.domains.length));
      return page;
    },
    /** Cancels the run once it has looked up `after` domains, and waits for the lookups on their way. */
    async cancelMidway(page: PageDriver, after: number) {
      const done = async () => Number(await page.attribute('bulk-status', 'data-done'));
      await expect.poll(done, { timeout: 60_000 }).toBeGreaterThanOrEqual(after);
      await page.click('bulk-cancel');
      await expect.poll(() => page.attribute('bulk-status', 'data-state')).toBe('cancelled');
      const asked = requests().length;
      await expect.poll(() => requests().every((request) => request.response || request.dropped)).toBe(true);
      stack.backend.proxy.setDelay(0);
      return asked;
    },
    /**
     * Nothing goes on with a run: no alarm to wake the background, and the background, asked where the run is
     * (as the bulk page asks, which takes a run up), has none going on. Gives what it answered.
     */
    async nothingToTakeUp(page: PageDriver): Promise<BulkStatus | null> {
      expect(await bulkAlarm(stack.browser)).toBeNull();
      const status = (await page.evaluate(() => {
        const { runtime } = ((globalThis as { browser?: unknown }).browser ??
          (globalThis as { chrome?: unknown }).chrome) as {
          runtime: { sendMessage(message: object): Promise<unknown> };
        };
        return runtime.sendMessage({ type: 'bulk-status' });
      }, null)) as BulkStatus | null;
      expect(status?.state ?? 'none').not.toBe('running');
      return status;
    },
  };
}

describe.each(BROWSERS)('a full storage.local in %s', (name) => {
  const stack = useFullStoreStack(name);
  const steps = bulkSteps(stack);

  it('a list run, cancelled, and a key saved: no domain paid twice, Cancel stops it, and the person is told what was not saved', async () => {
    expect(await fillStorage(stack.browser)).toBeGreaterThan(0);
    const list = leads();
    const page = await steps.openBulk(list);
    stack.backend.proxy.setDelay(1_000);
    await page.click('bulk-start');
    const asked = await steps.cancelMidway(page, 4);
    // Nothing started after Cancel, and nothing is left to start anything.
    const status = await steps.nothingToTakeUp(page);
    expect(stack.backend.proxy.requests).toHaveLength(asked);
    expect(steps.charged()).toEqual([...new Set(steps.charged())]);

    // The page says what storage would not keep: the list, the run's results.
    const draft = (await stack.browser.stored(['bulkDraft'])).bulkDraft as { text: string } | undefined;
    const notKept = [
      ...(draft?.text === list.text ? [] : [messages.bulkDraftNotSaved.message]),
      ...(status?.saved ? [] : [messages.bulkResultsNotSaved.message]),
    ];
    await expect.poll(() => page.texts('bulk-not-saved')).toEqual(notKept);
    if (stack.browser.storageQuotaExact) expect(notKept).toHaveLength(2);
    await page.close();

    // A new key, and more sites turned off: settings that grow, as a full store has no room for.
    const options = await stack.browser.openOptions();
    await options.fill('api-key-input', 'wl_a_new_key');
    await options.fill('disabled-sites-input', manySitesOff().join('\n'));
    await options.click('api-key-save');
    await options.waitFor('save-status');
    const keySaved = (await stack.browser.stored(['apiKey'])).apiKey === 'wl_a_new_key';
    expect(await options.text('save-status')).toBe(
      keySaved ? messages.optionsSaved.message : messages.optionsNotSaved.message,
    );
    if (stack.browser.storageQuotaExact) expect(keySaved).toBe(false);
    // Where the quota is not exact (Firefox), the store was still full: something was refused, and said so.
    expect([...notKept, ...(keySaved ? [] : ['the key'])]).not.toEqual([]);
    await options.close();
  }, 120_000);
});

describe.each(BROWSERS)('storage.local filling up during a run in %s', (name) => {
  const stack = useFullStoreStack(name);
  const steps = bulkSteps(stack);

  it('what storage holds of the run is never taken up again to pay twice', async () => {
    const list = leads();
    const page = await steps.openBulk(list);
    stack.backend.proxy.hold();
    await page.click('bulk-start');
    await expect.poll(() => stack.backend.proxy.heldCount()).toBe(4);
    expect(((await stack.browser.stored(['bulkJob'])).bulkJob as { state: string }).state).toBe('running');

    await fillStorage(stack.browser);
    stack.backend.proxy.setDelay(1_000);
    stack.backend.proxy.releaseHeld();
    const asked = await steps.cancelMidway(page, 8);
    await page.close();

    // The background ends, its session storage kept. No alarm wakes it; the bulk page opened again does, and
    // the new background finds no run to take up.
    await stack.browser.endBackgroundProcess();
    const again = await stack.browser.openExtensionPage('bulk.html');
    await again.waitFor('bulk-input');
    await steps.nothingToTakeUp(again);
    expect(stack.backend.proxy.requests).toHaveLength(asked);
    const charged = steps.charged();
    expect(charged.filter((domain) => list.domains.includes(domain)).length).toBeGreaterThanOrEqual(8);
    expect(charged).toEqual([...new Set(charged)]);
    await again.close();
  }, 120_000);
});
