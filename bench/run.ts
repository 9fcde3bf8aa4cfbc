/** `npm run bench`: prints figures and how far each is from its budget. Benchmarks never pass or fail. */
import { cpus } from 'node:os';
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
import { printMeasured } from './table.ts';
import { benchWorkerWake } from './worker-wake.ts';

console.log(
  `Webmail Lookup benchmarks, ${new Date().toISOString()}, Node ${process.version}, ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}`,
);
await printMeasured('Address extraction (Node, same text for all)', () => benchExtraction());
await printMeasured('Text written to be slow, beside ordinary text of its length (Node)', () =>
  benchHostileText(),
);
await printMeasured('Typo suggestions beside extraction (Node, per address on one page-like set)', () =>
  benchSuggestions(),
);
await printMeasured('The provider catalog', () => benchCatalog());
await printMeasured('The built extension', () => benchSizes());
await printMeasured('The content script in Chromium', () => benchContentScript());
await printMeasured(
  'What the extension costs pages, rendering included (Chromium, with and without it in the same run)',
  () => benchPageCost(),
);
await printMeasured('The lookup path in Chromium (built extension, local service)', () => benchLookupPath());
await printMeasured(
  'The popup’s list in Chromium (built extension, local service; references measured in the same run)',
  () => benchPopupList(),
);
await printMeasured(
  'A stopped worker woken by a lookup (Chromium; this build, the eager-lists build and a floor, side by side)',
  () => benchWorkerWake(),
);
await printMeasured('The Webmail Info API service (autocannon, 32 connections)', () => benchService());
await printDnsEvidence();
