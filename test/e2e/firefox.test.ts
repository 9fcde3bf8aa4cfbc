import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type FirefoxExtensionBrowser,
  firefoxCard,
  hoverText,
  launchFirefoxWithExtension,
  testId,
  until,
} from './support/firefox-browser.ts';
import { type Box, textBox } from './support/in-page.ts';
import { type Backend, startBackend } from './support/stack.ts';
import { underlinePixels } from './support/underline-pixels.ts';

/**
 * The core journey in Debian's Firefox ESR, with the built Firefox extension: the key in options, the hover
 * card and its links, the underline on screen, the popup's list and a lookup by hand, a relay, an unknown
 * key, the catalog without a key, and a site switched off.
 */
let backend: Backend;
let firefox: FirefoxExtensionBrowser;

beforeAll(async () => {
  backend = await startBackend({ credits: 1_000 });
  firefox = await launchFirefoxWithExtension();
  await firefox.configure({
    apiKey: backend.key,
    settings: { baseUrl: backend.proxy.url, hoverDelayMs: 50, disabledSites: [] },
  });
});

afterAll(async () => {
  await firefox?.close();
  await backend?.close();
});

/** Looks an address up in the popup, opened as the context menu opens it, and waits for the answer. */
async function popupLookup(address: string): Promise<Page> {
  const popup = await firefox.openExtensionPage(`popup.html?lookup=${encodeURIComponent(address)}`);
  await until(
    popup,
    (selectors) => !!document.querySelector(selectors.card) && !document.querySelector(selectors.loading),
    { card: testId('result-card'), loading: testId('loading') },
  );
  return popup;
}

/**
 * Types into a field in place of what it held, as a person would: puppeteer's locator().fill() waits with a
 * function the extension pages' CSP refuses in Firefox 140.
 */
async function fill(page: Page, id: string, value: string): Promise<void> {
  await page.click(testId(id), { count: 3 });
  await page.keyboard.press('Backspace');
  await page.keyboard.type(value);
}

const textOf = (page: Page, id: string) =>
  page.evaluate((selector) => document.querySelector(selector)?.textContent ?? null, testId(id));

describe('Firefox', () => {
  it('options: saves the key, and "Test key" says in words that it works', async () => {
    const options = await firefox.openExtensionPage('options.html');
    await fill(options, 'api-key-input', backend.key);
    await fill(options, 'base-url-input', backend.proxy.url);
    await options.click(testId('test-key'));
    await until(
      options,
      (selector) => /The key works/.test(document.querySelector(selector)?.textContent ?? ''),
      testId('test-key-result'),
    );
    await options.click(testId('api-key-save'));
    await until(
      options,
      (selector) => document.querySelector(selector)?.textContent === 'Saved.',
      testId('save-status'),
    );
    const stored = await options.evaluate(async () => {
      const api = (
        globalThis as unknown as {
          browser: { storage: { local: { get(keys: string[]): Promise<Record<string, unknown>> } } };
        }
      ).browser;
      return api.storage.local.get(['apiKey']);
    });
    expect(stored.apiKey).toBe(backend.key);
    await options.close();
  });

  it('underlines the addresses on screen, drawn where a person sees them, and not other text', async () => {
    const { page } = await firefox.openPage(backend.pages.url('plain.html'), 6);
    await until(page, () => (CSS.highlights.get('webmail-lookup')?.size ?? 0) >= 5, undefined);
    const screenshot = Buffer.from(await page.screenshot());
    const address = (await page.evaluate(textBox, 'x7k2@duck.com')) as Box;
    const plainWords = (await page.evaluate(textBox, 'Replies go to')) as Box;
    expect(underlinePixels(screenshot, address)).toBeGreaterThan(20);
    expect(underlinePixels(screenshot, plainWords)).toBe(0);
    await page.close();
  });

  it('the hover card names Gmail, with links to open and search it', async () => {
    const { page } = await firefox.openPage(backend.pages.url('plain.html'), 6);
    await hoverText(page, 'jane.doe+news@gmail.com');
    const card = firefoxCard(page);
    await expect.poll(() => card.text('provider-nice-name'), { timeout: 10_000 }).toBe('Gmail');
    expect(await card.attribute('open-webmail', 'href')).toBe('https://mail.google.com/mail');
    expect(await card.attribute('search-webmail', 'href')).toMatch(
      /^https:\/\/mail\.google\.com\/mail\/#search\/.*jane\.doe%2Bnews%40gmail\.com/,
    );
    await page.close();
  });

  it('the popup lists the tab’s addresses, and looks up one typed by hand', async () => {
    const { page, tabId } = await firefox.openPage(backend.pages.url('plain.html'), 6);
    const popup = await firefox.openExtensionPage(`popup.html?tabId=${tabId}`);
    const listed = await until(
      popup,
      (selector) => {
        const items = [...document.querySelectorAll(selector)].map((item) => item.textContent ?? '');
        return items.length === 6 && items;
      },
      testId('page-address'),
    );
    expect(listed).toEqual(
      expect.arrayContaining(['jane.doe+news@gmail.com', 'Bob@proton.me', 'x7k2@duck.com']),
    );
    await fill(popup, 'lookup-input', 'boss@m365-customer.example.com');
    await popup.click(testId('lookup-submit'));
    await expect.poll(() => textOf(popup, 'provider-nice-name'), { timeout: 10_000 }).toBe('Microsoft 365');
    await popup.close();
    await page.close();
  });

  it('a privacy relay: flagged, and no webmail link', async () => {
    const popup = await popupLookup('x7k2@duck.com');
    expect(
      await popup.evaluate(
        (selector) => document.querySelector(selector)?.getAttribute('data-value'),
        testId('flag-privacy'),
      ),
    ).toBe('true');
    expect(
      await popup.evaluate((selector) => document.querySelector(selector) === null, testId('open-webmail')),
    ).toBe(true);
    await popup.close();
  });

  it('an unknown key: says the key was not accepted', async () => {
    await firefox.configure({ apiKey: 'wl_this_key_does_not_exist' });
    // A domain no earlier test looked up: an answer already cached would need no key.
    const popup = await popupLookup('pat@unknown-key.bench-customer.example.com');
    expect(await textOf(popup, 'error-message')).toMatch(/not accepted/);
    await popup.close();
    await firefox.configure({ apiKey: backend.key });
  });

  it('no key: the built-in catalog answers, and says so', async () => {
    await firefox.configure({ apiKey: '' });
    const popup = await popupLookup('someone@yahoo.com');
    expect(await textOf(popup, 'provider-nice-name')).toBe('Yahoo Mail');
    expect(await textOf(popup, 'result-source')).toMatch(/built-in catalog: no API key/);
    await popup.close();
    await firefox.configure({ apiKey: backend.key });
  });

  it('a site switched off: nothing found, underlined or shown there', async () => {
    await firefox.configure({ settings: { disabledSites: ['127.0.0.1'] } });
    const { page, tabId } = await firefox.newTab();
    await page.goto(backend.pages.url('plain.html'));
    const box = (await page.evaluate(textBox, 'jane.doe+news@gmail.com')) as Box;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 3 });
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await page.evaluate(() => CSS.highlights.has('webmail-lookup'))).toBe(false);
    expect(await page.evaluate(() => document.querySelector('webmail-lookup-card'))).toBeNull();
    expect(await firefox.badgeOf(tabId)).toBe('');
    await firefox.configure({ settings: { disabledSites: [] } });
    await page.close();
  });
});
