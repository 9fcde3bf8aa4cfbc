import { defineWxtModule } from 'wxt/modules';

/**
 * The content script, which every page runs (budget 30 KB, issue #5), is minified by Terser in two passes:
 * 1.1 KB smaller than Vite's default esbuild minifier (29.8 KB against 30.9; `npm run bench`), for a few
 * seconds more per build. The card module, built from the same config (modules/lazy-card.ts), gets it too.
 * Only the content script: on the other bundles Terser writes zod's eval probe (`new Function("")`) as a
 * call web-ext lint reports as eval. ASCII only, as WXT's own output: a lone surrogate written raw is not
 * UTF-8, and Chromium refuses to load a content script that is not.
 */
export default defineWxtModule((wxt) => {
  wxt.hooks.hook('vite:build:extendConfig', (entrypoints, config) => {
    if (!entrypoints.some((entrypoint) => entrypoint.name === 'content')) return;
    config.build = {
      ...config.build,
      minify: 'terser',
      terserOptions: { compress: { passes: 2 }, format: { ascii_only: true } },
    };
  });
});
