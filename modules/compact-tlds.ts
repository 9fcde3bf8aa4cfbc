import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { addViteConfig, defineWxtModule } from 'wxt/modules';
import { asciiLabel } from '#core/email/ascii-label.ts';
import { packSortedNames } from '#core/email/packed-list.ts';

/**
 * The IANA top-level domains (the `tlds` package's JSON array) go into the build front-coded
 * (lib/core/email/packed-list.ts), unpacked on the first call of `topLevelDomainList`: as a JSON array the list
 * was 13.7 KB of the content script, which runs on every page (budget 30 KB), and 5.9 KB so; and unpacking
 * it at the script's start was 2-4 ms of its first task, the longest it runs, in Chromium 150. Same list,
 * sorted, in ASCII form as lib/core/email/top-level-domain-list.ts gives it: the build emits ASCII only, so the
 * IDN names in Unicode were `\u` escapes, 3.2 KB of the script against 1.8 KB in punycode.
 */
const TLDS_JSON = 'tlds/index.json';
const LIST_MODULE = new URL('../lib/core/email/top-level-domain-list.ts', import.meta.url).pathname;
const UNPACK = new URL('../lib/core/email/packed-list.ts', import.meta.url).pathname;

export default defineWxtModule((wxt) => {
  addViteConfig(wxt, () => ({
    plugins: [
      {
        name: 'webmail-lookup:compact-tlds',
        enforce: 'pre',
        load(id) {
          if (id !== LIST_MODULE) return null;
          const path = createRequire(import.meta.url).resolve(TLDS_JSON);
          const tlds = JSON.parse(readFileSync(path, 'utf8')) as string[];
          const packed = packSortedNames(tlds.flatMap((tld) => asciiLabel(tld) ?? []));
          return [
            `import { unpackNames } from ${JSON.stringify(UNPACK)};`,
            'let list = null;',
            `export function topLevelDomainList() { return (list ??= unpackNames(${JSON.stringify(packed)})); }`,
          ].join('\n');
        },
      },
    ],
  }));
});
