import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { addViteConfig, defineWxtModule } from 'wxt/modules';

/**
 * The IANA top-level domains (the `tlds` package's JSON array) as one space-separated string split at run
 * time rather than a JSON array: the list was 13.7 KB of the 31 KB content script, which runs on every page
 * (issue #5: at most 30 KB), and its quotes and commas 4.3 KB of that. Same array, fewer bytes. (WXT emits
 * ASCII only, so the 151 IDN names stay `\u` escapes.)
 */
const TLDS_JSON = 'tlds/index.json';
const COMPACT_ID = '\0webmail-lookup:tlds';

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
          if (list.some((tld) => /\s/.test(tld))) throw new Error('compact-tlds: a TLD holds a space');
          return `export default ${JSON.stringify(list.join(' '))}.split(' ');`;
        },
      },
    ],
  }));
});
