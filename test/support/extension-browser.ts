import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, type CDPSession, chromium, type Page, type Worker } from 'playwright-core';
import type { Settings } from '#extension/settings.ts';
import { E2E_EXTENSION_DIR } from './build-extension.ts';
import { CARD_TAG, Card, type PageFunction } from './card.ts';
import { chromiumWithPolicy, unpackedExtensionId } from './chromium-policy.ts';
import type { BareBrowser, ColorScheme, LaunchOptions, NativeBrowser, NativePage } from './driver.ts';
import { isUnderlined, textBox } from './in-page.ts';
import { endProcess, runningProcess, within } from './teardown.ts';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export interface ExtensionBrowser {
  context: BrowserContext;
  extensionId: string;
  /** The welcome page the extension opened on install, when asked to keep it (closed otherwise). */
  welcome: Page | null;
  worker: () => Promise<Worker>;
  /** Writes settings and the key straight into the extension's storage, as the options page would. */
  configure(options: { apiKey?: string; settings?: Partial<Settings> }): Promise<void>;
  extensionUrl(path: string): string;
  /** The browser's id for the tab showing a page. */
  tabIdOf(page: Page): Promise<number>;
  /**
   * A new tab, and the browser's id for it, told apart from the others by being new: a tab's URL is hidden
   * from the extension on a host it holds no permission for (https://outlook.office.com).
   */
  newTab(): Promise<{ page: Page; tabId: number }>;
  /** The toolbar badge text of a page's tab. */
  badgeOf(page: Page): Promise<string>;
  /** The toolbar badge text of a tab. */
  badgeOfTab(tabId: number): Promise<string>;
  /** The tab's address list as the background keeps it (every frame's report), sorted. */
  addressesOf(page: Page): Promise<string[]>;
  close(): Promise<void>;
}

/** The part of the worker's `chrome` the tests use; evaluated functions run in the worker, so each names it itself. */
type ChromeForTests = {
  storage: { session: { get(key: string): Promise<Record<string, unknown>> } };
  tabs: { query(query: object): Promise<{ id: number; url: string }[]> };
  action: { getBadgeText(details: object): Promise<string> };
};

/** Chromium's flags that load the unpacked extension in `dir` and no other. */
export function loadingOnly(dir: string): string[] {
  return [`--disable-extensions-except=${dir}`, `--load-extension=${dir}`];
}

/** How long Chromium has to exit once asked, before its processes are killed. */
const CHROMIUM_CLOSE_GRACE_MS = 20_000;

/**
 * The Chromium process Playwright started on `profile`: a child of this process, with the profile in its
 * command line. Playwright shows no process of a persistent context, and waits for ever for one that does not
 * exit when asked.
 */
function chromiumProcessOn(profile: string): number | undefined {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const args = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      if (parent === process.pid && args.includes(`--user-data-dir=${profile}`)) return Number(entry);
    } catch {
      // Gone meanwhile.
    }
  }
  return undefined;
}

/** A launched Chromium: its context, and the close that ends its processes and removes its profile. */
interface LaunchedChromium {
  context: BrowserContext;
  close(): Promise<void>;
}

/**
 * Headless Debian Chromium in a fresh profile (or `given`, a folder the caller keeps, which the close leaves),
 * with the flags that keep it off the network.
 */
