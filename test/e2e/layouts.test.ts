import { describe, expect, it } from 'vitest';
import type { Settings } from '#extension/settings.ts';
import { PLAIN_ADDRESSES } from '#test/fixtures/plain-page.ts';
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
 * German's long words and Japanese's unbroken lines fit the card, the popup (at its own width) and the
 * options page: no text clipped, none over another, no button's label on two lines (test/support/
 * layout-check.ts gives the rule). The language is set by the setting, in one browser per suite.
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

const CARD_ADDRESSES = ['jane.doe+news@gmail.com', 'sales@workspace-customer.example.com'];

async function setLanguage(browser: BrowserDriver, language: Language): Promise<void> {
  await browser.configure({ settings: { language } });
}

/** The options page, once it speaks `messages`' language. */
async function openOptionsIn(browser: BrowserDriver, messages: Messages): Promise<PageDriver> {
  const options = await browser.openOptions();
  await expect.poll(() => options.text('api-key-save')).toBe(say(messages, 'optionsSave'));
  return options;
}

async function expectPopupFits(stack: BrowserStack, tab: PageDriver, messages: Messages): Promise<void> {
  const popup = await stack.browser.openPopup({ tab });
  // Every row answered: the free-mail mark is drawn in the language's word.
  const mark = '[data-testid="flag-freemail"][data-value="true"]';
  await expect.poll(() => popup.texts(mark)).toContain(say(messages, 'popupMarkFreemail'));
  expect(await popup.evaluate(layoutProblems, null)).toEqual([]);
  await popup.close();
}

async function expectCardsFit(page: PageDriver): Promise<void> {
  for (const address of CARD_ADDRESSES) {
    await page.showCardOf(address);
    // Its details open too, as a person opens them, so that the names in them are checked.
    await page.card.click('summary');
    expect(await page.card.run(layoutProblems, null), address).toEqual([]);
  }
}

describe.each(BROWSERS)('in %s', (name) => {
  const stack = useBrowserStack(name, { credits: 100 });

  it.each([
    ['de', german],
    ['ja', japanese],
  ] as [Language, Messages][])(
    '%s fits the popup, the options page and the card',
    async (language, messages) => {
      await setLanguage(stack.browser, language);
      const page = await stack.browser.openPage(
        stack.backend.pages.url('plain.html'),
        PLAIN_ADDRESSES.length,
      );
      await expectPopupFits(stack, page, messages);
      const options = await openOptionsIn(stack.browser, messages);
      expect(await options.evaluate(layoutProblems, null)).toEqual([]);
      await options.close();
      await expectCardsFit(page);
      await page.close();
    },
  );

  it('the options page’s buttons keep their labels on one line in every shipped language', async () => {
    for (const [language, messages] of LOCALES) {
      await setLanguage(stack.browser, language);
      const options = await openOptionsIn(stack.browser, messages);
      const wrapped = (await options.evaluate(layoutProblems, null)).filter(
        (problem) => problem.kind === 'wrapped',
      );
      expect(wrapped, language).toEqual([]);
      expect(await options.text('test-key'), language).toBe(say(messages, 'optionsTestKey'));
      await options.close();
    }
    await setLanguage(stack.browser, 'browser');
  });
});
