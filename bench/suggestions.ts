/**
 * What a typo suggestion costs beside finding the address: `suggestCorrection` and `extractEmails` per
 * address on one page-like set of 10,000 addresses (CRM rows, four in ten at a free-mail provider, one in a
 * hundred mistyped), and what the suggestion module weighs minified and gzipped. Run alone:
 * `npx tsx bench/suggestions.ts`.
 */

import { gzipSync } from 'node:zlib';
import { buildSync } from 'esbuild';
import { extractEmails } from '#core/email/extract.ts';
import { suggestCorrection } from '#core/email/suggest-correction.ts';
import { seeded } from './seeded.ts';
import { median } from './stats.ts';
import type { BenchRow } from './table.ts';
import { contacts } from './vocabulary.ts';

const ADDRESSES = 10_000;
/** Typos as people make them, put in one address in a hundred. */
const TYPOS = [
  'gmial.com',
  'hotmial.com',
  'yahooo.com',
  'gmail.co',
  'outllok.com',
  't-onlien.de',
  'gmailcom',
];
const TYPO_SHARE = 0.01;
const ROUNDS = 7;

function pageAddresses(seed: number): string[] {
  const random = seeded(seed);
  const { person, address } = contacts(random);
  return Array.from({ length: ADDRESSES }, () => {
    const written = address(person());
    if (!random.chance(TYPO_SHARE)) return written;
    return `${written.slice(0, written.indexOf('@'))}@${random.pick(TYPOS)}`;
  });
}

/** Domains no run has seen, so that every call misses the suggestion's cache: its cost without one. */
function unseenAddresses(seed: number): string[] {
  const random = seeded(seed);
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  const word = () => Array.from({ length: random.between(4, 12) }, () => random.pick([...letters])).join('');
  return Array.from(
    { length: ADDRESSES },
    () => `jane@${word()}.${random.pick(['com', 'de', 'fr', 'net', 'co.uk'])}`,
  );
}

/** Median µs per address of `run` over the set, fresh sets from `make` each round where given. */
function microsecondsPerAddress(
  make: (round: number) => string[],
  run: (addresses: string[]) => unknown,
): number {
  run(make(-1));
  const samples = Array.from({ length: ROUNDS }, (_, round) => {
    const addresses = make(round);
    const started = performance.now();
    run(addresses);
    return ((performance.now() - started) * 1000) / addresses.length;
  });
  return median(samples);
}

/** The suggestion module as the card's or the popup's bundle would carry it, the shared TLD list left out. */
function moduleSize(): { raw: number; gzip: number } {
  const built = buildSync({
    entryPoints: [new URL('../lib/core/email/suggest-correction.ts', import.meta.url).pathname],
    bundle: true,
    minify: true,
    format: 'esm',
    write: false,
    external: ['tlds/*'],
  });
  const code = built.outputFiles[0]?.contents ?? new Uint8Array();
  return { raw: code.length, gzip: gzipSync(code).length };
}

export function benchSuggestions(): BenchRow[] {
  const page = pageAddresses(11);
  const text = page.map((address, i) => `Row ${i}\t${address}\tLondon\tlead`).join('\n');
  const extractUs = microsecondsPerAddress(
    () => page,
    () => extractEmails(text),
  );
  const suggestUs = microsecondsPerAddress(
    () => page,
    (addresses) => addresses.map(suggestCorrection),
  );
  const uncachedUs = microsecondsPerAddress(
    (round) => unseenAddresses(100 + round),
    (addresses) => addresses.map(suggestCorrection),
  );
  const suggested = page.filter((address) => suggestCorrection(address) !== null).length;
  const size = moduleSize();
  return [
    {
      name: 'extractEmails, per address',
      value: `${extractUs.toFixed(2)} µs`,
      detail: `${ADDRESSES} addresses in CRM rows (${(text.length / 1e6).toFixed(2)} MB), median of ${ROUNDS}`,
      budget: '',
    },
    {
      name: 'suggestCorrection, per address',
      value: `${suggestUs.toFixed(2)} µs`,
      detail: `the same ${ADDRESSES} addresses, ${suggested} suggestions; ${(suggestUs / extractUs).toFixed(2)}x extraction`,
      budget: '',
    },
    {
      name: 'suggestCorrection, per unseen domain',
      value: `${uncachedUs.toFixed(2)} µs`,
      detail: `${ADDRESSES} domains no call has seen (no cache hit); ${(uncachedUs / extractUs).toFixed(2)}x extraction`,
      budget: '',
    },
    {
      name: 'suggestion module, minified',
      value: `${(size.gzip / 1024).toFixed(1)} KB gzip`,
      detail: `${(size.raw / 1024).toFixed(1)} KB raw; targets, rules and the real domains near them, without the TLD list`,
      budget: '',
    },
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { printTable } = await import('./table.ts');
  printTable('Typo suggestions beside extraction (Node)', benchSuggestions());
}
