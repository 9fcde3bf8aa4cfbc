import { describe, expect, it } from 'vitest';
import { BROWSERS } from '../support/driver.ts';
import { useBrowserStack } from '../support/extension-stack.ts';
import { cardLooks, DARK_BACKGROUND, LIGHT_BACKGROUND, THEMED_EXTENSION_PAGES } from '../support/palette.ts';

/**
 * Dark mode, in each browser: the card follows the page under it (Gmail's dark theme, gmail-dark.html,
 * paints its own dark backgrounds inside an unpainted body), whatever the system's theme; the popup, the
 * options page and the welcome page follow the system; and every text keeps WCAG AA contrast (axe's
 * color-contrast rule) in both themes. Each test sets the system's theme it is about.
 */
const body = () => getComputedStyle(document.body).backgroundColor;

describe.each(BROWSERS)('dark mode in %s', (name) => {
  const stack = useBrowserStack(name, {
    credits: 100,
    generatedPages: {
      'system-theme.html': `<!doctype html><meta name="color-scheme" content="light dark"><title>System</title><p>Write to sam@gmail.com today</p>`,
    },
  });

  /** The card over `address` on `page`: its theme and background, and axe's violations in it. */
  async function cardOver(page: string, addresses: number, address: string) {
    const tab = await stack.browser.openPage(stack.backend.pages.url(page), addresses);
    await tab.showCardOf(address);
    const looks = await cardLooks(tab.card);
    await tab.close();
    return looks;
  }

  it.each([
    // Gmail's dark theme: it paints its own dark backgrounds inside an unpainted body.
    ['gmail-dark.html', 'light', 'dark', 2, 'jane@gmail.com'],
    ['plain.html', 'dark', 'light', 6, 'jane.doe+news@gmail.com'],
    // A page that paints no background but lets a dark system darken it.
    ['system-theme.html', 'dark', 'dark', 1, 'sam@gmail.com'],
  ] as const)(
    'the card over %s in a %s system is %s, with AA contrast',
    async (page, system, theme, addresses, hover) => {
      await stack.browser.setColorScheme(system);
      expect(await cardOver(page, addresses, hover)).toEqual({
        theme,
        background: theme === 'dark' ? DARK_BACKGROUND : LIGHT_BACKGROUND,
        violations: [],
      });
    },
  );

  for (const [page, path, ready] of THEMED_EXTENSION_PAGES) {
    it(`the ${page} follows the system, dark then light, with AA contrast`, async () => {
      await stack.browser.setColorScheme('dark');
      const tab = await stack.browser.openExtensionPage(path);
      await tab.waitFor(ready);
      expect(await tab.evaluate(body, null)).toBe(DARK_BACKGROUND);
      expect(await tab.violations()).toEqual([]);
      await stack.browser.setColorScheme('light');
      await expect.poll(() => tab.evaluate(body, null)).toBe(LIGHT_BACKGROUND);
      expect(await tab.violations()).toEqual([]);
      await tab.close();
    });
  }
});
