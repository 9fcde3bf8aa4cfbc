/**
 * The store screenshots and the README's pictures, made from the real extension as the store ships it: the
 * Chromium build with the hosted service's address, whose requests the local service answers (Chromium
 * resolves the host to an https front on loopback), with the browser in the locale's language.
 * - docs/store/*.png (English) and docs/store/<locale>/*.png: at the 1280 × 800 both stores take;
 * - docs/readme/*.png: in English, the card, the popup and the welcome page, each in the light and the dark
 *   theme (the card's dark one over Gmail's dark theme, which it follows); in another locale, its card.
 * Run with `npm run screenshots` (English), `npm run screenshots -- --locale de`, or `-- --locale all`; it
 * builds the extension first.
 */
import { mkdirSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { Page } from 'playwright-core';
import { LOCALES, type Locale, languageTag } from '#extension/locales.ts';
import { buildStoreExtension } from '#test/support/build-extension.ts';
import { chromiumCard, hoverText } from '#test/support/extension-browser.ts';
import { type ExtensionStack, startExtensionStack } from '#test/support/extension-stack.ts';
import { stopWithUsage } from './stop-with-usage.ts';

const DOCS = new URL('../docs/', import.meta.url).pathname;
/** Where a locale's pictures go: English's where the README and the listing have always linked them. */
const STORE_OF = (locale: Locale) => `${DOCS}store/${locale === 'en' ? '' : `${locale}/`}`;
const README = `${DOCS}readme/`;
const STORE_VIEWPORT = { width: 1280, height: 800 };
const THEMES = ['light', 'dark'] as const;

/**
 * Each page's tab id, known from its opening: the store's build may not read the URL of a tab on the local
 * page server (it holds no permission for that host), so the browser's tabIdOf cannot find it by address.
 */
const tabIds = new WeakMap<Page, number>();

function tabIdOf(page: Page): number {
  const id = tabIds.get(page);
  if (id === undefined) throw new Error(`no tab id for ${page.url()}`);
  return id;
}

async function newPage(
  stack: ExtensionStack,
  viewport: { width: number; height: number },
  colorScheme: 'light' | 'dark' = 'light',
): Promise<Page> {
  const { page, tabId } = await stack.browser.newTab();
  tabIds.set(page, tabId);
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

/** Saves the page's picture (or a part of it) and closes it: a tab left open would leave the popup's page list longer. */
async function shoot(
  page: Page,
  path: string,
  clip?: { x: number; y: number; width: number; height: number },
) {
  await page.screenshot({ path, ...(clip && { clip }) });
  await page.close();
}

async function storeScreenshots(stack: ExtensionStack, STORE: string): Promise<void> {
  const page = await newPage(stack, STORE_VIEWPORT);
  await page.goto(stack.pages.url('plain.html'));
  await cardOpen(page, 'jane.doe+news@gmail.com');
  const popup = await newPage(stack, STORE_VIEWPORT);
  await extensionPage(stack, popup, `popup.html?tabId=${tabIdOf(page)}`);
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

/** The part of the page the README shows: the card, with the address it came from above it. */
async function cardClip(page: Page) {
  const box = await chromiumCard(page).box('result-card');
  if (!box) throw new Error('the card has no box');
  return {
    x: Math.max(0, box.x - 40),
    y: Math.max(0, box.y - 48),
    width: box.width + 80,
    height: box.height + 64,
  };
}

/** A page in the README's size with the card open, over Gmail's dark theme in the dark one. */
async function pageWithCard(stack: ExtensionStack, theme: (typeof THEMES)[number]): Promise<Page> {
  const page = await newPage(stack, { width: 900, height: 600 }, theme);
  await page.goto(stack.pages.url(theme === 'dark' ? 'gmail-dark.html' : 'plain.html'));
  await cardOpen(page, theme === 'dark' ? 'jane@gmail.com' : 'jane.doe+news@gmail.com');
  return page;
}

async function readmePictures(stack: ExtensionStack): Promise<void> {
  for (const theme of THEMES) {
    const page = await pageWithCard(stack, theme);
    // The popup at the size the toolbar opens it, listing the page's addresses.
    const popup = await newPage(stack, { width: 400, height: 560 }, theme);
    await extensionPage(stack, popup, `popup.html?tabId=${tabIdOf(page)}`);
    await shoot(page, `${README}card-${theme}.png`, await cardClip(page));
    await shoot(popup, `${README}popup-${theme}.png`);

    const welcome = await newPage(stack, { width: 960, height: 720 }, theme);
    await extensionPage(stack, welcome, 'welcome.html');
    await shoot(welcome, `${README}welcome-${theme}.png`);
  }
}

/** The locales asked for: `--locale de`, `--locale all`, or English. */
function localesAsked(): readonly Locale[] {
  const usage = `npm run screenshots [-- --locale ${LOCALES.join('|')}|all]`;
  let asked: string;
  try {
    asked = parseArgs({ options: { locale: { type: 'string', default: 'en' } } }).values.locale;
  } catch (error) {
    return stopWithUsage(`${error instanceof Error ? error.message : error}\nUsage: ${usage}`);
  }
  if (asked === 'all') return LOCALES;
  const locale = LOCALES.find((shipped) => shipped === asked);
  return locale ? [locale] : stopWithUsage(`No locale "${asked}" ships.\nUsage: ${usage}`);
}

async function screenshotsIn(locale: Locale): Promise<void> {
  const store = STORE_OF(locale);
  mkdirSync(store, { recursive: true });
  mkdirSync(README, { recursive: true });
  const stack = await startExtensionStack({
    credits: 100,
    hosted: true,
    language: languageTag(locale),
    settings: { hoverDelayMs: 50, sendingAddresses: ['support@acme.com'] },
  });
  try {
    await storeScreenshots(stack, store);
    if (locale === 'en') await readmePictures(stack);
    else {
      const page = await pageWithCard(stack, 'light');
      await shoot(page, `${README}card-${locale}.png`, await cardClip(page));
    }
  } finally {
    await stack.close();
  }
}

async function main(): Promise<void> {
  const locales = localesAsked();
  buildStoreExtension();
  for (const locale of locales) await screenshotsIn(locale);
}

await main();
