import { createRequire } from 'node:module';
import { defineWxtModule } from 'wxt/modules';

/**
 * Content scripts (and the card module they load) use the browser's own promise-based extension API
 * (`browser` in Firefox, `chrome` in Chromium, as `@wxt-dev/browser` picks them), not webextension-polyfill.
 * The content script runs on every page, and the polyfill was 9.5 KB of its 36 KB while it only sends
 * messages, which both browsers already answer with promises. The background and the extension's pages keep
 * the polyfill: Chromium's own onMessage does not take a listener's returned promise as its answer.
 */
const nativeBrowser = createRequire(import.meta.url).resolve('@wxt-dev/browser');

export default defineWxtModule((wxt) => {
  wxt.hooks.hook('vite:build:extendConfig', (entrypoints, config) => {
    if (!entrypoints.every((entrypoint) => entrypoint.type === 'content-script')) return;
    config.resolve ??= {};
    config.resolve.alias = {
      ...(config.resolve.alias as Record<string, string>),
      'wxt/browser': nativeBrowser,
    };
  });
});
