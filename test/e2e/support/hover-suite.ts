import { afterAll, beforeAll } from 'vitest';
import { type BrowserDriver, type BrowserName, launchBrowser, type PageDriver } from './driver.ts';
import { type Backend, type StackOptions, startBackend } from './stack.ts';

/** The hover delay of suites that hover: short, as they wait for outcomes. */
export const SUITE_HOVER_DELAY_MS = 50;

export interface HoverSuite {
  backend: Backend;
  browser: BrowserDriver;
  /** The suite's page, in a tab, its addresses found. */
  page: PageDriver;
}

export interface HoverSuiteOptions extends StackOptions {
  /** The page the suite hovers on, and how many addresses the extension is to find on it. */
  html: string;
  addresses: number;
}

/**
 * A suite of hovers in one browser: the backend (with a key: `credits` unless given), the browser with the
 * built extension given that key and pointed at the proxy, and the suite's page open. Started before the
 * suite's first test and stopped after its last; the object is filled in then, so tests read its fields.
 */
export function useHoverSuite(name: BrowserName, options: HoverSuiteOptions): HoverSuite {
  const { html, addresses, credits = 100, generatedPages = {}, ...stack } = options;
  const suite = {} as HoverSuite;
  beforeAll(async () => {
    suite.backend = await startBackend({
      ...stack,
      credits,
      generatedPages: { ...generatedPages, 'suite.html': html },
    });
    suite.browser = await launchBrowser(name);
    await suite.browser.configure({
      apiKey: suite.backend.key,
      settings: { baseUrl: suite.backend.proxy.url, hoverDelayMs: SUITE_HOVER_DELAY_MS, ...options.settings },
    });
    suite.page = await suite.browser.openPage(suite.backend.pages.url('suite.html'), addresses);
  });
  afterAll(async () => {
    await suite.browser?.close();
    await suite.backend?.close();
  });
  return suite;
}

/** Closes any card, rests the pointer on `address`, and waits for the card about it to show its answer. */
export async function showCardOf(page: PageDriver, address: string): Promise<void> {
  await page.press('Escape');
  await page.hoverText(address);
  await page.card.answered();
  const shown = await page.card.text('.wl-address');
  if (shown !== address) throw new Error(`the card is about ${shown}, not ${address}`);
}
