import { describe, expect, it } from 'vitest';
import type { Settings } from '#extension/settings.ts';
import { FORTY_ADDRESSES, fortyAddressesPage } from '#test/fixtures/forty-addresses.ts';
import german from '../../public/_locales/de/messages.json';
import english from '../../public/_locales/en/messages.json';
import spanish from '../../public/_locales/es/messages.json';
import french from '../../public/_locales/fr/messages.json';
import japanese from '../../public/_locales/ja/messages.json';
import portuguese from '../../public/_locales/pt_BR/messages.json';
import { BROWSERS, type BrowserDriver, type PageDriver } from '../support/driver.ts';
import { type BrowserStack, useBrowserStack } from '../support/extension-stack.ts';
import { layoutProblems } from '../support/layout-check.ts';

/**
 * Every shipped language fits every page: the popup (at its own width) on a tab of 40 addresses at 16
 * domains, the card over the page, the options, welcome and bulk pages. No text clipped, none over another,
 * none past the popup's edge, no button's label on two lines, and no address broken inside a label
 * (test/support/layout-check.ts gives the rules); the popup keeps the 40 addresses within 2,400 px. The
 * language is set by the setting, in one browser per suite.
 */
type Messages = Record<string, { message: string }>;
type Language = Settings['language'];

/** A message of a locale's messages.json. */
function say(messages: Messages, key: string): string {
  const entry = messages[key];
  if (!entry) throw new Error(`no message ${key}`);
  return entry.message;
}

const LOCALES: [Language, Messages][] = [
  ['en', english],
  ['de', german],
  ['fr', french],
  ['es', spanish],
  ['pt_BR', portuguese],
  ['ja', japanese],
];

/** The popup's height for the 40 addresses, all answered: a list a person scans in a few screens. */
const MAX_POPUP_HEIGHT_PX = 2_400;

/** The cards opened over the page: the longest address with a `+tag`, and a company domain's. */
const CARD_ADDRESSES = ['jane.doe+news@gmail.com', 'sales@workspace-customer.example.com'];

/**
 * Renders the rows off screen too, as a person who scrolls through the list sees each of them: the popup's
 * rows skip their rendering until they come near the screen (content-visibility), and the check reads only
 * what is rendered.
 */
function renderEveryRow(): void {
  const style = document.createElement('style');
  style.textContent = '* { content-visibility: visible !important; }';
  document.head.append(style);
}

async function setLanguage(browser: BrowserDriver, language: Language): Promise<void> {
  await browser.configure({ settings: { language } });
}

/** An extension page, once it speaks `messages`' language: `testId`'s text is the message `key`. */
async function openIn(
  browser: BrowserDriver,
  path: string,
  [testId, key]: [string, string],
  messages: Messages,
): Promise<PageDriver> {
  const page = await browser.openExtensionPage(path);
  await expect.poll(() => page.text(testId)).toBe(say(messages, key));
  return page;
}

/** The popup on the tab, every domain answered: those beyond the budget looked up as a person confirms. */
async function answeredPopup(stack: BrowserStack, messages: Messages): Promise<PageDriver> {
  const popup = await stack.browser.openPopup({ tab: stack.page });
  await expect
    .poll(() => popup.attribute('list-filter', 'placeholder'))
    .toBe(say(messages, 'popupFilterPlaceholder'));
  await expect.poll(() => popup.count('page-address')).toBe(FORTY_ADDRESSES.length);
  if ((await popup.count('lookup-rest')) > 0) {
    await popup.click('lookup-rest');
    await popup.click('lookup-rest-confirm');
  }
  const unanswered = '[data-testid="address-row"]:is([data-state="not-looked-up"], [data-state="loading"])';
  await expect.poll(() => popup.count(unanswered), { timeout: 60_000 }).toBe(0);
  return popup;
}

async function expectPopupFits(stack: BrowserStack, language: Language, messages: Messages): Promise<void> {
  const popup = await answeredPopup(stack, messages);
  await popup.evaluate(renderEveryRow, null);
  expect(await popup.count('address-row'), language).toBe(FORTY_ADDRESSES.length);
  expect(await popup.evaluate(layoutProblems, null), language).toEqual([]);
  const height = await popup.evaluate(() => document.documentElement.scrollHeight, null);
  expect(height, `${language}: the popup's height for 40 addresses`).toBeLessThanOrEqual(MAX_POPUP_HEIGHT_PX);
  // A row's full card, opened under it, fits too: the longest address's.
  await popup.click('[data-testid="address-row"][data-address="christopher.montgomery-smith@gmail.com"]');
  await popup.waitFor('result-card');
  expect(await popup.evaluate(layoutProblems, null), `${language}, a row's card`).toEqual([]);
  await popup.close();
}

async function expectCardsFit(page: PageDriver, language: Language): Promise<void> {
  for (const address of CARD_ADDRESSES) {
    await page.showCardOf(address);
    // Its details open too, as a person opens them, so that the names in them are checked.
    await page.card.click('summary');
    expect(await page.card.run(layoutProblems, null), `${language}: ${address}`).toEqual([]);
  }
}

/** The bulk page with the 40 addresses looked up: their domains are cached by then, so the run is free. */
async function expectBulkFits(browser: BrowserDriver, language: Language, messages: Messages): Promise<void> {
  const bulk = await browser.openExtensionPage(
    `bulk.html#text=${encodeURIComponent(FORTY_ADDRESSES.join('\n'))}`,
  );
  await expect.poll(() => bulk.attribute('bulk-cost', 'data-count')).toBe('0');
  await bulk.click('bulk-start');
  await expect.poll(() => bulk.count('bulk-row'), { timeout: 60_000 }).toBe(FORTY_ADDRESSES.length);
  expect(await bulk.text('bulk-download')).toBe(say(messages, 'bulkDownload'));
  expect(await bulk.evaluate(layoutProblems, null), `${language}: bulk`).toEqual([]);
  await bulk.close();
}

describe.each(BROWSERS)('in %s', (name) => {
  const stack = useBrowserStack(name, {
    credits: 100,
    page: { html: fortyAddressesPage(), addresses: FORTY_ADDRESSES.length },
  });

  it.each(LOCALES)(
    '%s fits the popup of 40 addresses, the card, and the options, welcome and bulk pages',
    async (language, messages) => {
      await setLanguage(stack.browser, language);
      await expectPopupFits(stack, language, messages);
      await expectCardsFit(stack.page, language);

      const options = await openIn(stack.browser, 'options.html', ['api-key-save', 'optionsSave'], messages);
      expect(await options.evaluate(layoutProblems, null), `${language}: options`).toEqual([]);
      await options.close();

      const welcome = await openIn(
        stack.browser,
        'welcome.html',
        ['welcome-key-save', 'welcomeKeySave'],
        messages,
      );
      await welcome.waitForAnswer();
      expect(await welcome.evaluate(layoutProblems, null), `${language}: welcome`).toEqual([]);
      await welcome.close();

      await expectBulkFits(stack.browser, language, messages);
    },
  );
});
