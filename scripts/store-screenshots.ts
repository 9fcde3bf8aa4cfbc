/**
 * The store screenshots and the README's pictures, made from the real extension: the built Chromium
 * extension against the local service, as the end-to-end tests run it.
 * - docs/store/*.png: at the 1280 × 800 both stores take;
 * - docs/readme/*.png: the card, the popup and the welcome page, each in the light and the dark theme (the
 *   card's dark one over Gmail's dark theme, which it follows).
 * Run with `npm run screenshots` (it builds the extension first).
 */
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import buildExtension from '#test/support/build-extension.ts';
import { chromiumCard, hoverText } from '#test/support/extension-browser.ts';
import { type ExtensionStack, startExtensionStack } from '#test/support/extension-stack.ts';

const STORE = new URL('../docs/store/', import.meta.url).pathname;
const README = new URL('../docs/readme/', import.meta.url).pathname;
const STORE_VIEWPORT = { width: 1280, height: 800 };
const THEMES = ['light', 'dark'] as const;

async function newPage(
  stack: ExtensionStack,
  viewport: { width: number; height: number },
  colorScheme: 'light' | 'dark' = 'light',
): Promise<Page> {
  const page = await stack.browser.context.newPage();
  await page.setViewportSize(viewport);
  await page.emulateMedia({ colorScheme });
  return page;
}

/** A page with the card open over `address`, answered. */
async function cardOpen(page: Page, address: string): Promise<void> {
  await hoverText(page, address);
  await chromiumCard(page).answered();
}

/** What shows an extension page is ready: the popup's first answer, the other pages' heading. */
const READY = {
  popup: '[data-testid="address-row"] [data-testid="provider-nice-name"]',
  page: 'main h1',
};

/** An extension page, loaded with everything it asks for. */
async function extensionPage(stack: ExtensionStack, page: Page, path: string): Promise<void> {
  await page.goto(stack.browser.extensionUrl(path));
  await page
    .locator(path.startsWith('popup.html') ? READY.popup : READY.page)
    .first()
    .waitFor();
  await page.waitForLoadState('networkidle');
}

/** Saves the page's picture (or a part of it) and closes it: a tab left open would confuse tabIdOf. */
async function shoot(
  page: Page,
  path: string,
  clip?: { x: number; y: number; width: number; height: number },
) {
  await page.screenshot({ path, ...(clip && { clip }) });
  await page.close();
}

async function storeScreenshots(stack: ExtensionStack): Promise<void> {
  const page = await newPage(stack, STORE_VIEWPORT);
  await page.goto(stack.pages.url('plain.html'));
  await cardOpen(page, 'jane.doe+news@gmail.com');
  const popup = await newPage(stack, STORE_VIEWPORT);
  await extensionPage(stack, popup, `popup.html?tabId=${await stack.browser.tabIdOf(page)}`);
  await shoot(page, `${STORE}1-hover-card.png`);
  await shoot(popup, `${STORE}2-popup.png`);

  for (const [name, path, scheme] of [
    ['3-welcome', 'welcome.html', 'light'],
    ['4-settings-dark', 'options.html', 'dark'],
  ] as const) {
    const shown = await newPage(stack, STORE_VIEWPORT, scheme);
    await extensionPage(stack, shown, path);
    await shoot(shown, `${STORE}${name}.png`);
  }
}

async function readmePictures(stack: ExtensionStack): Promise<void> {
  for (const theme of THEMES) {
    const page = await newPage(stack, { width: 900, height: 600 }, theme);
    await page.goto(stack.pages.url(theme === 'dark' ? 'gmail-dark.html' : 'plain.html'));
    await cardOpen(page, theme === 'dark' ? 'jane@gmail.com' : 'jane.doe+news@gmail.com');
    const box = await chromiumCard(page).box('result-card');
    if (!box) throw new Error('the card has no box');
    // The popup at the size the toolbar opens it, listing the page's addresses.
    const popup = await newPage(stack, { width: 400, height: 560 }, theme);
    await extensionPage(stack, popup, `popup.html?tabId=${await stack.browser.tabIdOf(page)}`);
    // The card with the address it came from above it.
    await shoot(page, `${README}card-${theme}.png`, {
      x: Math.max(0, box.x - 40),
      y: Math.max(0, box.y - 48),
      width: box.width + 80,
      height: box.height + 64,
    });
    await shoot(popup, `${README}popup-${theme}.png`);

    const welcome = await newPage(stack, { width: 960, height: 720 }, theme);
    await extensionPage(stack, welcome, 'welcome.html');
    await shoot(welcome, `${README}welcome-${theme}.png`);
  }
}

async function main(): Promise<void> {
  buildExtension();
  mkdirSync(STORE, { recursive: true });
  mkdirSync(README, { recursive: true });
  const stack = await startExtensionStack({
    credits: 100,
    settings: { hoverDelayMs: 50, sendingAddresses: ['support@acme.com'] },
  });
  try {
    await storeScreenshots(stack);
    await readmePictures(stack);
  } finally {
    await stack.close();
  }
}

await main();
