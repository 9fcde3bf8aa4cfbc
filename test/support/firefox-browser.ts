/**
 * Debian's Firefox ESR, headless, driven by puppeteer-core over WebDriver BiDi, with the built Firefox
 * extension installed as a temporary add-on (so unsigned) in a fresh profile. What Firefox needs, each seen
 * on 140 and 153 ESR:
 * - the extension's moz-extension:// host is chosen before launch (`extensions.webextensions.uuids`);
 * - Firefox 153 refuses WebDriver navigation to moz-extension:// pages without `--remote-allow-system-access`;
 * - those pages never report their load over BiDi, so they are opened by a raw `browsingContext.navigate`
 *   that waits for completion, and polled with `evaluate` (their CSP refuses puppeteer's waitForFunction);
 * - BiDi shows no realm of the extension's background, so one of its pages (options) is kept open to reach
 *   its storage, tabs and toolbar button, and the extension's other pages (extension.getViews).
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer, { type Browser, type Page, type LaunchOptions as PuppeteerOptions } from 'puppeteer-core';
import type { Settings } from '#extension/settings.ts';
import { E2E_FIREFOX_DIR } from './build-extension.ts';
import { CARD_TAG, Card, type PageFunction } from './card.ts';
import type { BareBrowser, ColorScheme, LaunchOptions, NativeBrowser, NativePage } from './driver.ts';
import { pollUntil } from './poll-until.ts';
import { endProcess, runningChild } from './teardown.ts';

export const FIREFOX_PATH = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';
/** The add-on id the Firefox build's manifest names (wxt.config.ts). */
export const ADDON_ID = 'webmail-lookup@webmail-lookup.dev';
const VIEWPORT = { width: 1280, height: 720 };

/** Polls `check` in the page until it gives something truthy; what it gave. */
export async function until<T, A>(
  page: Page,
  check: (argument: A) => T | Promise<T>,
  argument: A,
  { timeout = 10_000, interval = 100 } = {},
): Promise<T> {
  const deadline = Date.now() + timeout;
  let lastError: unknown = null;
  for (;;) {
    try {
      const value = (await page.evaluate(check as never, argument as never)) as T;
      if (value) return value;
    } catch (error) {
      // The page may be between documents; what it gives once loaded counts.
      lastError = error;
    }
    if (Date.now() > deadline)
      throw new Error(`timed out after ${timeout} ms${lastError ? `: ${String(lastError)}` : ''}`);
    await new Promise((resolve) => setTimeout(resolve, interval));
  }
}

/** A selector for a test id. */
export const testId = (id: string) => `[data-testid="${id}"]`;

/** What puppeteer's BiDi connection and frames hold, which it does not type. */
type BidiConnection = { send(method: string, params: object): Promise<{ result: unknown }> };
const connectionOf = (page: Page) => (page.browser() as unknown as { connection: BidiConnection }).connection;
const contextOf = (page: Page) => (page.mainFrame() as unknown as { _id: string })._id;

type BidiResult = {
  type: 'success' | 'exception';
  result?: { type: string; value?: unknown; sharedId?: string };
  exceptionDetails?: { text: string };
};

/**
 * Calls a function in the page's own realm over raw WebDriver BiDi, nodes serialised with their shadow
 * roots, closed ones too; a thrown error is thrown here.
 */
async function callInPage(page: Page, params: object): Promise<NonNullable<BidiResult['result']>> {
  const { result } = (await connectionOf(page).send('script.callFunction', {
    target: { context: contextOf(page) },
    awaitPromise: true,
    resultOwnership: 'none',
    serializationOptions: { maxDomDepth: 0, includeShadowTree: 'all' },
    ...params,
  })) as { result: BidiResult };
  if (result.type === 'exception' || !result.result)
    throw new Error(`in the page: ${result.exceptionDetails?.text ?? 'no result'}`);
  return result.result;
}

/**
 * The hover card of a page in Firefox, reached through WebDriver BiDi (support/card.ts): its host
 * serialised with its closed shadow root as a shared reference, then the test's function called with that
 * root as `this`. Values cross as JSON.
 */
