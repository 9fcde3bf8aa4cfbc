import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe.ts';
import { chromiumCard, hoverText } from './support/extension-browser.ts';
import { cardLooks, DARK_BACKGROUND, LIGHT_BACKGROUND, THEMED_EXTENSION_PAGES } from './support/palette.ts';
import { type ExtensionStack, startExtensionStack } from './support/stack.ts';

/**
 * Dark mode in Chromium: the card follows the page under it (Gmail's dark theme, gmail-dark.html, paints its
 * own dark backgrounds inside an unpainted body), the popup and the options page follow the system, and every text
 * keeps WCAG AA contrast (axe's color-contrast rule) in both themes.
 */
let stack: ExtensionStack;

beforeAll(async () => {
  stack = await startExtensionStack({
    credits: 100,
    settings: { hoverDelayMs: 50 },
    generatedPages: {
      'system-theme.html': `<!doctype html><meta name="color-scheme" content="light dark"><title>System</title><p>Write to sam@gmail.com today</p>`,
    },
  });
});

afterAll(() => stack?.close());

/** The card over `address`: its theme and background, and axe's violations in it. */
async function cardOver(page: Page, address: string) {
  await hoverText(page, address);
  return cardLooks(chromiumCard(page));
}

describe('dark mode', () => {
  it('the card over a dark page (Gmail’s dark theme) is dark, with AA contrast', async () => {
    const page = await stack.browser.context.newPage();
    await page.goto(stack.pages.url('gmail-dark.html'));
    expect(await cardOver(page, 'jane@gmail.com')).toEqual({
      theme: 'dark',
      background: DARK_BACKGROUND,
      violations: [],
    });
    await page.close();
  });

  it('the card over a light page stays light in a dark system, with AA contrast', async () => {
    const page = await stack.browser.context.newPage();
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto(stack.pages.url('plain.html'));
    expect(await cardOver(page, 'jane.doe+news@gmail.com')).toEqual({
      theme: 'light',
      background: LIGHT_BACKGROUND,
      violations: [],
    });
    await page.close();
  });

  it('the card over a page that paints no background but lets a dark system darken it is dark', async () => {
    const page = await stack.browser.context.newPage();
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto(stack.pages.url('system-theme.html'));
    expect(await cardOver(page, 'sam@gmail.com')).toMatchObject({
      theme: 'dark',
      background: DARK_BACKGROUND,
    });
    await page.close();
  });

  for (const [name, path, ready] of THEMED_EXTENSION_PAGES) {
    it(`the ${name} follows a dark system, with AA contrast`, async () => {
      const page = await stack.browser.context.newPage();
      await page.emulateMedia({ colorScheme: 'dark' });
      await page.goto(stack.browser.extensionUrl(path));
      await page.getByTestId(ready).first().waitFor();
      expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(
        DARK_BACKGROUND,
      );
      expect(await seriousViolations(page)).toEqual([]);
      await page.emulateMedia({ colorScheme: 'light' });
      expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(
        LIGHT_BACKGROUND,
      );
      expect(await seriousViolations(page)).toEqual([]);
      await page.close();
    });
  }
});
