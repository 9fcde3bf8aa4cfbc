import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import messages from '../../public/_locales/en/messages.json';
import { type ExtensionStack, startExtensionStack } from '../support/extension-stack.ts';
import { selectText } from '../support/in-page.ts';

/** The keyboard shortcut in Chromium: it looks up the selected text or the focused address. */
let stack: ExtensionStack;

beforeAll(async () => {
  stack = await startExtensionStack({ credits: 100 });
});

afterAll(() => stack?.close());

type ChromeApi = {
  commands: { getAll(): Promise<{ name: string; shortcut: string; description: string }[]> };
  tabs: { sendMessage(tabId: number, message: object): Promise<unknown> };
};

/** What the background hears back from the page when the shortcut is pressed there. */
async function askPage(page: Page): Promise<unknown> {
  const tabId = await stack.browser.tabIdOf(page);
  return (await stack.browser.worker()).evaluate(
    (id) =>
      (globalThis as unknown as { chrome: ChromeApi }).chrome.tabs.sendMessage(id, {
        type: 'query-under-focus',
      }),
    tabId,
  );
}

describe('the keyboard shortcut', () => {
  it('is declared as a command with a suggested key and words for the browser’s shortcut settings', async () => {
    const commands = await (await stack.browser.worker()).evaluate(() =>
      (globalThis as unknown as { chrome: ChromeApi }).chrome.commands.getAll(),
    );
    expect(commands.find((command) => command.name === 'lookup-selection')).toMatchObject({
      shortcut: 'Alt+Shift+L',
      description: messages.commandLookup.message,
    });
  });

  it('the page tells the background the selected text, else the focused address', async () => {
    const page = await stack.browser.context.newPage();
    await page.goto(stack.pages.url('plain.html'));
    await expect.poll(() => stack.browser.badgeOf(page)).toBe('6');
    expect(await page.evaluate(selectText, 'jane.doe+news@gmail.com')).toBe(true);
    expect(await askPage(page)).toEqual({ query: 'jane.doe+news@gmail.com' });
    await page.evaluate(() => getSelection()?.removeAllRanges());
    await page.focus('#mailto');
    expect(await askPage(page)).toEqual({ query: 'Bob@proton.me' });
    await page.close();
  });
});