function firefoxCard(page: Page): Card {
  return new Card({
    async withRoot<A, R>(fn: PageFunction<A, R>, argument: A) {
      const host = await callInPage(page, {
        functionDeclaration: `() => document.documentElement.querySelector(':scope > ${CARD_TAG}')`,
      });
      const root = (host.value as { shadowRoot?: { sharedId?: string } | null } | undefined)?.shadowRoot;
      const result = await callInPage(page, {
        // Strict, so that a null `this` stays null.
        functionDeclaration: `function (argument) {
          'use strict';
          return Promise.resolve((${fn})(this, JSON.parse(argument))).then((value) => JSON.stringify(value ?? null));
        }`,
        this: root?.sharedId ? { sharedId: root.sharedId } : { type: 'null' },
        arguments: [{ type: 'string', value: JSON.stringify(argument ?? null) }],
      });
      return JSON.parse(String(result.value)) as R;
    },
    evaluate: (expression) => page.evaluate(expression),
    click: (x, y) => page.mouse.click(x, y),
  });
}

/** The part of the extension's `browser` its control page uses; evaluated functions name it themselves. */
type ExtensionApi = {
  storage: {
    local: { get(key: string): Promise<Record<string, unknown>>; set(values: object): Promise<void> };
  };
  tabs: { query(query: object): Promise<{ id: number }[]> };
  browserAction: { getBadgeText(details: object): Promise<string> };
  extension: { getViews(filter: object): Window[] };
};

