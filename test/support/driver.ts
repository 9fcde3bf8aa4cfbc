/**
 * One driver for a user flow in either browser, so that the flow is one file run in both
 * (`describe.each(BROWSERS)`): Chromium through Playwright (extension-browser.ts), Firefox through puppeteer
 * over WebDriver BiDi (firefox-browser.ts). Each of those gives a few native operations (NativeBrowser,
 * NativePage); everything a suite calls is built on them here, once. Where the browsers differ (where the
 * extension's own code can be reached, the toolbar button's API, how a system theme or a policy is set
 * up), the difference stays in the drivers, never in a suite.
 *
 * What a suite does is a person's input (the drivers' pointer and keyboard); what it reads of the hover
 * card goes through card.ts, and what it reads of a page names a test id or a CSS selector (card.ts's
 * `selectorOf`).
 */
import type { Settings } from '#extension/settings.ts';
import { seriousViolations } from './axe.ts';
import { type Card, selectorOf } from './card.ts';
import { launchBareChromium, launchChromiumNative } from './extension-browser.ts';
import { launchBareFirefox, launchFirefoxNative } from './firefox-browser.ts';
import { type Box, elementBox, type Field, fieldOf, isUnderlined, textBox } from './in-page.ts';
import { pollUntil } from './poll-until.ts';

export const BROWSERS = ['Chromium', 'Firefox'] as const;
export type BrowserName = (typeof BROWSERS)[number];
export type ColorScheme = 'light' | 'dark';

export interface Point {
  x: number;
  y: number;
}

/** A tab: a web page, or one of the extension's own pages. */
export interface PageDriver {
  /** The hover card on this page. */
  card: Card;
  /** Runs a self-contained function in the page (sent as source: no import, closure or named inner function). */
  evaluate<A, R>(fn: (argument: A) => R, argument: A): Promise<Awaited<R>>;

  /** The text of the first element `target` names (a test id or a selector); null without one. */
  text(target: string): Promise<string | null>;
  /** The text of every element `target` names, in document order. */
  texts(target: string): Promise<string[]>;
  attribute(target: string, name: string): Promise<string | null>;
  count(target: string): Promise<number>;
  /** What a form field holds and whether a person may change it; null without one. */
  field(target: string): Promise<Field | null>;
  /** Waits until `target` is on the page. */
  waitFor(target: string): Promise<void>;
  /**
   * Waits until the page (the popup) shows an answer or an error in every result card:
   * one card at least, and nothing loading.
   */
  waitForAnswer(): Promise<void>;
  /** axe's serious and critical violations on the page (support/axe.ts). */
  violations(): Promise<{ id: string; impact: string | null; targets: unknown[] }[]>;
  /** The errors the page raised (uncaught exceptions), since it opened. */
  errors: readonly string[];
  /** The page as a person sees it, as a PNG. */
  screenshot(): Promise<Buffer>;

  /** The toolbar button's badge for this tab. */
  badge(): Promise<string>;
  /** The tab's address list as the background keeps it (every frame's report), sorted. */
  addresses(): Promise<string[]>;

  /**
   * Rests the pointer on the first occurrence of `text`, scrolled into view: once the extension has found
   * and underlined it, unless told it will not be.
   */
  hoverText(text: string, options?: { underlined?: boolean }): Promise<void>;
  /** Rests the pointer in the middle of an element, once it is on the page. */
  hover(target: string): Promise<void>;
  /** Closes any card, rests the pointer on `address`, and waits until the card about it shows an answer. */
  showCardOf(address: string): Promise<void>;
  moveTo(point: Point): Promise<void>;
  /** Presses the button at `from`, moves to `to` and lets go, as a person selecting text. */
  drag(from: Point, to: Point): Promise<void>;
  /** Turns the mouse wheel where the pointer is. */
  wheel(deltaX: number, deltaY: number): Promise<void>;
  /** Resizes the page's viewport (in CSS pixels at 100 % zoom), as a person resizing the window. */
  setViewport(width: number, height: number): Promise<void>;
  /**
   * The browser's own zoom of this tab (`2` for 200 %, `1` back to 100 %), as a person sets it (Ctrl +): set
   * through the extension API's tabs.setZoom, which both browsers have; waits until the page's layout took
   * it. Both keep it for the whole site, so a test that zooms sets it back.
   */
  zoom(factor: number): Promise<void>;
  /** A person's click in the middle of an element, once it is on the page. */
  click(target: string): Promise<void>;
  /** A key or a chord (`Escape`, `Control+KeyA`). */
  press(key: string): Promise<void>;
  /** Types into a field in place of what it held. */
  fill(target: string, value: string): Promise<void>;
  close(): Promise<void>;
}

