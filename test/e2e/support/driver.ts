/**
 * One driver for a user flow in either browser, so that the flow is one file run in both: Chromium through
 * Playwright (extension-browser.ts), Firefox through puppeteer over WebDriver BiDi (firefox-browser.ts).
 * What it does is a person's input (the drivers' pointer and keyboard), and what it reads of the card goes
 * through support/card.ts.
 */
import type { Page as ChromiumPage } from 'playwright-core';
import type { Page as FirefoxPage } from 'puppeteer-core';
import type { Settings } from '#settings/schema.ts';
import type { Card } from './card.ts';
import { chromiumCard, launchExtensionBrowser } from './extension-browser.ts';
import { firefoxCard, launchFirefoxWithExtension } from './firefox-browser.ts';
import { type Box, isUnderlined, textBox } from './in-page.ts';

export const BROWSERS = ['Chromium', 'Firefox'] as const;
export type BrowserName = (typeof BROWSERS)[number];

export interface Point {
  x: number;
  y: number;
}

export interface PageDriver {
  card: Card;
  /** The browser's id for the page's tab (the popup takes it as `?tabId=`). */
  tabId: number;
  /** The toolbar badge of the page's tab: how many addresses the extension found there. */
  badge(): Promise<string>;
  /** Runs a self-contained function in the page (sent as source: no import, closure or named inner function). */
  evaluate<A, R>(fn: (argument: A) => R, argument: A): Promise<Awaited<R>>;
  /** Rests the pointer on the first occurrence of `text`, once the extension has found and underlined it. */
  hoverText(text: string): Promise<void>;
  moveTo(point: Point): Promise<void>;
  /** Presses the button at `from`, moves to `to` and lets go, as a person selecting text. */
  drag(from: Point, to: Point): Promise<void>;
  press(key: string): Promise<void>;
  /** Types into a field in place of what it held. */
  fill(selector: string, value: string): Promise<void>;
  click(selector: string): Promise<void>;
  close(): Promise<void>;
}

export interface BrowserDriver {
  name: BrowserName;
  /** A page in a new tab, once the extension's badge counts the addresses it should find there. */
  openPage(url: string, addresses: number): Promise<PageDriver>;
  /** One of the extension's own pages in a new tab. */
  openExtensionPage(path: string): Promise<PageDriver>;
  /** Writes settings and the key straight into the extension's storage, as the options page would. */
  configure(options: { apiKey?: string; settings?: Partial<Settings> }): Promise<void>;
  /** Whether the extension holds a host permission (asked for at run time or granted in the manifest). */
  hasOrigin(origin: string): Promise<boolean>;
  /** The tabs open: a link the card followed would open one. */
  tabCount(): Promise<number>;
  close(): Promise<void>;
}

