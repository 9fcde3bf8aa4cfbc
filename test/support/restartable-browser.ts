/**
 * A browser with the built extension in a profile the test keeps, so that the test closes the browser and
 * starts it again, as a person does each morning, with everything the extension stored.
 * - Chromium loads the unpacked extension from the same folder at each start, and takes it for a new install
 *   each time (runtime.onInstalled says `install`: an extension loaded with --load-extension is not kept in
 *   the profile), so the welcome tab opens at every start, and is closed; its storage is the profile's.
 * - Firefox drops a temporary add-on when it closes, so on the first start the extension is installed for
 *   good, from an XPI (WebDriver BiDi's `moz:permanent`), unsigned: Firefox ESR honours
 *   `xpinstall.signatures.required` off, release builds do not.
 *
 * The extension is a copy of the end-to-end build with two additions for the test: a page without a script
 * of its own (`control.html`, where the test reaches the extension's API in Firefox), and, first in its
 * background script, a stand-in for the browser's policy service. storage.managed.get() answers only once the
 * test says the service is up, with the policy the test gives (none: `{}` in Chromium, a failure in Firefox,
 * as each browser answers), at each start. Chromium's own service answers seconds after a start (3 s here),
 * and in these restarts at times not at all (2 of 5 starts once: w3c/webextensions#547 tells of the same);
 * held until the test releases it, the stand-in shows what waits for it, whatever the machine's speed. How
 * Chromium and Firefox hand a real policy to storage.managed is tested in managed.test.ts and
 * firefox-managed.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext } from 'playwright-core';
import type { Browser, Page } from 'puppeteer-core';
import { E2E_EXTENSION_DIR, E2E_FIREFOX_DIR } from './build-extension.ts';
import { type BrowserDriver, type BrowserName, browserDriver, type NativeBrowser } from './driver.ts';
import {
  CHROMIUM_PATH,
  nativePage as chromiumPage,
  launchChromium,
  loadingOnly,
  stopServiceWorkers,
} from './extension-browser.ts';
import {
  ADDON_ID,
  closeFirefox,
  nativePage as firefoxPage,
  launchFirefox,
  until,
} from './firefox-browser.ts';
import { pollUntil } from './poll-until.ts';
import { writeXpi } from './xpi.ts';

/** The page of the test's own in the extension's copy. */
const CONTROL_PAGE = 'control.html';

/**
 * The stand-in for the policy service, run before the background script: storage.managed.get() answers once
 * storage.session says the service is up, with the policy stored beside (set by the test, kept while the
 * browser runs, so a worker Chromium stops and starts again finds it), and notes there that it answered.
 */
const POLICY_SERVICE_STAND_IN = `(() => {
  const api = globalThis.browser?.runtime?.id ? globalThis.browser : globalThis.chrome;
  const firefox = typeof globalThis.browser?.runtime?.getBrowserInfo === 'function';
  const keys = ['policyServiceUp', 'policyServiceAnswer'];
  let up;
  const answer = new Promise((resolve) => { up = resolve; });
  const take = (stored) => { if (stored.policyServiceUp) up(stored.policyServiceAnswer ?? null); };
  api.storage.session.get(keys).then(take);
  api.storage.onChanged.addListener((changes, area) => {
    if (area === 'session' && changes.policyServiceUp) api.storage.session.get(keys).then(take);
  });
  answer.then(() => api.storage.session.set({ policyServiceAnswered: true }));
  const get = () => answer.then((policy) =>
    policy ?? (firefox ? Promise.reject(new Error('Managed storage manifest not found')) : {}));
  for (const area of new Set([globalThis.browser?.storage?.managed, globalThis.chrome?.storage?.managed]))
    if (area) area.get = get;
})();
`;

/** The test's copy of a build: the policy service's stand-in first in its background script, and its page. */
function copyForTest(built: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'webmail-restart-extension-'));
  cpSync(built, dir, { recursive: true });
  const background = join(dir, 'background.js');
  writeFileSync(background, POLICY_SERVICE_STAND_IN + readFileSync(background, 'utf8'));
  writeFileSync(join(dir, CONTROL_PAGE), '<!doctype html><title>control</title>');
  return dir;
}

