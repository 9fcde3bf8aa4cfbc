import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import messages from '../../public/_locales/en/messages.json';
import { type ExtensionBrowser, launchExtensionBrowser } from '../support/extension-browser.ts';
import { closeAll } from '../support/teardown.ts';

/**
 * Every word the UI shows comes from browser.i18n: each text on the popup and the options page, and each
 * accessible name and placeholder, is one of messages.json's messages (its placeholders filled with
 * anything), or data (the address looked up, the provider's names).
 */
let browser: ExtensionBrowser;

beforeAll(async () => {
  browser = await launchExtensionBrowser();
});

afterAll(() => closeAll({ Chromium: browser }));

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const PATTERNS = Object.values(messages).map(
  ({ message }) =>
    new RegExp(
      `^${message
        .split(/\$[A-Z0-9_]+\$/)
        .map(escapeRegExp)
        .join('.+')}$`,
      's',
    ),
);

/**
 * The texts a person reads or hears on a page: text nodes, and accessible names and placeholders. The card's
 * verdict line is one message drawn in parts (the provider's name apart, beside its logo), and an address is
 * written in parts (it breaks only after its @ or a dot, components/AddressText.tsx): each is read whole.
 */
function shownTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const texts: string[] = [document.title];
    const whole = '[data-testid="verdict"], .wl-address, [data-testid="page-address"]';
    for (const line of document.querySelectorAll(whole)) texts.push(line.textContent ?? '');
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.parentElement?.closest(`style, script, ${whole}`)) continue;
      texts.push((node as Text).data);
    }
    for (const element of document.querySelectorAll('[aria-label], [placeholder], [title]'))
      for (const name of ['aria-label', 'placeholder', 'title'])
        if (element.hasAttribute(name)) texts.push(element.getAttribute(name) ?? '');
    return texts.map((text) => text.trim()).filter(Boolean);
  });
}

function notFromMessages(texts: string[], data: string[]): string[] {
  return texts.filter((text) => !data.includes(text) && !PATTERNS.some((pattern) => pattern.test(text)));
}

describe('the UI’s words come from messages.json', () => {
  it('the popup, with an answer from the built-in catalog', async () => {
    const popup = await browser.context.newPage();
    await popup.goto(browser.extensionUrl(`popup.html?lookup=${encodeURIComponent('jane@gmail.com')}`));
    await popup.getByTestId('provider-nice-name').waitFor();
    const texts = await shownTexts(popup);
    expect(texts).toContain(messages.popupOnThisPage.message);
    expect(notFromMessages(texts, ['jane@gmail.com', 'Gmail', 'Google (Public)'])).toEqual([]);
    expect(await popup.title()).toBe(messages.extName.message);
    await popup.close();
  });

  it('the options page', async () => {
    const options = await browser.context.newPage();
    await options.goto(browser.extensionUrl('options.html'));
    await options.getByTestId('cache-count').filter({ hasText: /\S/ }).waitFor();
    const texts = await shownTexts(options);
    expect(texts).toContain(messages.optionsApiKey.message);
    // The language picker names each language in itself, as its speakers look for it: data, not messages.
    const languages = ['English', 'Deutsch', 'Français', 'Español', 'Português (Brasil)', '日本語'];
    expect(texts).toEqual(expect.arrayContaining(languages));
    expect(notFromMessages(texts, languages)).toEqual([]);
    await options.close();
  });

  it('the toolbar button and the extension are named from the messages', async () => {
    const names = await (await browser.worker()).evaluate(async () => {
      const chromeApi = (
        globalThis as unknown as {
          chrome: {
            action: { getTitle(details: object): Promise<string> };
            i18n: { getMessage(key: string): string };
          };
        }
      ).chrome;
      return { title: await chromeApi.action.getTitle({}), name: chromeApi.i18n.getMessage('extName') };
    });
    expect(names).toEqual({ title: messages.extName.message, name: messages.extName.message });
  });
});