export async function launchChromium(
  extraArgs: string[],
  executablePath = CHROMIUM_PATH,
  language?: string,
  given?: string,
): Promise<LaunchedChromium> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium is needed for the end-to-end tests and is not at ${CHROMIUM_PATH}. Install it with ` +
        '`apt-get update && apt-get install -y chromium` (as .ci/run does), or set CHROMIUM_PATH.',
    );
  }
  const profile = given ?? mkdtempSync(join(tmpdir(), 'webmail-e2e-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath,
    headless: true,
    // Chromium on Linux takes its own language from the environment (--lang is Windows' and macOS'); pages
    // are asked for in the same one.
    ...(language && { env: { ...process.env, LANGUAGE: language }, locale: language }),
    args: [
      ...extraArgs,
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  const pid = chromiumProcessOn(profile);
  return {
    context,
    async close() {
      // Playwright starts Chromium in a process group of its own: its renderers go with it.
      if (pid !== undefined) {
        await endProcess(runningProcess(pid), 'Chromium', {
          ask: () => context.close(),
          graceMs: CHROMIUM_CLOSE_GRACE_MS,
          group: true,
        });
      } else {
        await within(CHROMIUM_CLOSE_GRACE_MS, `Chromium on ${profile} is still closing`, context.close());
      }
      if (given === undefined) rmSync(profile, { recursive: true, force: true });
    },
  };
}

/**
 * The same Chromium without the extension: what a page costs on its own; or with another unpacked
 * extension from `extensionDir`, driven by no helper of ours.
 */
export async function launchPlainBrowser(
  extensionDir?: string,
): Promise<{ context: BrowserContext; close(): Promise<void> }> {
  const { context, close } = await launchChromium(extensionDir ? loadingOnly(extensionDir) : []);
  return { context, close };
}

/** Chromium without the extension, for the driver (driver.ts). */
export async function launchBareChromium(): Promise<BareBrowser> {
  const plain = await launchPlainBrowser();
  return {
    async openPage(url) {
      const page = await plain.context.newPage();
      await page.goto(url);
      return {
        evaluate: (fn, argument) => page.evaluate(fn as never, argument) as never,
        close: () => page.close(),
      };
    },
    close: () => plain.close(),
  };
}

/** The tab the extension opens on install; waited for, so that no suite sees it open in the middle of a test. */
async function welcomePage(context: BrowserContext, extensionId: string): Promise<Page> {
  const url = `chrome-extension://${extensionId}/welcome.html`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    const page = context.pages().find((candidate) => candidate.url() === url);
    if (page) return page;
    if (Date.now() > deadline) throw new Error('the extension opened no welcome page on install');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Real headless Chromium with the built extension loaded, in a fresh profile. The welcome page it opens on
 * install is closed, unless `keepWelcome`. `managed` is what the organisation's policy sets for the
 * extension (storage.managed), for this browser alone (see chromium-policy.ts).
 */
export async function launchExtensionBrowser({
  keepWelcome = false,
  managed,
  args = [],
  language,
  extensionDir = E2E_EXTENSION_DIR,
}: {
  keepWelcome?: boolean;
  managed?: Record<string, unknown>;
  /** Flags beside the extension's (a host mapped to loopback, say). */
  args?: string[];
  /** The browser's own language, a BCP 47 tag (`de`, `ja`). */
  language?: string | undefined;
  /** The built extension to load: the end-to-end build unless told (the store's, for screenshots). */
  extensionDir?: string;
} = {}): Promise<ExtensionBrowser> {
  const policy = managed && chromiumWithPolicy(CHROMIUM_PATH, extensionDir, managed);
  const chromium = await launchChromium(
    [...loadingOnly(extensionDir), ...args],
    policy?.executablePath,
    language,
  );
  const { context } = chromium;
  const close = async () => {
    await chromium.close();
    policy?.cleanup();
  };
  // Chromium starting and registering the worker took over 30 s (Playwright's default) on 2 cores at load 9:
  // the suite's hook has 120 s.
  const worker = async () =>
    context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker', { timeout: 100_000 }));
  let extensionId: string;
  let welcome: Page;
  try {
    extensionId = new URL((await worker()).url()).host;
    if (policy && extensionId !== unpackedExtensionId(extensionDir)) {
      throw new Error(
        `the policy names the extension ${unpackedExtensionId(extensionDir)}, not ${extensionId}`,
      );
    }
    welcome = await welcomePage(context, extensionId);
    if (!keepWelcome) await welcome.close();
  } catch (error) {
    // No suite holds this browser yet to close it: left running, it would load the rest of the run.
    await close().catch(() => {});
    throw error;
  }
  async function tabIdOf(page: Page): Promise<number> {
    const url = page.url();
    const tabs = await (await worker()).evaluate(() =>
      (globalThis as unknown as { chrome: ChromeForTests }).chrome.tabs.query({}),
    );
    const matching = tabs.filter((candidate) => candidate.url === url);
    // Two tabs on one URL (a page an earlier test left open) would make a badge read the wrong tab.
    if (matching.length !== 1)
      throw new Error(`${matching.length} tabs show ${url}; a test needs exactly one`);
    return (matching[0] as { id: number }).id;
  }

  const tabIds = async () =>
    (
      await (
        await worker()
      ).evaluate(() => (globalThis as unknown as { chrome: ChromeForTests }).chrome.tabs.query({}))
    ).map((tab) => tab.id);

  async function newTab(): Promise<{ page: Page; tabId: number }> {
    const before = await tabIds();
    const page = await context.newPage();
    const tabId = (await tabIds()).find((id) => !before.includes(id));
    if (tabId === undefined) throw new Error('the new tab has no id the extension knows');
    return { page, tabId };
  }

  async function badgeOfTab(tabId: number): Promise<string> {
    return (await worker()).evaluate(
      (id) => (globalThis as unknown as { chrome: ChromeForTests }).chrome.action.getBadgeText({ tabId: id }),
      tabId,
    );
  }

  return {
    context,
    extensionId,
    welcome: keepWelcome ? welcome : null,
    worker,
    async configure({ apiKey, settings }) {
      await (await worker()).evaluate(
        async ({ apiKey, settings }) => {
          type Area = {
            get(key: string): Promise<Record<string, unknown>>;
            set(values: object): Promise<void>;
          };
          const chromeApi = (globalThis as unknown as { chrome: { storage: { local: Area } } }).chrome;
          const current =
            ((await chromeApi.storage.local.get('settings')).settings as object | undefined) ?? {};
          const values: Record<string, unknown> = { settings: { ...current, ...settings } };
          if (apiKey !== undefined) values.apiKey = apiKey;
          await chromeApi.storage.local.set(values);
        },
        { apiKey, settings: settings ?? {} },
      );
    },
    extensionUrl: (path) => `chrome-extension://${extensionId}/${path}`,
    tabIdOf,
    newTab,
    badgeOf: async (page) => badgeOfTab(await tabIdOf(page)),
    badgeOfTab,
    async addressesOf(page) {
      const frames = await (await worker()).evaluate(
        async (key) =>
          ((await (globalThis as unknown as { chrome: ChromeForTests }).chrome.storage.session.get(key))[
            key
          ] ?? {}) as Record<string, string[]>,
        `tabAddresses:${await tabIdOf(page)}`,
      );
      return [...new Set(Object.values(frames).flat())].sort();
    },
    close,
  };
}