/** The extension's API where `inExtension` runs: the parts both builds share. */
export interface ExtensionApi {
  storage: {
    local: {
      get(keys?: string | string[] | null): Promise<Record<string, unknown>>;
      set(values: object): Promise<void>;
    };
    session: { get(key: string): Promise<Record<string, unknown>> };
  };
  tabs: {
    query(query: object): Promise<{ id?: number }[]>;
    getZoom(tabId: number): Promise<number>;
    setZoom(tabId: number, factor: number): Promise<void>;
  };
  permissions: { contains(query: { origins: string[] }): Promise<boolean> };
}

/** The toolbar button's API: `action` in the Chrome build (MV3), `browserAction` in Firefox's (MV2). */
type ToolbarApi = {
  getBadgeText(details: { tabId?: number }): Promise<string>;
};

export interface BrowserDriver {
  name: BrowserName;
  /**
   * Whether a permission the extension asks for is answered, yes, as a person would: Firefox's prompts are
   * answered by a preference of the profile; headless Chromium shows its prompt to no one.
   */
  answersPermissionPrompts: boolean;
  /**
   * Whether storage.local refuses exactly what is past its quota: Chromium counts each item's JSON. Firefox
   * measures the growth of its database's files, and a full database takes a write of a few KB now and then.
   */
  storageQuotaExact: boolean;
  /** A page in a new tab; when `addresses` is given, once the extension's badge counts that many there. */
  openPage(url: string, addresses?: number): Promise<PageDriver>;
  /** The toolbar popup in a tab: about `tab` (its `?tabId=`), or looking up `lookup` as the context menu does. */
  openPopup(options?: { tab?: PageDriver; lookup?: string }): Promise<PageDriver>;
  openOptions(): Promise<PageDriver>;
  /** One of the extension's own pages in a new tab. */
  openExtensionPage(path: string): Promise<PageDriver>;
  /** Writes settings and the key straight into the extension's storage, as the options page would. */
  configure(options: { apiKey?: string; settings?: Partial<Settings> }): Promise<void>;
  /** What the extension keeps in storage.local under these keys. */
  stored(keys: string[]): Promise<Record<string, unknown>>;
  /**
   * Runs a self-contained function where the extension's own pages run (Chromium: its service worker;
   * Firefox: one of its pages), given the extension's API.
   */
  inExtension<A, R>(fn: (api: ExtensionApi, argument: A) => R, argument: A): Promise<Awaited<R>>;
  /** Whether the extension holds a host permission (asked for at run time or granted in the manifest). */
  hasOrigin(origin: string): Promise<boolean>;
  /** The tabs open: a link the card followed would open one. */
  tabCount(): Promise<number>;
  /** The system's colour scheme, for every page from now. */
  setColorScheme(scheme: ColorScheme): Promise<void>;
  /**
   * Stops the extension's background, as the browser does. Chromium stops an idle service worker at any time
   * (here through the DevTools protocol); it starts again on the next event. Firefox's background page never
   * idles out (the MV2 build's is persistent): the nearest is the add-on reloaded, which ends the page and
   * starts a new one, and closes the extension's open pages.
   */
  stopBackground(): Promise<void>;
  /**
   * Ends the background as the system does to the process it runs in when memory runs short: what the
   * browser keeps outside it (storage.session, alarms) stays, as it does when Chrome stops an idle worker,
   * and a reload of a Firefox add-on does not keep. Chromium: its worker stopped, as stopBackground does.
   * Firefox: the extension's process ended, and the background page started again by Firefox; the
   * extension's open pages are gone (closed).
   */
  endBackgroundProcess(): Promise<void>;
  close(): Promise<void>;
}

