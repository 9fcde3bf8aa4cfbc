/**
 * The catalog: accuracy per field on the labelled set, and what loading it costs (time and heap), measured
 * in a fresh Node process so nothing else is loaded or warm.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { businessProviders, consumerProviders, relays } from '#core/catalog/providers.ts';
import { measureAccuracy, parseLabelledDomains } from '#test/support/catalog-accuracy.ts';
import type { BenchRow } from './table.ts';

const PROVIDER_BUDGET = 0.98;
const FLAG_BUDGET = 0.99;

const LOAD_PROBE = `
global.gc();
const before = process.memoryUsage().heapUsed;
const started = performance.now();
const { classify } = await import('./lib/core/catalog/index.ts');
classify('gmail.com');
const ms = performance.now() - started;
global.gc();
console.log(JSON.stringify({ ms, bytes: process.memoryUsage().heapUsed - before }));
`;

function percent(value: number): string {
  return `${(value * 100).toFixed(2)}%`;
}

function budgetNote(value: number, budget: number): string {
  return `>= ${percent(budget)}: ${value >= budget ? 'OK' : `MISSED by ${((budget - value) * 100).toFixed(2)} points`}`;
}

export function benchCatalog(): BenchRow[] {
  const rows = parseLabelledDomains(
    readFileSync(new URL('../test/fixtures/labelled-domains.tsv', import.meta.url), 'utf8'),
  );
  const report = measureAccuracy(rows);
  const load = JSON.parse(
    execFileSync(
      process.execPath,
      ['--expose-gc', '--import', 'tsx', '--input-type=module', '-e', LOAD_PROBE],
      {
        cwd: new URL('..', import.meta.url).pathname,
        encoding: 'utf8',
      },
    ),
  ) as { ms: number; bytes: number };
  const domains = consumerProviders.reduce((sum, provider) => sum + (provider.domains?.length ?? 0), 0);
  return [
    {
      name: 'catalog size',
      value: `${consumerProviders.length + businessProviders.length} providers`,
      detail: `${consumerProviders.length} consumer (${domains} domains), ${businessProviders.length} business by MX, ${relays.length} relays`,
      budget: '',
    },
    {
      name: 'accuracy: provider',
      value: percent(report.accuracy.provider),
      detail: `${report.total} labelled domains`,
      budget: budgetNote(report.accuracy.provider, PROVIDER_BUDGET),
    },
    ...(['is_freemail', 'is_disposable', 'is_privacy_service'] as const).map((field) => ({
      name: `accuracy: ${field}`,
      value: percent(report.accuracy[field]),
      detail: '',
      budget: budgetNote(report.accuracy[field], FLAG_BUDGET),
    })),
    {
      name: 'accuracy: webmail URL present',
      value: percent(report.accuracy.webmail_url),
      detail: '',
      budget: '',
    },
    {
      name: 'catalog load (fresh process)',
      value: `${load.ms.toFixed(1)} ms`,
      detail: `heap +${(load.bytes / 1024 / 1024).toFixed(1)} MB (lists, tldts, zod included)`,
      budget: '',
    },
  ];
}