/**
 * Moves the pointer onto the first occurrence of `text` in the page's text and leaves it there. The text is
 * scrolled into view first; unless told it will not be found, the pointer then waits until the extension
 * has found that address and underlined it (addresses are underlined near the screen only): a pointer
 * already resting there when the scan ends opens nothing until it moves, as for a person.
 */
export async function hoverText(page: Page, text: string, { found = true } = {}): Promise<void> {
  const box = async () => {
    const found = await page.evaluate(textBox, text);
    return found && { x: found.x + found.width / 2, y: found.y + found.height / 2 };
  };
  const first = await box();
  if (!first) throw new Error(`"${text}" is not on the page`);
  if (found) await page.waitForFunction(isUnderlined, text);
  // Where it is now: the page may have moved while the address was found.
  const at = (await box()) ?? first;
  await page.mouse.move(at.x, at.y, { steps: 2 });
}

/** A node of DOM.getDocument's tree, as far as finding the card needs. */
interface DomNode {
  nodeName: string;
  backendNodeId: number;
  children?: DomNode[];
  shadowRoots?: DomNode[];
  contentDocument?: DomNode;
}

/** The card's host in a document tree, frames included: the first one with a shadow root. */
function findCardHost(node: DomNode): DomNode | null {
  if (node.nodeName === CARD_TAG.toUpperCase() && node.shadowRoots?.length) return node;
  for (const child of [
    ...(node.children ?? []),
    ...(node.shadowRoots ?? []),
    ...(node.contentDocument ? [node.contentDocument] : []),
  ]) {
    const found = findCardHost(child);
    if (found) return found;
  }
  return null;
}

/**
 * The card's closed shadow root as an object of its page's world (or its frame's): DOM.getDocument with
 * `pierce` sees closed roots and same-process frames, and DOM.resolveNode gives the root to the page's
 * world. The content script makes the card's host and root once, and shows and hides that host.
 */
async function findCardRoot(session: CDPSession): Promise<string | null> {
  const { root } = await session.send('DOM.getDocument', { depth: -1, pierce: true });
  const shadow = findCardHost(root as DomNode)?.shadowRoots?.[0];
  if (!shadow) return null;
  const { object } = await session.send('DOM.resolveNode', { backendNodeId: shadow.backendNodeId });
  return object.objectId ?? null;
}

/**
 * Each page's DevTools session, and its card's root once found: held from then on, so that a card closed
 * (its host out of the document, where DOM.getDocument no longer sees it) is still reached, as closed.
 */
const cardConnections = new WeakMap<Page, { session: Promise<CDPSession>; root: string | null }>();

