/**
 * The store screenshots, made from the real extension: the built Chromium extension against the local
 * service (as the end-to-end tests run it), at the 1280 × 800 both stores take. Writes docs/store/*.png.
 * Run with `npm run screenshots` (it builds the extension first).
 */
import { mkdirSync } from 'node:fs';
import buildExtension from '../test/e2e/support/build-extension.ts';
import { hoverText } from '../test/e2e/support/extension-browser.ts';
import { startExtensionStack } from '../test/e2e/support/stack.ts';

const OUT = new URL('../docs/store/', import.meta.url).pathname;
const VIEWPORT = { width: 1280, height: 800 };

async function main(): Promise<void> {
  buildExtension();
  mkdirSync(OUT, { recursive: true });
  const stack = await startExtensionStack({
    credits: 100,
    settings: { hoverDelayMs: 50, sendingAddresses: ['support@acme.com'] },
  });
  try {
    const page = await stack.browser.context.newPage();
    await page.setViewportSize(VIEWPORT);
    await page.goto(stack.pages.url('plain.html'));
    await hoverText(page, 'jane.doe+news@gmail.com');
    await page.locator('webmail-lookup-card').getByTestId('result-source').waitFor();
    await page.screenshot({ path: `${OUT}1-hover-card.png` });

    const popup = await stack.browser.context.newPage();
    await popup.setViewportSize(VIEWPORT);
    await popup.goto(stack.browser.extensionUrl(`popup.html?tabId=${await stack.browser.tabIdOf(page)}`));
    await popup.getByTestId('domain-group').first().getByTestId('result-source').waitFor();
    await popup.screenshot({ path: `${OUT}2-popup.png` });

    for (const [name, path, scheme] of [
      ['3-welcome', 'welcome.html', 'light'],
      ['4-settings-dark', 'options.html', 'dark'],
    ] as const) {
      const extensionPage = await stack.browser.context.newPage();
      await extensionPage.setViewportSize(VIEWPORT);
      await extensionPage.emulateMedia({ colorScheme: scheme });
      await extensionPage.goto(stack.browser.extensionUrl(path));
      await extensionPage.locator('main h1').waitFor();
      await extensionPage.waitForLoadState('networkidle');
      await extensionPage.screenshot({ path: `${OUT}${name}.png` });
    }
  } finally {
    await stack.close();
  }
}

await main();
