import { spawnSync } from 'node:child_process';

/** Where the end-to-end builds go, apart from `npm run build`'s. */
const E2E_OUT_DIR = new URL('../../.output/e2e', import.meta.url).pathname;
export const E2E_EXTENSION_DIR = `${E2E_OUT_DIR}/chrome-mv3`;
export const E2E_FIREFOX_DIR = `${E2E_OUT_DIR}/firefox-mv2`;
/** The store's build: the hosted service's address, as a person who installs from the store has it. */
export const STORE_EXTENSION_DIR = new URL('../../.output/store/chrome-mv3', import.meta.url).pathname;

/** Builds the extension for one browser: `apiBaseUrl` '' is the hosted service's address, as the stores ship it. */
export function build(
  browser: 'chrome' | 'firefox',
  apiBaseUrl = 'http://127.0.0.1:8787',
  outDir = '.output/e2e',
): void {
  const result = spawnSync('npx', ['wxt', 'build', '-b', browser], {
    cwd: new URL('../..', import.meta.url).pathname,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      WXT_API_BASE_URL: apiBaseUrl,
      WXT_OUT_DIR: outDir,
    },
    encoding: 'utf8',
  });
  // The build's warnings (third-party annotations) are noise in test and benchmark output; a failure is not.
  if (result.status !== 0)
    throw new Error(`The ${browser} extension build failed:\n${result.stdout}\n${result.stderr}`);
}

/**
 * Vitest global setup: builds the extension once per run, for Chromium and for Firefox, pointed at a local
 * service so its manifest grants http://127.0.0.1/* (any port). Each suite then sets the real service's URL
 * in settings.
 */
export default function buildExtension(): void {
  build('chrome');
  build('firefox');
}

/** The Chromium extension as the store ships it (no WXT_API_BASE_URL: the hosted service), for screenshots. */
export function buildStoreExtension(): void {
  build('chrome', '', '.output/store');
}
