import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe.ts';
import {
  type FirefoxExtensionBrowser,
  firefoxCard,
  hoverText,
  launchFirefoxWithExtension,
  testId,
  until,
} from './support/firefox-browser.ts';
import { startPageServer } from './support/page-server.ts';
import { cardLooks, DARK_BACKGROUND, LIGHT_BACKGROUND, THEMED_EXTENSION_PAGES } from './support/palette.ts';

/**
 * Dark mode in Debian's Firefox ESR, its system theme set dark by the profile: the card follows the page
 * under it (Gmail's dark theme is dark, a white page stays light), and the popup, the options page and the
 * welcome page follow the system; every text keeps WCAG AA contrast (axe's color-contrast rule).
 */
let firefox: FirefoxExtensionBrowser;
let pages: Awaited<ReturnType<typeof startPageServer>>;

beforeAll(async () => {
  pages = await startPageServer();
  firefox = await launchFirefoxWithExtension({ prefs: { 'ui.systemUsesDarkTheme': 1 } });
  await firefox.configure({ settings: { hoverDelayMs: 50 } });
});

afterAll(async () => {
  await firefox?.close();
  await pages?.close();
});

/** The card over `address`, once it shows the catalog's answer: its theme and background, and axe's violations in it. */
async function cardOver(page: Page, address: string) {
  await hoverText(page, address);
  return cardLooks(firefoxCard(page));
}

describe('dark mode in Firefox', () => {
  it('the card over Gmail’s dark theme is dark, with AA contrast', async () => {
    const { page } = await firefox.openPage(pages.url('gmail-dark.html'), 2);
    expect(await cardOver(page, 'jane@gmail.com')).toEqual({
      theme: 'dark',
      background: DARK_BACKGROUND,
      violations: [],
    });
    await page.close();
  });

  it('the card over a white page stays light in a dark system, with AA contrast', async () => {
    const { page } = await firefox.openPage(pages.url('plain.html'), 6);
    expect(await cardOver(page, 'jane.doe+news@gmail.com')).toEqual({
      theme: 'light',
      background: LIGHT_BACKGROUND,
      violations: [],
    });
    await page.close();
  });

  for (const [name, path, ready] of THEMED_EXTENSION_PAGES) {
    it(`the ${name} follows the dark system, with AA contrast`, async () => {
      const page = await firefox.openExtensionPage(path);
      await until(page, (selector) => !!document.querySelector(selector), testId(ready));
      expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(
        DARK_BACKGROUND,
      );
      expect(await seriousViolations(page)).toEqual([]);
      await page.close();
    });
  }
});
