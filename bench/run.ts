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
import { printTable } from './table.ts';
import { benchWorkerWake } from './worker-wake.ts';

console.log(
  `Webmail Lookup benchmarks, ${new Date().toISOString()}, Node ${process.version}, ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}`,
);
printTable('Address extraction (Node, same text for all)', benchExtraction());
printTable('Text written to be slow, beside ordinary text of its length (Node)', benchHostileText());
printTable('The provider catalog', benchCatalog());
printTable('The built extension', benchSizes());
printTable('The content script in Chromium', await benchContentScript());
printTable(
  'What the extension costs pages, rendering included (Chromium, with and without it in the same run)',
  await benchPageCost(),
);
printTable('The lookup path in Chromium (built extension, local service)', await benchLookupPath());
printTable(
  'The popup’s list in Chromium (built extension, local service; references measured in the same run)',
  await benchPopupList(),
);
printTable(
  'A stopped worker woken by a lookup (Chromium; this build, the eager-lists build and a floor, side by side)',
  await benchWorkerWake(),
);
printTable('The Webmail Info API service (autocannon, 32 connections)', await benchService());
await printDnsEvidence();
