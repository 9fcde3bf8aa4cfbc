import { describe, expect, it } from 'vitest';
import { fillMessage } from '#extension/i18n.ts';
import { PLAIN_ADDRESSES } from '#test/fixtures/plain-page.ts';
import german from '../../public/_locales/de/messages.json';
import french from '../../public/_locales/fr/messages.json';
import japanese from '../../public/_locales/ja/messages.json';
import { BROWSERS, type BrowserDriver, type PageDriver } from '../support/driver.ts';
import { type BrowserStack, useBrowserStack } from '../support/extension-stack.ts';

/**
 * The extension in the person's language, in each browser: started with the browser in German or Japanese,
 * every page and the card speak it; the language setting wins over the browser's, and the policy over both.
 */
type Messages = Record<string, { message: string; placeholders?: Record<string, { content: string }> }>;

/** A message filled in as the extension fills it, its substitutions ($1, $2...) in order. */
function say(messages: Messages, key: string, ...substitutions: string[]): string {
  const entry = messages[key];
  if (!entry) throw new Error(`no message ${key}`);
  return fillMessage(entry, substitutions);
}

const FREE_MAIL_ADDRESS = 'jane.doe+news@gmail.com';

/** The card on a page the extension found the addresses of, opened on a free-mail address. */
async function cardOn(stack: BrowserStack): Promise<PageDriver> {
  const page = await stack.browser.openPage(stack.backend.pages.url('plain.html'), PLAIN_ADDRESSES.length);
  await page.showCardOf(FREE_MAIL_ADDRESS);
  return page;
}

async function expectCardIn(page: PageDriver, messages: Messages): Promise<void> {
  expect(await page.card.text('verdict')).toBe(say(messages, 'cardVerdictFreeMail', 'Gmail'));
  expect(await page.card.text('open-webmail')).toBe(say(messages, 'cardOpenWebmail'));
}

async function expectPopupIn(browser: BrowserDriver, tab: PageDriver, messages: Messages): Promise<void> {
  const popup = await browser.openPopup({ tab });
  await expect
    .poll(() => popup.text('summary-addresses'))
    .toBe(say(messages, 'popupSummaryAddresses_other', '6'));
  // The free-mail mark is a word of the language, named in full for a screen reader.
  const mark = '[data-testid="flag-freemail"][data-value="true"]';
  await expect.poll(() => popup.texts(mark)).toContain(say(messages, 'popupMarkFreeMail'));
  expect(await popup.attribute(mark, 'aria-label')).toBe(say(messages, 'flagFreeMail'));
  await popup.close();
}

async function expectOptionsIn(
  browser: BrowserDriver,
  messages: Messages,
  lang: string,
): Promise<PageDriver> {
  const options = await browser.openOptions();
  await expect.poll(() => options.text('api-key-save')).toBe(say(messages, 'optionsSave'));
  expect(await options.evaluate(() => [document.title, document.documentElement.lang], null)).toEqual([
    say(messages, 'optionsTitle'),
    lang,
  ]);
  return options;
}

async function expectWelcomeAndBulkIn(browser: BrowserDriver, messages: Messages): Promise<void> {
  const welcome = await browser.openExtensionPage('welcome.html');
  await expect.poll(() => welcome.evaluate(() => document.title, null)).toBe(say(messages, 'welcomeTitle'));
  await welcome.close();
  const bulk = await browser.openExtensionPage('bulk.html');
  await bulk.waitFor('bulk-input');
  await bulk.fill('bulk-input', 'a@one.example.com\nb@two.example.com\nc@three.example.com');
  // Three domains none of which is cached: the form each language's rules give 3 ("other" in both).
  await expect.poll(() => bulk.text('bulk-start')).toBe(say(messages, 'bulkStart_other', '3'));
  await bulk.close();
}

/** The card, the popup, options, welcome and the bulk page, each read in one language. */
async function expectEverywhereIn(stack: BrowserStack, messages: Messages, locale: string): Promise<void> {
  const page = await cardOn(stack);
  await expectCardIn(page, messages);
  await expectPopupIn(stack.browser, page, messages);
  await page.close();
  await (await expectOptionsIn(stack.browser, messages, locale)).close();
  await expectWelcomeAndBulkIn(stack.browser, messages);
}

describe.each(BROWSERS)('in %s', (name) => {
  describe('started in German', () => {
    const stack = useBrowserStack(name, { credits: 100, launch: { language: 'de' } });

    it('the card, the popup, options, welcome and the bulk page speak German', async () => {
      await expectEverywhereIn(stack, german, 'de');
    });

    it('the language setting wins over the browser’s: Japanese everywhere, the card included', async () => {
      await stack.browser.configure({ settings: { language: 'ja' } });
      await expectEverywhereIn(stack, japanese, 'ja');
      const options = await expectOptionsIn(stack.browser, japanese, 'ja');
      expect((await options.field('language-input'))?.value).toBe('ja');
      // An open page follows a change at once: it reloads itself in the new language.
      await stack.browser.configure({ settings: { language: 'fr' } });
      await expect.poll(() => options.text('api-key-save')).toBe(say(french, 'optionsSave'));
      await options.close();
      await stack.browser.configure({ settings: { language: 'browser' } });
    });
  });

  describe('started in Japanese', () => {
    const stack = useBrowserStack(name, { credits: 100, launch: { language: 'ja' } });

    it('the card, the popup, options, welcome and the bulk page speak Japanese', async () => {
      await expectEverywhereIn(stack, japanese, 'ja');
    });
  });

  describe('with the language set by policy', () => {
    const stack = useBrowserStack(name, {
      credits: 100,
      launch: { language: 'de', managed: { language: 'fr' } },
      settings: { language: 'ja' },
    });

    it('speaks the organisation’s language over the person’s and the browser’s, and shows it locked', async () => {
      const page = await cardOn(stack);
      await expectCardIn(page, french);
      await page.close();
      const options = await expectOptionsIn(stack.browser, french, 'fr');
      const field = await options.field('language-input');
      expect(field).toMatchObject({ value: 'fr', disabled: true });
      await options.close();
    });
  });
});