/** One start of the browser: its driver, as the driver of a fresh browser is used. */
export interface StartedBrowser {
  driver: BrowserDriver;
  /** Whether this is the profile's first start, which installed the extension. */
  firstStart: boolean;
  /**
   * The policy service is up, in this run of the browser: storage.managed answers from now on, with `policy`
   * (null: none).
   */
  policyServiceUp(policy: Record<string, unknown> | null): Promise<void>;
  /** Waits until the stand-in has given the background its answer. */
  policyServiceAnswered(): Promise<void>;
  close(): Promise<void>;
}

export interface RestartableBrowser {
  /** Starts the browser in the kept profile, its policy service not up. */
  start(): Promise<StartedBrowser>;
  /** Closes the browser if a start left it running (a test that failed). */
  closeRunning(): Promise<void>;
  /** Closes the browser if it runs, and removes the profile and the extension's copy. */
  remove(): Promise<void>;
}

/** The start's driver and the operations on the stand-in, for both browsers. */
function started(native: NativeBrowser, firstStart: boolean, close: () => Promise<void>): StartedBrowser {
  const driver = browserDriver(native);
  type Session = { set(values: object): Promise<void> };
  return {
    driver,
    firstStart,
    policyServiceUp: (policy) =>
      driver.inExtension(
        (api, policy) =>
          (api.storage.session as unknown as Session).set({
            policyServiceAnswer: policy,
            policyServiceUp: true,
          }),
        policy,
      ),
    policyServiceAnswered: async () => {
      await pollUntil(
        () => driver.inExtension((api) => api.storage.session.get('policyServiceAnswered'), null),
        (stored) => stored.policyServiceAnswered === true,
        'whether the policy service answered',
      );
    },
    close,
  };
}

/** Chromium in the kept profile, with the extension's copy. */
async function startChromium(dir: string, profile: string): Promise<StartedBrowser> {
  const firstStart = !existsSync(join(profile, 'Default'));
  const { context, close: closeChromium } = await launchChromium(
    loadingOnly(dir),
    CHROMIUM_PATH,
    undefined,
    profile,
  );
  const worker = async () =>
    context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker', { timeout: 100_000 }));
  let extensionId: string;
  try {
    extensionId = new URL((await worker()).url()).host;
    await closeWelcome(context, `chrome-extension://${extensionId}/welcome.html`, firstStart);
  } catch (error) {
    await closeChromium();
    throw error;
  }
  const native: NativeBrowser = {
    name: 'Chromium',
    answersPermissionPrompts: false,
    storageQuotaExact: true,
    apiGlobal: 'chrome',
    evaluateInExtension: async (expression) => (await worker()).evaluate(expression),
    newTab: async () => chromiumPage(await context.newPage()),
    async openExtensionPage(path) {
      const page = await context.newPage();
      await page.goto(`chrome-extension://${extensionId}/${path}`);
      return chromiumPage(page);
    },
    tabCount: async () => context.pages().length,
    setColorScheme: () => Promise.reject(new Error('not in the restart test')),
    stopBackground: () => stopServiceWorkers(context),
    endBackgroundProcess: () => stopServiceWorkers(context),
    close: closeChromium,
  };
  return started(native, firstStart, closeChromium);
}

/**
 * The welcome tab the extension opens when it is installed, closed once it is there. On a later start it is
 * looked for a while only: a Chromium that kept the extension would open none.
 */
async function closeWelcome(context: BrowserContext, url: string, firstStart: boolean): Promise<void> {
  const find = () => context.pages().find((page) => page.url() === url);
  const welcome = firstStart
    ? await pollUntil(find, Boolean, 'the welcome tab', 30_000)
    : await pollUntil(find, Boolean, 'the welcome tab', 10_000).catch(() => undefined);
  await welcome?.close();
}