/** The hover card of a page in Chromium, reached through the DevTools protocol (support/card.ts). */
export function chromiumCard(page: Page): Card {
  let connection = cardConnections.get(page);
  if (!connection) {
    connection = { session: page.context().newCDPSession(page), root: null };
    cardConnections.set(page, connection);
  }
  const held = connection;
  /** Calls `fn` with the card's root as `this`: the held root, else the one found now. */
  async function onRoot(session: CDPSession, declaration: string, argument: unknown) {
    held.root ??= await findCardRoot(session);
    if (!held.root) return null;
    const call = {
      functionDeclaration: declaration,
      arguments: [{ value: argument }],
      returnByValue: true,
      awaitPromise: true,
    };
    try {
      return await session.send('Runtime.callFunctionOn', { objectId: held.root, ...call });
    } catch {
      // A root held from a document the page has since left is gone: find the new one.
      held.root = await findCardRoot(session);
      return held.root ? session.send('Runtime.callFunctionOn', { objectId: held.root, ...call }) : null;
    }
  }
  return new Card({
    async withRoot<A, R>(fn: PageFunction<A, R>, argument: A) {
      const session = await held.session;
      const { result, exceptionDetails } =
        (await onRoot(session, `function (argument) { return (${fn})(this, argument); }`, argument)) ??
        (await session.send('Runtime.evaluate', {
          expression: `(${fn})(null, ${JSON.stringify(argument)})`,
          returnByValue: true,
          awaitPromise: true,
        }));
      if (exceptionDetails)
        throw new Error(`in the page: ${exceptionDetails.exception?.description ?? exceptionDetails.text}`);
      return result.value as R;
    },
    evaluate: (expression) => page.evaluate(expression),
    click: (x, y) => page.mouse.click(x, y),
  });
}

/** Stops every service worker of the browser, as Chrome does to an idle one (DevTools protocol). */
export async function stopServiceWorkers(context: BrowserContext): Promise<void> {
  const page = context.pages()[0] ?? (await context.newPage());
  const session = await context.newCDPSession(page);
  await session.send('ServiceWorker.enable');
  await session.send('ServiceWorker.stopAllWorkers');
  await session.detach();
}

/** A Chromium page as the driver uses it (driver.ts). */
export function nativePage(page: Page): NativePage {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return {
    card: chromiumCard(page),
    evaluate: (fn, argument) => page.evaluate(fn as never, argument),
    goto: async (url) => {
      await page.goto(url);
    },
    mouse: {
      move: (x, y, steps) => page.mouse.move(x, y, steps === undefined ? undefined : { steps }),
      down: () => page.mouse.down(),
      up: () => page.mouse.up(),
      wheel: (deltaX, deltaY) => page.mouse.wheel(deltaX, deltaY),
    },
    setViewport: (width, height) => page.setViewportSize({ width, height }),
    press: (chord) => page.keyboard.press(chord),
    fill: (selector, value) => page.fill(selector, value),
    click: (selector) => page.click(selector),
    screenshot: () => page.screenshot(),
    errors,
    close: () => page.close(),
  };
}

/**
 * Chromium with the built extension, for the driver (driver.ts): the extension's code is reached in its
 * service worker, and the system's colour scheme is emulated page by page (Playwright's emulateMedia).
 */
export async function launchChromiumNative({
  managed,
  chromiumArgs = [],
  language,
}: LaunchOptions): Promise<NativeBrowser> {
  const browser = await launchExtensionBrowser({ ...(managed && { managed }), args: chromiumArgs, language });
  let scheme: ColorScheme | undefined;
  const newPage = async () => {
    const page = await browser.context.newPage();
    if (scheme) await page.emulateMedia({ colorScheme: scheme });
    return page;
  };
  return {
    name: 'Chromium',
    answersPermissionPrompts: false,
    storageQuotaExact: true,
    apiGlobal: 'chrome',
    evaluateInExtension: async (expression) => (await browser.worker()).evaluate(expression),
    newTab: async () => nativePage(await newPage()),
    async openExtensionPage(path) {
      const page = await newPage();
      await page.goto(browser.extensionUrl(path));
      return nativePage(page);
    },
    tabCount: async () => browser.context.pages().length,
    async setColorScheme(next) {
      scheme = next;
      for (const page of browser.context.pages()) await page.emulateMedia({ colorScheme: next });
    },
    stopBackground: () => stopServiceWorkers(browser.context),
    endBackgroundProcess: () => stopServiceWorkers(browser.context),
    close: () => browser.close(),
  };
}
