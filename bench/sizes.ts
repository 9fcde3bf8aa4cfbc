/**
 * What each part of the built extension weighs, minified as shipped. The content script is injected into
 * every page, so it has a budget; the modules it loads (the top-level domains as it starts, the card on first
 * use) are counted apart.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { CARD_MODULE_FILE } from '#page/card-module.ts';
import { TOP_LEVEL_DOMAINS_FILE } from '#page/top-level-domains-module.ts';
import buildExtension, { E2E_EXTENSION_DIR } from '#test/support/build-extension.ts';
import { upperBudget } from './stats.ts';
import type { BenchRow } from './table.ts';

const CONTENT_SCRIPT_BUDGET_KB = 30;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

function kilobytes(paths: string[]): { raw: number; gzip: number } {
  const raw = paths.reduce((sum, path) => sum + statSync(path).size, 0);
  const gzip = paths.reduce((sum, path) => sum + gzipSync(readFileSync(path)).length, 0);
  return { raw: raw / 1024, gzip: gzip / 1024 };
}

function row(name: string, paths: string[], detail: string, budgetKb?: number): BenchRow {
  if (paths.length === 0) throw new Error(`the build has no file for "${name}"`);
  const size = kilobytes(paths);
  return {
    name,
    value: `${size.raw.toFixed(1)} KB`,
    detail: `${size.gzip.toFixed(1)} KB gzip; ${detail}`,
    budget: budgetKb === undefined ? '' : upperBudget(size.raw, budgetKb, 'KB'),
  };
}

export function benchSizes(): BenchRow[] {
  buildExtension();
  const all = files(E2E_EXTENSION_DIR)
    .filter((path) => path.endsWith('.js'))
    .map((path) => path.slice(E2E_EXTENSION_DIR.length + 1));
  const pick = (test: (path: string) => boolean) =>
    all.filter(test).map((path) => join(E2E_EXTENSION_DIR, path));
  const manifest = JSON.parse(readFileSync(join(E2E_EXTENSION_DIR, 'manifest.json'), 'utf8')) as {
    content_scripts: { js: string[] }[];
  };
  const injected = manifest.content_scripts.flatMap((script) => script.js);
  return [
    row(
      'content script as injected',
      pick((path) => injected.includes(path)),
      'on every page, minified',
      CONTENT_SCRIPT_BUDGET_KB,
    ),
    row(
      'top-level domains module',
      pick((path) => path === TOP_LEVEL_DOMAINS_FILE),
      'loaded as the content script starts, beside its settings',
    ),
    row(
      'hover card module',
      pick((path) => path === CARD_MODULE_FILE),
      'loaded with the first card (React)',
    ),
    row(
      'background',
      pick((path) => path === 'background.js'),
      "the catalog's rules; its disposable list is a file read on the first offline lookup (worker-wake.ts)",
    ),
    row(
      'popup',
      pick((path) => path.startsWith('chunks/') && !path.startsWith('chunks/options-')),
      'its chunk and the chunk it shares with options',
    ),
    row(
      'options',
      pick((path) => path.startsWith('chunks/options-')),
      'its own chunk',
    ),
  ];
}