export interface LaunchOptions {
  /** What the organisation's policy sets for the extension (storage.managed), for this browser alone. */
  managed?: Record<string, unknown>;
  /** Chromium's command-line flags beside the extension's (a site's host mapped to loopback, say). */
  chromiumArgs?: string[];
  /** Firefox preferences of the profile, beside the driver's own (a proxy to a site's host, say). */
  firefoxPrefs?: Record<string, string | number | boolean>;
  /**
   * The browser's own language, a BCP 47 tag (`de`, `ja`): Chromium's from LANGUAGE in its environment
   * (with Debian's chromium-l10n), Firefox's `intl.locale.requested` (with firefox-esr-l10n-*); .ci/run
   * installs both.
   */
  language?: string;
  /** The browser takes certificates it cannot verify: a site's host served from loopback (Firefox; Chromium takes a flag). */
  acceptInsecureCerts?: boolean;
}

/** A page as each browser's driver gives it. Functions given to `evaluate` are sent as source. */
export interface NativePage {
  card: Card;
  /** Runs a function with its argument, or an expression, in the page; what it gives, awaited. */
  evaluate(fn: unknown, argument?: unknown): Promise<unknown>;
  goto(url: string): Promise<void>;
  mouse: {
    move(x: number, y: number, steps?: number): Promise<void>;
    down(): Promise<void>;
    up(): Promise<void>;
    wheel(deltaX: number, deltaY: number): Promise<void>;
  };
  setViewport(width: number, height: number): Promise<void>;
  press(chord: string): Promise<void>;
  fill(selector: string, value: string): Promise<void>;
  click(selector: string): Promise<void>;
  screenshot(): Promise<Buffer>;
  errors: readonly string[];
  close(): Promise<void>;
}

/**
 * A browser with the built extension, as each browser's driver gives it; the members it shares with
 * BrowserDriver are handed on as they are.
 */
export interface NativeBrowser
  extends Pick<
    BrowserDriver,
    | 'name'
    | 'answersPermissionPrompts'
    | 'storageQuotaExact'
    | 'tabCount'
    | 'setColorScheme'
    | 'stopBackground'
    | 'endBackgroundProcess'
    | 'close'
  > {
  /** The global that holds the extension's API where `evaluateInExtension` runs: `chrome` or `browser`. */
  apiGlobal: string;
  /** Evaluates an expression where the extension's own pages run; what it gives, awaited. */
  evaluateInExtension(expression: string): Promise<unknown>;
  /** A new, blank tab. */
  newTab(): Promise<NativePage>;
  /** One of the extension's pages in a new tab, loaded. */
  openExtensionPage(path: string): Promise<NativePage>;
}

/** A page in a browser without the extension. */
export interface BarePage {
  /** Runs a self-contained function in the page, as PageDriver's `evaluate`. */
  evaluate<A, R>(fn: (argument: A) => R, argument: A): Promise<Awaited<R>>;
  close(): Promise<void>;
}

/**
 * The same browser without the extension, in a fresh profile of its own: what a page costs on its own, the
 * reference for what the extension adds to it.
 */
export interface BareBrowser {
  /** A page in a new tab, loaded. */
  openPage(url: string): Promise<BarePage>;
  close(): Promise<void>;
}