export interface LaunchOptions {
  /** What the organisation's policy sets for the extension (storage.managed), for this browser alone. */
  managed?: Record<string, unknown>;
  /** Firefox preferences of the profile (Chromium takes none). */
  firefoxPrefs?: Record<string, string | number | boolean>;
  /** Chromium's command-line flags beside the extension's (Firefox takes none). */
  chromiumArgs?: string[];
  /** Firefox: the WebDriver BiDi session takes certificates it cannot verify (Chromium has a flag). */
  acceptInsecureCerts?: boolean;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `read` until it gives `expected`, or fails saying what it gave last. */
async function until<T>(read: () => Promise<T>, expected: T, what: string, timeout = 15_000): Promise<void> {
  const deadline = Date.now() + timeout;
  for (let value = await read(); value !== expected; value = await read()) {
    if (Date.now() > deadline) throw new Error(`${what} is ${String(value)}, not ${String(expected)}`);
    await sleep(100);
  }
}

/** The centre of `text` on the page, scrolled into view, once the extension has underlined it. */
async function underlinedText(
  evaluate: <A, R>(fn: (argument: A) => R, argument: A) => Promise<Awaited<R>>,
  text: string,
): Promise<Point> {
  if (!(await evaluate(textBox, text))) throw new Error(`"${text}" is not on the page`);
  await until(() => evaluate(isUnderlined, text), true, `whether "${text}" is underlined`);
  // Where it is now: the page may have moved while the address was found.
  const box = (await evaluate(textBox, text)) as Box;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** What both drivers' pages have alike: evaluate (whose own types tell its arguments apart), mouse, click. */
interface AnyPage {
  evaluate(fn: unknown, argument: unknown): Promise<unknown>;
  mouse: {
    move(x: number, y: number, options?: { steps?: number }): Promise<void>;
    down(): Promise<void>;
    up(): Promise<void>;
  };
  click(selector: string): Promise<void>;
  close(): Promise<void>;
}

/** A page's driver but for the keyboard, the same in both browsers. */
function pageDriver(page: AnyPage, card: Card): Omit<PageDriver, 'press' | 'fill' | 'tabId' | 'badge'> {
  const evaluate = <A, R>(fn: (argument: A) => R, argument: A) =>
    page.evaluate(fn, argument) as Promise<Awaited<R>>;
  const moveTo = ({ x, y }: Point) => page.mouse.move(x, y, { steps: 2 });
  return {
    card,
    evaluate,
    async hoverText(text) {
      const { x, y } = await underlinedText(evaluate, text);
      // From beside it, so that the pointer arrives at the address whatever rested there before.
      await page.mouse.move(x - 2, y);
      await moveTo({ x, y });
    },
    moveTo,
    async drag(from, to) {
      await page.mouse.move(from.x, from.y);
      await page.mouse.down();
      await page.mouse.move(to.x, to.y, { steps: 5 });
      await page.mouse.up();
    },
    click: (selector) => page.click(selector),
    close: () => page.close(),
  };
}

function chromiumPage(page: ChromiumPage, tab: Pick<PageDriver, 'tabId' | 'badge'>): PageDriver {
  return {
    ...pageDriver(page as unknown as AnyPage, chromiumCard(page)),
    ...tab,
    press: (key) => page.keyboard.press(key),
    fill: (selector, value) => page.fill(selector, value),
  };
}

function firefoxPage(page: FirefoxPage, tab: Pick<PageDriver, 'tabId' | 'badge'>): PageDriver {
  return {
    ...pageDriver(page as unknown as AnyPage, firefoxCard(page)),
    ...tab,
    // puppeteer presses one key: the modifiers of a chord ("Control+A") are held around it.
    async press(chord) {
      type Key = Parameters<FirefoxPage['keyboard']['press']>[0];
      const keys = chord.split('+') as Key[];
      const key = keys.pop() as Key;
      for (const modifier of keys) await page.keyboard.down(modifier);
      await page.keyboard.press(key);
      for (const modifier of keys.reverse()) await page.keyboard.up(modifier);
    },
    // puppeteer's locator().fill() waits with a function the extension pages' CSP refuses in Firefox.
    async fill(selector, value) {
      await page.click(selector, { count: 3 });
      await page.keyboard.press('Backspace');
      await page.keyboard.type(value);
    },
  };
}

/** An extension page has no tab of the person's: no badge, no tab id to ask for. */
const NO_TAB = { tabId: -1, badge: async () => '' };

async function launchChromium({ managed, chromiumArgs = [] }: LaunchOptions): Promise<BrowserDriver> {
  const browser = await launchExtensionBrowser({ ...(managed && { managed }), args: chromiumArgs });
  return {
    name: 'Chromium',
    async openPage(url, addresses) {
      const { page, tabId } = await browser.newTab();
      await page.goto(url);
      const badge = () => browser.badgeOfTab(tabId);
      await until(badge, String(addresses), `the badge on ${url}`);
      return chromiumPage(page, { tabId, badge });
    },
    async openExtensionPage(path) {
      const page = await browser.context.newPage();
      await page.goto(browser.extensionUrl(path));
      return chromiumPage(page, NO_TAB);
    },
    configure: (options) => browser.configure(options),
    async hasOrigin(origin) {
      return (await browser.worker()).evaluate(
        (origins) =>
          (
            globalThis as unknown as {
              chrome: { permissions: { contains(query: object): Promise<boolean> } };
            }
          ).chrome.permissions.contains({ origins }),
        [origin],
      );
    },
    tabCount: async () => browser.context.pages().length,
    close: () => browser.close(),
  };
}

async function launchFirefox({
  managed,
  firefoxPrefs = {},
  acceptInsecureCerts = false,
}: LaunchOptions): Promise<BrowserDriver> {
  const firefox = await launchFirefoxWithExtension({
    ...(managed && { managed }),
    prefs: firefoxPrefs,
    acceptInsecureCerts,
  });
  return {
    name: 'Firefox',
    async openPage(url, addresses) {
      const { page, tabId } = await firefox.openPage(url, addresses);
      return firefoxPage(page, { tabId, badge: () => firefox.badgeOf(tabId) });
    },
    async openExtensionPage(path) {
      return firefoxPage(await firefox.openExtensionPage(path), NO_TAB);
    },
    configure: (options) => firefox.configure(options),
    async hasOrigin(origin) {
      const page = await firefox.openExtensionPage('options.html');
      try {
        return await page.evaluate(
          (origins) =>
            (
              globalThis as unknown as {
                browser: { permissions: { contains(query: object): Promise<boolean> } };
              }
            ).browser.permissions.contains({ origins }),
          [origin],
        );
      } finally {
        await page.close();
      }
    },
    tabCount: async () => (await firefox.browser.pages()).length,
    close: () => firefox.close(),
  };
}

/** The browser with the built extension, in a fresh profile. */
export function launchBrowser(name: BrowserName, options: LaunchOptions = {}): Promise<BrowserDriver> {
  return name === 'Chromium' ? launchChromium(options) : launchFirefox(options);
}
