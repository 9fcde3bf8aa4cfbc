import { spawnSync } from 'node:child_process';

/** Where the end-to-end build goes, apart from `npm run build`'s. */
export const E2E_EXTENSION_DIR = new URL('../../../.output/e2e/chrome-mv3', import.meta.url).pathname;

/**
 * Vitest global setup: builds the Chrome extension once per run, pointed at a local service so its
 * manifest grants http://127.0.0.1/* (any port). Each suite then sets the real service's URL in settings.
 */
export default function buildExtension(): void {
  const result = spawnSync('npx', ['wxt', 'build'], {
    cwd: new URL('../../..', import.meta.url).pathname,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      WXT_API_BASE_URL: 'http://127.0.0.1:8787',
      WXT_OUT_DIR: '.output/e2e',
    },
    encoding: 'utf8',
  });
  // The build's warnings (third-party annotations) are noise in test and benchmark output; a failure is not.
  if (result.status !== 0) throw new Error(`The extension build failed:\n${result.stdout}\n${result.stderr}`);
}