function pageDriver(native: NativePage, tab: { id: number | null }, browser: BrowserDriver): PageDriver {
  const evaluate = <A, R>(fn: (argument: A) => R, argument: A) =>
    native.evaluate(fn, argument) as Promise<Awaited<R>>;
  const count = (target: string) =>
    evaluate((selector) => document.querySelectorAll(selector).length, selectorOf(target));
  const waitFor = async (target: string) => {
    await pollUntil(
      () => count(target),
      (found) => found > 0,
      `the number of ${target} on the page`,
    );
  };
  const tabId = () => tab.id ?? Promise.reject(new Error('this page was not opened as a tab of its own'));
  const moveTo = ({ x, y }: Point) => native.mouse.move(x, y, 2);
  /** From beside it, so that the pointer arrives at a point whatever rested there before. */
  const arriveAt = async ({ x, y }: Point) => {
    await native.mouse.move(x - 2, y);
    await moveTo({ x, y });
  };
  const centre = (box: Box) => ({ x: box.x + box.width / 2, y: box.y + box.height / 2 });
  const driver: PageDriver = {
    card: native.card,
    evaluate,
    text: (target) =>
      evaluate((selector) => document.querySelector(selector)?.textContent ?? null, selectorOf(target)),
    texts: (target) =>
      evaluate(
        (selector) => [...document.querySelectorAll(selector)].map((element) => element.textContent ?? ''),
        selectorOf(target),
      ),
    attribute: (target, name) =>
      evaluate(({ selector, name }) => document.querySelector(selector)?.getAttribute(name) ?? null, {
        selector: selectorOf(target),
        name,
      }),
    count,
    field: (target) => evaluate(fieldOf, selectorOf(target)),
    waitFor,
    async waitForAnswer() {
      await pollUntil(
        () =>
          evaluate(
            () =>
              !!document.querySelector('[data-testid="result-card"]') &&
              !document.querySelector('[data-testid="loading"]'),
            null,
          ),
        Boolean,
        'whether the page shows an answer',
        // The first lookup may wake Firefox's background page and load the catalog: seconds on a slow machine.
        30_000,
      );
    },
    violations: () => seriousViolations({ evaluate: (expression) => native.evaluate(expression) }),
    get errors() {
      return native.errors;
    },
    screenshot: () => native.screenshot(),
    badge: async () =>
      browser.inExtension(
        (api, id) => {
          const { action, browserAction } = api as unknown as {
            action?: ToolbarApi;
            browserAction?: ToolbarApi;
          };
          return (action ?? browserAction)?.getBadgeText({ tabId: id }) ?? '';
        },
        await tabId(),
      ),
    async addresses() {
      const key = `tabAddresses:${await tabId()}`;
      const frames = await browser.inExtension(
        async (api, key) => ((await api.storage.session.get(key))[key] ?? {}) as Record<string, string[]>,
        key,
      );
      return [...new Set(Object.values(frames).flat())].sort();
    },
    async hoverText(text, { underlined = true } = {}) {
      if (!(await evaluate(textBox, text))) throw new Error(`"${text}" is not on the page`);
      if (underlined)
        await pollUntil(() => evaluate(isUnderlined, text), Boolean, `whether "${text}" is underlined`);
      // Where it is now: the page may have moved while the address was found.
      await arriveAt(centre((await evaluate(textBox, text)) as Box));
    },
    async hover(target) {
      const box = await pollUntil(
        () => evaluate(elementBox, selectorOf(target)),
        Boolean,
        `the box of ${target}`,
      );
      await arriveAt(centre(box as Box));
    },
    async showCardOf(address) {
      await native.press('Escape');
      await driver.hoverText(address);
      await native.card.answered();
      const shown = await native.card.text('.wl-address');
      if (shown !== address) throw new Error(`the card is about ${shown}, not ${address}`);
    },
    moveTo,
    async drag(from, to) {
      await native.mouse.move(from.x, from.y);
      await native.mouse.down();
      await native.mouse.move(to.x, to.y, 5);
      await native.mouse.up();
    },
    wheel: (deltaX, deltaY) => native.mouse.wheel(deltaX, deltaY),
    setViewport: (width, height) => native.setViewport(width, height),
    async zoom(factor) {
      const id = await tabId();
      const zoomed = await browser.inExtension((api, id) => api.tabs.getZoom(id), id);
      // The screen's own pixel ratio, at 100 %: what the page's ratio is at the new zoom, multiplied.
      const screenRatio = (await evaluate(() => window.devicePixelRatio, null)) / zoomed;
      await browser.inExtension((api, { id, factor }) => api.tabs.setZoom(id, factor), { id, factor });
      await pollUntil(
        () => evaluate(() => window.devicePixelRatio, null),
        (ratio) => Math.abs(ratio - screenRatio * factor) < 0.01,
        `the page at ${factor * 100} %`,
      );
    },
    async click(target) {
      await waitFor(target);
      await native.click(selectorOf(target));
    },
    press: (key) => native.press(key),
    async fill(target, value) {
      await waitFor(target);
      await native.fill(selectorOf(target), value);
    },
    close: () => native.close(),
  };
  return driver;
}