/** Firefox in the kept profile; on its first start, the extension installed for good from `xpi`. */
async function startFirefox(xpi: string, profile: string, uuid: string): Promise<StartedBrowser> {
  const firstStart = !existsSync(join(profile, 'extensions', `${ADDON_ID}.xpi`));
  const browser = await launchFirefox({
    userDataDir: profile,
    args: ['--remote-allow-system-access'],
    extraPrefsFirefox: {
      'xpinstall.signatures.required': false,
      'extensions.webextensions.uuids': JSON.stringify({ [ADDON_ID]: uuid }),
      'extensions.webextOptionalPermissionPrompts': false,
    },
  });
  const connection = (browser as unknown as { connection: { send(m: string, p: object): Promise<unknown> } })
    .connection;
  const close = () => closeFirefox(browser);
  const openExtensionPage = async (path: string): Promise<Page> => {
    const page = await browser.newPage();
    const url = `moz-extension://${uuid}/${path}`;
    const context = (page.mainFrame() as unknown as { _id: string })._id;
    await connection.send('browsingContext.navigate', { context, url, wait: 'complete' });
    await until(page, (expected) => location.href === expected && document.readyState === 'complete', url);
    return page;
  };
  let control: Page | null = null;
  const extension = async () => {
    if (!control || control.isClosed()) control = await openExtensionPage(CONTROL_PAGE);
    return control;
  };
  try {
    if (firstStart) {
      await connection.send('webExtension.install', {
        extensionData: { type: 'archivePath', path: xpi },
        'moz:permanent': true,
      });
      await closeFirefoxWelcome(await extension());
    }
  } catch (error) {
    await close();
    throw error;
  }
  return started(firefoxNative(browser, openExtensionPage, extension), firstStart, close);
}

/** The welcome tab the add-on opens when it is installed, closed from among the add-on's own views. */
async function closeFirefoxWelcome(control: Page): Promise<void> {
  await until(
    control,
    () => {
      const api = (
        globalThis as unknown as { browser: { extension: { getViews(filter: object): Window[] } } }
      ).browser;
      const welcome = api.extension
        .getViews({ type: 'tab' })
        .find((view) => view.location.pathname === '/welcome.html');
      welcome?.close();
      return !!welcome;
    },
    undefined,
    { timeout: 30_000 },
  );
}

function firefoxNative(
  browser: Browser,
  openExtensionPage: (path: string) => Promise<Page>,
  extension: () => Promise<Page>,
): NativeBrowser {
  const unsupported = () => Promise.reject(new Error('not in the restart test'));
  return {
    name: 'Firefox',
    answersPermissionPrompts: true,
    storageQuotaExact: false,
    apiGlobal: 'browser',
    evaluateInExtension: async (expression) => (await extension()).evaluate(expression),
    newTab: async () => firefoxPage(await browser.newPage()),
    openExtensionPage: async (path) => firefoxPage(await openExtensionPage(path)),
    tabCount: async () => (await browser.pages()).length,
    setColorScheme: unsupported,
    stopBackground: unsupported,
    endBackgroundProcess: unsupported,
    close: () => closeFirefox(browser),
  };
}

/** A browser whose profile, and the extension in it, outlive each start. */
export function restartableBrowser(name: BrowserName): RestartableBrowser {
  const profile = mkdtempSync(join(tmpdir(), 'webmail-restart-profile-'));
  const dir = copyForTest(name === 'Chromium' ? E2E_EXTENSION_DIR : E2E_FIREFOX_DIR);
  const xpi = `${dir}.xpi`;
  if (name === 'Firefox') writeXpi(dir, xpi);
  const uuid = randomUUID();
  let running: StartedBrowser | null = null;
  return {
    async start() {
      if (running) throw new Error('the browser is running: close it before starting it again');
      const started =
        name === 'Chromium' ? await startChromium(dir, profile) : await startFirefox(xpi, profile, uuid);
      running = started;
      const close = started.close;
      started.close = async () => {
        running = null;
        await close();
      };
      return started;
    },
    async closeRunning() {
      await running?.close();
    },
    async remove() {
      await running?.close();
      for (const path of [profile, dir, xpi]) rmSync(path, { recursive: true, force: true });
    },
  };
}
