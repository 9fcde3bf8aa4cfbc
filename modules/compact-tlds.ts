import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Plugin } from 'vite';
import { defineWxtModule } from 'wxt/modules';
import { asciiLabel } from '#core/email/ascii-label.ts';
import { packSortedNames } from '#core/email/packed-list.ts';
import { TOP_LEVEL_DOMAINS_FILE } from '#page/top-level-domains-module.ts';
import { shareWithContentScript } from '#scripts/content-script-resource.ts';

/**
 * The IANA top-level domains (the `tlds` package's JSON array) go into the build front-coded
 * (lib/core/email/packed-list.ts), unpacked on the first call of `topLevelDomainList`: as a JSON array the list
 * was 13.7 KB of the content script, which runs on every page (budget 30 KB), and 5.9 KB so; and unpacking
 * it at the script's start was 2-4 ms of its first task, the longest it runs, in Chromium 150. Same list,
 * sorted, in ASCII form as lib/core/email/top-level-domain-list.ts gives it: the build emits ASCII only, so the
 * IDN names in Unicode were `\u` escapes, 3.2 KB of the script against 1.8 KB in punycode.
 *
 * The content script does not carry it: it is a web-accessible module of its own (`TOP_LEVEL_DOMAINS_FILE`),
 * which the script loads as it starts (lib/page/top-level-domains-module.ts). With it the script was 31.2 KB,
 * over its budget. The background and the extension's pages carry it, as they need it at once.
 */
const TLDS_JSON = 'tlds/index.json';
const LIST_MODULE = new URL('../lib/core/email/top-level-domain-list.ts', import.meta.url).pathname;
const UNPACK = new URL('../lib/core/email/packed-list.ts', import.meta.url).pathname;
const LOADED = new URL('../lib/page/top-level-domains-module.ts', import.meta.url).pathname;

function packedList(): string {
  const path = createRequire(import.meta.url).resolve(TLDS_JSON);
  const tlds = JSON.parse(readFileSync(path, 'utf8')) as string[];
  return packSortedNames(tlds.flatMap((tld) => asciiLabel(tld) ?? []));
}

/** The list inside the bundle; or, in the content script's, loaded apart and written beside it. */
function compactTlds(apart: boolean): Plugin {
  let used = false;
  return {
    name: 'webmail-lookup:compact-tlds',
    enforce: 'pre',
    load(id) {
      if (id !== LIST_MODULE) return null;
      used = true;
      const packed = apart ? 'packedTopLevelDomains()' : JSON.stringify(packedList());
      return [
        `import { unpackNames } from ${JSON.stringify(UNPACK)};`,
        ...(apart ? [`import { packedTopLevelDomains } from ${JSON.stringify(LOADED)};`] : []),
        'let list = null;',
        `export function topLevelDomainList() { return (list ??= unpackNames(${packed})); }`,
      ].join('\n');
    },
    generateBundle() {
      // Only the bundle that reads the list: the card's module is built from the same config.
      if (!apart || !used) return;
      this.emitFile({
        type: 'asset',
        fileName: TOP_LEVEL_DOMAINS_FILE,
        source: `export default ${JSON.stringify(packedList())};\n`,
      });
    },
  };
}

export default defineWxtModule((wxt) => {
  wxt.hooks.hook('vite:build:extendConfig', (entrypoints, config) => {
    const contentScript = entrypoints.some((entrypoint) => entrypoint.name === 'content');
    config.plugins = [...(config.plugins ?? []), compactTlds(contentScript)];
  });

  shareWithContentScript(wxt, TOP_LEVEL_DOMAINS_FILE);
});