/** The driver of a browser, from its native operations (each browser's own launcher, or a restartable one). */
export function browserDriver(native: NativeBrowser): BrowserDriver {
  /** Each page the driver opened, and the extension's id for its tab. */
  const tabs = new WeakMap<PageDriver, { id: number | null }>();
  const inExtension = <A, R>(fn: (api: ExtensionApi, argument: A) => R, argument: A) =>
    native.evaluateInExtension(
      `(${fn})(${native.apiGlobal}, ${JSON.stringify(argument ?? null)})`,
    ) as Promise<Awaited<R>>;
  const tabIds = () =>
    inExtension(async (api) => (await api.tabs.query({})).map((tab) => tab.id as number), null);

  // A new tab is told apart from the others by the ids before and after it (without the `tabs` permission,
  // the extension sees no tab's address but its own hosts'), so tabs are opened one at a time.
  let opening: Promise<unknown> = Promise.resolve();
  function openTab(): Promise<{ page: NativePage; id: number }> {
    const next = opening.then(async () => {
      const before = await tabIds();
      const page = await native.newTab();
      const id = (await tabIds()).find((candidate) => !before.includes(candidate));
      if (id === undefined) throw new Error('the new tab has no id the extension knows');
      return { page, id };
    });
    opening = next.catch(() => {});
    return next;
  }

  const wrap = (page: NativePage, id: number | null) => {
    const driver = pageDriver(page, { id }, browser);
    tabs.set(driver, { id });
    return driver;
  };

  const browser: BrowserDriver = {
    name: native.name,
    answersPermissionPrompts: native.answersPermissionPrompts,
    storageQuotaExact: native.storageQuotaExact,
    async openPage(url, addresses) {
      const { page, id } = await openTab();
      await page.goto(url);
      const driver = wrap(page, id);
      if (addresses !== undefined)
        await pollUntil(
          () => driver.badge(),
          (badge) => badge === String(addresses),
          `the badge on ${url}`,
        );
      return driver;
    },
    async openPopup({ tab, lookup } = {}) {
      const query = new URLSearchParams();
      if (tab) {
        const id = tabs.get(tab)?.id;
        if (id == null) throw new Error('the popup is about a tab the driver opened');
        query.set('tabId', String(id));
      }
      if (lookup) query.set('lookup', lookup);
      return browser.openExtensionPage(`popup.html${query.size ? `?${query}` : ''}`);
    },
    openOptions: () => browser.openExtensionPage('options.html'),
    async openExtensionPage(path) {
      return wrap(await native.openExtensionPage(path), null);
    },
    configure: ({ apiKey, settings = {} }) =>
      inExtension(
        async (api, { apiKey, settings }) => {
          const current = ((await api.storage.local.get('settings')).settings as object | undefined) ?? {};
          const values: Record<string, unknown> = { settings: { ...current, ...settings } };
          if (apiKey !== null) values.apiKey = apiKey;
          await api.storage.local.set(values);
        },
        { apiKey: apiKey ?? null, settings },
      ),
    stored: (keys) => inExtension((api, keys) => api.storage.local.get(keys), keys),
    inExtension,
    hasOrigin: (origin) => inExtension((api, origins) => api.permissions.contains({ origins }), [origin]),
    tabCount: () => native.tabCount(),
    setColorScheme: (scheme) => native.setColorScheme(scheme),
    stopBackground: () => native.stopBackground(),
    endBackgroundProcess: () => native.endBackgroundProcess(),
    close: () => native.close(),
  };
  return browser;
}

/** The browser with the built extension, in a fresh profile. */
export async function launchBrowser(name: BrowserName, options: LaunchOptions = {}): Promise<BrowserDriver> {
  const native =
    name === 'Chromium' ? await launchChromiumNative(options) : await launchFirefoxNative(options);
  return browserDriver(native);
}

/** The browser without the extension, in a fresh profile. */
export function launchBareBrowser(name: BrowserName): Promise<BareBrowser> {
  return name === 'Chromium' ? launchBareChromium() : launchBareFirefox();
}
