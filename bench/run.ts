/**
 * `npm run bench`: prints figures and how far each is from its budget. Benchmarks never pass or fail.
 * `npm run bench -- content-script page-cost` prints only the tables whose names are given (names below).
 */
import { cpus } from 'node:os';
import { build } from '#test/support/build-extension.ts';
import { benchCatalog } from './catalog.ts';
import { benchContentScript } from './content-script.ts';
import { printDnsEvidence } from './dns-evidence.ts';
import { benchExtraction } from './extraction.ts';
import { benchHostileText } from './hostile-text.ts';
import { benchLookupPath } from './lookup-path.ts';
import { benchPageCost } from './page-cost.ts';
import { benchPopupList } from './popup-list.ts';
import { benchService } from './service.ts';
import { benchSizes } from './sizes.ts';
import { benchSuggestions } from './suggestions.ts';
import { type BenchRow, printMeasured } from './table.ts';
import { benchWorkerWake } from './worker-wake.ts';

interface Table {
  /** What picks it on the command line. */
  name: string;
  title: string;
  measure: () => readonly BenchRow[] | Promise<readonly BenchRow[]>;
  /** It loads the Chromium build that `sizes` makes: run without `sizes`, it builds that first. */
  usesSizesBuild?: boolean;
}

const TABLES: Table[] = [
  {
    name: 'extraction',
    title: 'Address extraction (Node, same text for all)',
    measure: () => benchExtraction(),
  },
  {
    name: 'hostile-text',
    title: 'Text written to be slow, beside ordinary text of its length (Node)',
    measure: () => benchHostileText(),
  },
  {
    name: 'suggestions',
    title: 'Typo suggestions beside extraction (Node, per address on one page-like set)',
    measure: () => benchSuggestions(),
  },
  { name: 'catalog', title: 'The provider catalog', measure: () => benchCatalog() },
  { name: 'sizes', title: 'The built extension', measure: () => benchSizes() },
  {
    name: 'content-script',
    title: 'The content script in Chromium',
    measure: () => benchContentScript(),
    usesSizesBuild: true,
  },
  {
    name: 'page-cost',
    title:
      'What the extension costs pages, rendering included (Chromium, with and without it in the same run)',
    measure: () => benchPageCost(),
    usesSizesBuild: true,
  },
  {
    name: 'lookup-path',
    title: 'The lookup path in Chromium (built extension, local service)',
    measure: () => benchLookupPath(),
  },
  {
    name: 'popup-list',
    title:
      'The popup’s list in Chromium (built extension, local service; references measured in the same run)',
    measure: () => benchPopupList(),
  },
  {
    name: 'worker-wake',
    title:
      'A stopped worker woken by a lookup (Chromium; this build, the eager-lists build and a floor, side by side)',
    measure: () => benchWorkerWake(),
  },
  {
    name: 'service',
    title: 'The Webmail Info API service (autocannon, 32 connections)',
    measure: () => benchService(),
  },
];

const asked = process.argv.slice(2);
const unknown = asked.filter(
  (name) => name !== 'dns-evidence' && !TABLES.some((table) => table.name === name),
);
if (unknown.length > 0) {
  console.error(
    `No table named ${unknown.join(', ')}; the tables: ${[...TABLES.map((table) => table.name), 'dns-evidence'].join(', ')}`,
  );
  process.exit(2);
}
const picked = (name: string) => asked.length === 0 || asked.includes(name);
const tables = TABLES.filter((table) => picked(table.name));

console.log(
  `Webmail Lookup benchmarks, ${new Date().toISOString()}, Node ${process.version}, ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}`,
);
if (!picked('sizes') && tables.some((table) => table.usesSizesBuild)) build('chrome');
for (const table of tables) await printMeasured(table.title, table.measure);
if (picked('dns-evidence')) await printDnsEvidence();
