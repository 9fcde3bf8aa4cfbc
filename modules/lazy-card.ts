import { resolve } from 'node:path';
import { build, type InlineConfig, type PluginOption } from 'vite';
import { defineWxtModule } from 'wxt/modules';
import { CARD_MODULE_FILE } from '#page/card-module.ts';
import { shareWithContentScript } from '#scripts/content-script-resource.ts';

/**
 * The hover card (React and the result card) as an ES module of its own, imported by the content script
 * the first time a card is about to be shown. The content script runs on every page, so it carries only
 * what finding addresses and watching the pointer need (issue #5: at most 30 KB minified).
 *
 * WXT bundles content scripts as single IIFE files, with no code splitting yet (wxt-dev/wxt#357), so this
 * module builds the card with the content script's own Vite config as ES output, and makes it
 * web-accessible so the content script's `import()` may load it: the approach of WXT's "ESM content
 * script UI" example.
 */
const CARD_SOURCE = 'content/card.tsx';

export default defineWxtModule((wxt) => {
  let contentScriptConfig: InlineConfig | undefined;
  wxt.hooks.hook('vite:build:extendConfig', (entrypoints, config) => {
    if (entrypoints.some((entrypoint) => entrypoint.name === 'content')) contentScriptConfig = config;
  });

  wxt.hooks.hook('build:done', async () => {
    if (!contentScriptConfig)
      throw new Error('lazy-card: the content script was not built, so neither is its card');
    // The IIFE footer returns a value to scripting.executeScript; in an ES module it would name nothing.
    const plugins = ((contentScriptConfig.plugins ?? []) as unknown[])
      .flat(3)
      .filter((plugin) => (plugin as { name?: string } | null)?.name !== 'wxt:iife-footer') as PluginOption[];
    await build({
      ...contentScriptConfig,
      plugins,
      build: {
        ...contentScriptConfig.build,
        // Not library mode: Vite leaves an ES library's whitespace unminified.
        lib: false,
        rollupOptions: {
          input: resolve(wxt.config.entrypointsDir, CARD_SOURCE),
          preserveEntrySignatures: 'exports-only',
          output: { format: 'es', entryFileNames: CARD_MODULE_FILE },
        },
      },
    });
  });

  shareWithContentScript(wxt, CARD_MODULE_FILE);
});