export interface FirefoxExtensionBrowser {
  browser: Browser;
  extensionUrl(path: string): string;
  /** Opens one of the extension's pages in a new tab, loaded. */
  openExtensionPage(path: string): Promise<Page>;
  /** A new tab, and the extension's id for it (without the `tabs` permission, ids are told apart by age). */
  newTab(): Promise<{ page: Page; tabId: number }>;
  /** A page in a new tab, once the extension's badge counts the addresses it should find there. */
  openPage(url: string, addresses: number): Promise<{ page: Page; tabId: number }>;
  /** Writes settings and the key straight into the extension's storage, as the options page would. */
  configure(options: { apiKey?: string; settings?: Partial<Settings> }): Promise<void>;
  /** One of the extension's pages, kept open, where its API is reached (BiDi shows no realm of its background). */
  extensionPage(): Promise<Page>;
  /** Evaluates an expression in the browser's own (parent) process, where its preferences are. */
  inParentProcess(expression: string): Promise<unknown>;
  /** Reloads the add-on (runtime.reload): its background page ends and a new one starts; its pages close. */
  reloadAddon(): Promise<void>;
  /**
   * Ends the extension's process, as the system does to a process when memory runs short, or a crash does:
   * its background page and its pages go with it, and Firefox starts the (persistent) background page again
   * in a new process. What the parent process keeps stays: storage.session and alarms, as when Chrome stops
   * an idle worker (a reload of the add-on clears storage.session). Firefox 153 may start the background
   * twice after it, the first briefly: a lookup that one began is paid with no answer heard.
   */
  stopExtensionProcess(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Firefox reads an add-on's managed storage from ~/.mozilla/managed-storage/<add-on id>.json (a "managed
 * storage manifest", as IT deploys it): under a home of the test's own, the policy is this browser's alone.
 */
function homeWithManagedStorage(managed: Record<string, unknown>): string {
  const home = mkdtempSync(join(tmpdir(), 'webmail-firefox-home-'));
  mkdirSync(join(home, '.mozilla', 'managed-storage'), { recursive: true });
  writeFileSync(
    join(home, '.mozilla', 'managed-storage', `${ADDON_ID}.json`),
    JSON.stringify({ name: ADDON_ID, description: 'test policy', type: 'storage', data: managed }),
  );
  return home;
}

/** Debian's Firefox ESR, headless, in a fresh profile of puppeteer's. */
export async function launchFirefox(options: PuppeteerOptions = {}): Promise<Browser> {
  if (!existsSync(FIREFOX_PATH)) {
    throw new Error(
      `Firefox is needed for the Firefox end-to-end tests and is not at ${FIREFOX_PATH}. Install it with ` +
        '`apt-get update && apt-get install -y firefox-esr` (as .ci/run does), or set FIREFOX_PATH.',
    );
  }
  return puppeteer.launch({
    ...options,
    browser: 'firefox',
    executablePath: FIREFOX_PATH,
    headless: true,
    defaultViewport: VIEWPORT,
  });
}

/** Firefox without the extension, for the driver (driver.ts). */
export async function launchBareFirefox(): Promise<BareBrowser> {
  const browser = await launchFirefox();
  return {
    async openPage(url) {
      const page = await browser.newPage();
      await page.goto(url);
      return {
        evaluate: (fn, argument) => page.evaluate(fn as never, argument as never) as never,
        close: () => page.close(),
      };
    },
    close: () => closeFirefox(browser),
  };
}

/** How long Firefox has to exit once asked over WebDriver BiDi, before its processes are killed. */
const FIREFOX_CLOSE_GRACE_MS = 20_000;

/**
 * Closes Firefox, and returns once its process has exited: killed, with every process of its group, when it
 * has not within the grace time. puppeteer's close is no proof of an exit: once Firefox has answered it,
 * puppeteer waits 5 s for the exit, then returns while it removes the profile, and kills Firefox only after
 * that removal, not at all when it fails. Seen: close() resolved after 5 s with Firefox still running (its
 * content processes stopped), and a running Firefox keeps its tunnels to a loopback host open.
 */
export async function closeFirefox(browser: Browser): Promise<void> {
  const firefox = browser.process();
  if (!firefox) throw new Error('this Firefox has no process of ours to close');
  // puppeteer starts Firefox in a process group of its own: its content processes go with it.
  await endProcess(runningChild(firefox), 'Firefox', {
    ask: () => browser.close(),
    graceMs: FIREFOX_CLOSE_GRACE_MS,
    group: true,
  });
}

/**
 * Firefox with the built extension; `managed` is what the organisation's policy sets for it, `prefs` are
 * Firefox preferences of the profile (a dark system theme, a download folder).
 */
export async function launchFirefoxWithExtension({
  managed,
  prefs = {},
  acceptInsecureCerts = false,
}: {
  managed?: Record<string, unknown> | undefined;
  prefs?: Record<string, string | number | boolean>;
  /** The session takes certificates it cannot verify (a site's host served from loopback). */
  acceptInsecureCerts?: boolean;
} = {}): Promise<FirefoxExtensionBrowser> {
  const uuid = randomUUID();
  const home = managed && homeWithManagedStorage(managed);
  const browser = await launchFirefox({
    ...(home && { env: { ...process.env, HOME: home } }),
    acceptInsecureCerts,
    args: ['--remote-allow-system-access'],
    extraPrefsFirefox: { ...prefs, 'extensions.webextensions.uuids': JSON.stringify({ [ADDON_ID]: uuid }) },
  });
  try {
    const installed = await browser.installExtension(E2E_FIREFOX_DIR);
    if (installed !== ADDON_ID) throw new Error(`installed ${installed}, expected ${ADDON_ID}`);
  } catch (error) {
    await closeFirefox(browser);
    throw error;
  }
  const extensionUrl = (path: string) => `moz-extension://${uuid}/${path.replace(/^\//, '')}`;
  const connection = (
    browser as unknown as { connection: { send(method: string, params: object): Promise<unknown> } }
  ).connection;

  /** The extension's pages opened in tabs: they live in its process. */
  const openedPages = new Set<Page>();
  async function openExtensionPage(path: string): Promise<Page> {
    const page = await browser.newPage();
    openedPages.add(page);
    const url = extensionUrl(path);
    const context = (page.mainFrame() as unknown as { _id: string })._id;
    await connection.send('browsingContext.navigate', { context, url, wait: 'complete' });
    await until(page, (expected) => location.href === expected && document.readyState === 'complete', url);
    return page;
  }

  async function inParentProcess(expression: string): Promise<unknown> {
    const tree = (await connection.send('browsingContext.getTree', { 'moz:scope': 'chrome' })) as {
      result: { contexts: { context: string }[] };
    };
    const context = tree.result.contexts[0]?.context;
    if (!context) throw new Error('Firefox shows no window of its own (is system access allowed?)');
    const { result } = (await connection.send('script.evaluate', {
      expression,
      target: { context },
      awaitPromise: true,
    })) as { result: BidiResult };
    if (result.type === 'exception') throw new Error(`in Firefox: ${result.exceptionDetails?.text}`);
    return result.result?.value;
  }

  let control: Page | null = null;
  const extension = async () => {
    if (!control || control.isClosed()) control = await openExtensionPage('options.html');
    return control;
  };
  // The welcome page the extension opens on install, closed before any test runs: its tab would otherwise
  // appear in the middle of one (newTab tells tabs apart by age). Found among the extension's own views.
  try {
    await until(
      await extension(),
      () => {
        const api = (globalThis as unknown as { browser: ExtensionApi }).browser;
        const welcome = api.extension
          .getViews({ type: 'tab' })
          .find((view) => view.location.pathname === '/welcome.html');
        welcome?.close();
        return !!welcome;
      },
      undefined,
      { timeout: 30_000 },
    );
  } catch (error) {
    // No suite holds this browser yet to close it: left running, it would load the rest of the run.
    await closeFirefox(browser).catch(() => {});
    throw error;
  }
  const tabIds = async () =>
    (await extension()).evaluate(async () => {
      const api = (globalThis as unknown as { browser: ExtensionApi }).browser;
      return (await api.tabs.query({})).map((tab) => tab.id);
    });

  async function newTab() {
    const before = await tabIds();
    const page = await browser.newPage();
    const tabId = (await tabIds()).find((id) => !before.includes(id));
    if (tabId === undefined) throw new Error('the new tab has no id the extension knows');
    return { page, tabId };
  }
  const badgeOf = async (tabId: number) =>
    (await extension()).evaluate(
      (id) =>
        (globalThis as unknown as { browser: ExtensionApi }).browser.browserAction.getBadgeText({
          tabId: id,
        }),
      tabId,
    );

  return {
    browser,
    extensionUrl,
    openExtensionPage,
    newTab,
    async openPage(url, addresses) {
      const tab = await newTab();
      await tab.page.goto(url);
      const deadline = Date.now() + 15_000;
      for (
        let badge = await badgeOf(tab.tabId);
        badge !== String(addresses);
        badge = await badgeOf(tab.tabId)
      ) {
        if (Date.now() > deadline) throw new Error(`the badge says "${badge}", not ${addresses}, on ${url}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return tab;
    },
    async configure({ apiKey, settings }) {
      await (await extension()).evaluate(
        async ({ apiKey, settings }) => {
          const api = (globalThis as unknown as { browser: ExtensionApi }).browser;
          const current = ((await api.storage.local.get('settings')).settings as object | undefined) ?? {};
          const values: Record<string, unknown> = { settings: { ...current, ...settings } };
          if (apiKey !== undefined) values.apiKey = apiKey;
          await api.storage.local.set(values);
        },
        { apiKey, settings: settings ?? {} },
      );
    },
    extensionPage: extension,
    async reloadAddon() {
      const page = await extension();
      // Later, so that the evaluation has answered before the page goes with the add-on.
      await page.evaluate(() => {
        const api = (globalThis as unknown as { browser: { runtime: { reload(): void } } }).browser;
        setTimeout(() => api.runtime.reload(), 50);
      });
      // Firefox closes the add-on's pages as it unloads it: a page still there is an add-on not reloaded.
      const gone = async () => page.isClosed() || !(await page.evaluate(() => true).catch(() => false));
      for (const deadline = Date.now() + 10_000; !(await gone()); ) {
        if (Date.now() > deadline) throw new Error('the add-on did not reload: its page is still open');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      control = null;
      // The new background page answers once an extension page reaches its storage again.
      const deadline = Date.now() + 30_000;
      for (;;) {
        try {
          await (await extension()).evaluate(async () => {
            const api = (globalThis as unknown as { browser: ExtensionApi }).browser;
            await api.storage.local.get('settings');
          });
          return;
        } catch (error) {
          control = null;
          if (Date.now() > deadline) throw error;
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
      }
    },
    inParentProcess,
    async stopExtensionProcess() {
      const pids = async () =>
        JSON.parse(
          String(
            await inParentProcess(
              `ChromeUtils.requestProcInfo().then((info) => JSON.stringify(info.children.filter((child) => child.type === 'extension').map((child) => child.pid)))`,
            ),
          ),
        ) as number[];
      const stopped = await pids();
      if (stopped.length === 0) throw new Error('Firefox shows no extension process');
      for (const pid of stopped) process.kill(pid, 'SIGKILL');
      // Its pages went with it: closed, so that no tab is left showing a crash.
      for (const page of openedPages) if (!page.isClosed()) await page.close();
      openedPages.clear();
      control = null;
      await pollUntil(
        pids,
        (now) => now.length > 0 && !now.some((pid) => stopped.includes(pid)),
        'a new extension process',
      );
      // Firefox starts the background page again itself; it is up once the parent process says it runs.
      await pollUntil(
        () =>
          inParentProcess(
            `WebExtensionPolicy.getByID(${JSON.stringify(ADDON_ID)})?.extension?.backgroundState ?? null`,
          ),
        (state) => state === 'running',
        "the extension's background page started again",
        30_000,
      );
    },
    async close() {
      await closeFirefox(browser);
      if (home) rmSync(home, { recursive: true, force: true });
    },
  };
}

/** A Firefox page as the driver uses it (driver.ts). */
export function nativePage(page: Page): NativePage {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error instanceof Error ? error.message : String(error)));
  type Key = Parameters<Page['keyboard']['press']>[0];
  return {
    card: firefoxCard(page),
    evaluate: (fn, argument) =>
      argument === undefined ? page.evaluate(fn as never) : page.evaluate(fn as never, argument as never),
    goto: async (url) => {
      await page.goto(url);
    },
    mouse: {
      move: (x, y, steps) => page.mouse.move(x, y, steps === undefined ? undefined : { steps }),
      down: () => page.mouse.down(),
      up: () => page.mouse.up(),
      wheel: (deltaX, deltaY) => page.mouse.wheel({ deltaX, deltaY }),
    },
    setViewport: (width, height) => page.setViewport({ width, height }),
    // puppeteer presses one key: the modifiers of a chord ("Control+KeyA") are held around it.
    async press(chord) {
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
    click: (selector) => page.click(selector),
    screenshot: async () => Buffer.from(await page.screenshot()),
    errors,
    close: () => page.close(),
  };
}

/**
 * Firefox with the built extension, for the driver (driver.ts): the extension's code is reached in one of
 * its pages; the system's colour scheme is Firefox's own preference (`ui.systemUsesDarkTheme`), set in its
 * parent process; a permission the extension asks for is granted as a person would
 * (`extensions.webextOptionalPermissionPrompts` off).
 */
export async function launchFirefoxNative({
  managed,
  firefoxPrefs = {},
  acceptInsecureCerts = false,
  language,
}: LaunchOptions): Promise<NativeBrowser> {
  const darkTheme = (scheme: ColorScheme) => (scheme === 'dark' ? 1 : 0);
  const firefox = await launchFirefoxWithExtension({
    managed,
    acceptInsecureCerts,
    prefs: {
      ...(language && { 'intl.locale.requested': language, 'intl.accept_languages': language }),
      ...firefoxPrefs,
      // Light, as headless Chromium starts, whatever the theme of the machine the tests run on.
      'ui.systemUsesDarkTheme': darkTheme('light'),
      'extensions.webextOptionalPermissionPrompts': false,
    },
  });
  return {
    name: 'Firefox',
    answersPermissionPrompts: true,
    storageQuotaExact: false,
    apiGlobal: 'browser',
    evaluateInExtension: async (expression) => {
      const control = await firefox.extensionPage();
      // The control page (options.html) reloads itself when the extension's language changes: a question
      // it was asked as it went is asked again of the page that follows (caught between documents, it
      // may find no `browser` yet).
      return control.evaluate(expression).catch(async (error: unknown) => {
        if (!/context|navigat|browser is not defined/i.test(String(error))) throw error;
        await control.waitForFunction(() => document.readyState === 'complete');
        return control.evaluate(expression);
      });
    },
    newTab: async () => nativePage(await firefox.browser.newPage()),
    openExtensionPage: async (path) => nativePage(await firefox.openExtensionPage(path)),
    tabCount: async () => (await firefox.browser.pages()).length,
    async setColorScheme(scheme) {
      await firefox.inParentProcess(
        `Services.prefs.setIntPref('ui.systemUsesDarkTheme', ${darkTheme(scheme)})`,
      );
      // Each process hears of it from the parent: waited for where the driver can ask, the extension's page.
      await pollUntil(
        async () =>
          (await firefox.extensionPage()).evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches),
        (dark) => dark === (scheme === 'dark'),
        `whether the extension's page is dark`,
      );
    },
    stopBackground: () => firefox.reloadAddon(),
    endBackgroundProcess: () => firefox.stopExtensionProcess(),
    close: () => firefox.close(),
  };
}
