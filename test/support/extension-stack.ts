import { readFileSync } from 'node:fs';
import { afterAll, beforeAll } from 'vitest';
import type { Settings } from '#extension/settings.ts';
import { STORE_EXTENSION_DIR } from './build-extension.ts';
import {
  type BrowserDriver,
  type BrowserName,
  type LaunchOptions,
  launchBrowser,
  type PageDriver,
} from './driver.ts';
import { type ExtensionBrowser, launchExtensionBrowser } from './extension-browser.ts';
import { type LoopbackService, startLoopbackService } from './loopback-host.ts';
import { startPageServer } from './page-server.ts';
import { startRecordingProxy } from './recording-proxy.ts';
import { type ServiceStack, startServiceStack } from './service-stack.ts';
import { closeAll } from './teardown.ts';

/**
 * What the extension talks to and reads, whatever the browser: the service stack (DNS fixture, the real
 * service, a key: test/support/service-stack.ts), a recording proxy in front of the service, and the pages.
 */
export interface Backend extends ServiceStack {
  /** The recording proxy in front of the service; the extension's base URL points at it. */
  proxy: Awaited<ReturnType<typeof startRecordingProxy>>;
  pages: Awaited<ReturnType<typeof startPageServer>>;
}

export interface BackendOptions {
  serviceEnv?: Record<string, string>;
  /** Makes a key with these credits (`backend.key`; '' without). */
  credits?: number;
  /** Pages made by the suite, served by name beside the fixture pages. */
  generatedPages?: Record<string, string>;
}

/** The service stack, the recording proxy in front of its service, and a page server. */
export async function startBackend(options: BackendOptions = {}): Promise<Backend> {
  const { serviceEnv = {}, credits, generatedPages = {} } = options;
  const stack = await startServiceStack({ env: serviceEnv, ...(credits !== undefined && { credits }) });
  const proxy = await startRecordingProxy(() => stack.service.baseUrl);
  const pages = await startPageServer(generatedPages);
  return {
    ...stack,
    proxy,
    pages,
    close: () => closeAll({ 'page server': pages, 'recording proxy': proxy, 'service stack': stack }),
  };
}

/** The hover delay of suites: short, as they wait for outcomes. */
export const SUITE_HOVER_DELAY_MS = 50;

export interface BrowserStackOptions extends BackendOptions {
  /** Settings beside the proxy's address, the backend's key and SUITE_HOVER_DELAY_MS, which they may override. */
  settings?: Partial<Settings>;
  /**
   * With `false`, nothing is written into the extension's settings: what it starts with is the build's and
   * the organisation's (`launch.managed`).
   */
  configure?: boolean;
  /** How the browser starts; a function of the backend for what depends on it (a policy naming the key). */
  launch?: LaunchOptions | ((backend: Backend) => LaunchOptions);
  /** A page the suite works on, opened in a tab once the extension has found its `addresses`. */
  page?: { html: string; addresses: number };
}

/** A user flow's world in one browser. */
export interface BrowserStack {
  backend: Backend;
  browser: BrowserDriver;
  /** The suite's page, when it asked for one. */
  page: PageDriver;
}

/**
 * The stack of a user flow in one browser, for the suite it is called in: the backend, and the browser with
 * the built extension given the backend's key and pointed at its proxy (unless `configure: false`), and the
 * suite's page. Started before the suite's first test and stopped after its last; the object is filled in
 * then, so tests read its fields.
 */
export function useBrowserStack(name: BrowserName, options: BrowserStackOptions = {}): BrowserStack {
  const { settings = {}, configure = true, launch = {}, page, generatedPages = {}, ...backend } = options;
  const stack = {} as BrowserStack;
  beforeAll(async () => {
    stack.backend = await startBackend({
      ...backend,
      generatedPages: { ...generatedPages, ...(page && { 'suite.html': page.html }) },
    });
    stack.browser = await launchBrowser(name, typeof launch === 'function' ? launch(stack.backend) : launch);
    if (configure) {
      await stack.browser.configure({
        ...(stack.backend.key && { apiKey: stack.backend.key }),
        settings: { baseUrl: stack.backend.proxy.url, hoverDelayMs: SUITE_HOVER_DELAY_MS, ...settings },
      });
    }
    if (page)
      stack.page = await stack.browser.openPage(stack.backend.pages.url('suite.html'), page.addresses);
  });
  afterAll(() => closeAll({ [name]: stack.browser, backend: stack.backend }));
  return stack;
}

/** The backend and Chromium with the built extension pointed at the proxy, through Playwright itself. */
export interface ExtensionStack extends Backend {
  browser: ExtensionBrowser;
}

interface ExtensionStackOptions extends BackendOptions {
  settings?: Partial<Settings>;
  /**
   * The store's build, which talks to the hosted service's address (no base URL in settings): Chromium
   * resolves that host to an https front on loopback for the proxy, as a store install sees it.
   */
  hosted?: boolean;
  /** The browser's own language, a BCP 47 tag (`de`, `pt-BR`). */
  language?: string;
}

/**
 * The hosted service's address answered on loopback by `backend`, for the store's build. The host is the one
 * the build's manifest grants (wxt.config.ts): lib/extension/settings.ts reads import.meta.env, which only a
 * build or Vitest fills in, so a script cannot import it.
 */
async function hostedFront(backend: Backend): Promise<LoopbackService> {
  const manifest = JSON.parse(readFileSync(`${STORE_EXTENSION_DIR}/manifest.json`, 'utf8'));
  const [granted] = manifest.host_permissions as string[];
  if (!granted) throw new Error('the store build grants no host');
  return startLoopbackService(new URL(granted.replace(/\/\*$/, '')).host, backend.proxy.url);
}

/**
 * Chromium through Playwright itself, for the benchmarks and the store's screenshots, which measure and draw
 * what the driver does not reach, and for the suites that run in Chromium alone.
 */
export async function startExtensionStack(options: ExtensionStackOptions = {}): Promise<ExtensionStack> {
  const backend = await startBackend(options);
  let front: LoopbackService | undefined;
  let browser: ExtensionBrowser | undefined;
  try {
    front = options.hosted ? await hostedFront(backend) : undefined;
    browser = await launchExtensionBrowser({
      language: options.language,
      ...(front && { args: front.chromiumArgs, extensionDir: STORE_EXTENSION_DIR }),
    });
    await browser.configure({
      ...(backend.key && { apiKey: backend.key }),
      settings: { ...(!front && { baseUrl: backend.proxy.url }), ...options.settings },
    });
  } catch (error) {
    // The caller gets no stack to close: what was started is closed here, not left to the rest of the run.
    await closeAll({ Chromium: browser, 'hosted front': front, backend }).catch(() => {});
    throw error;
  }
  return {
    ...backend,
    browser,
    close: () => closeAll({ Chromium: browser, 'hosted front': front, backend }),
  };
}
