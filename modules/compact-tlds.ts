import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { addViteConfig, defineWxtModule } from 'wxt/modules';
import { packSortedNames } from '../lib/email/packed-list.ts';

/**
 * The IANA top-level domains (the `tlds` package's JSON array) go into the build front-coded
 * (lib/email/packed-list.ts) and are unpacked at run time: as a JSON array the list was 13.7 KB of the
 * 31 KB content script, which runs on every page (budget 30 KB), and 5.5 KB so. Same list, sorted. (WXT
 * emits ASCII only, so the IDN names stay `\u` escapes.)
 */
const TLDS_JSON = 'tlds/index.json';
const COMPACT_ID = '\0webmail-lookup:tlds';
const UNPACK = new URL('../lib/email/packed-list.ts', import.meta.url).pathname;

export default defineWxtModule((wxt) => {
  addViteConfig(wxt, () => ({
    plugins: [
      {
        name: 'webmail-lookup:compact-tlds',
        enforce: 'pre',
        resolveId: (source) => (source === TLDS_JSON ? COMPACT_ID : null),
        load(id) {
          if (id !== COMPACT_ID) return null;
          const path = createRequire(import.meta.url).resolve(TLDS_JSON);
          const list = JSON.parse(readFileSync(path, 'utf8')) as string[];
          return `import { unpackNames } from ${JSON.stringify(UNPACK)};\nexport default unpackNames(${JSON.stringify(packSortedNames(list))});`;
        },
      },
    ],
  }));
});
