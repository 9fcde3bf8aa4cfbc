/**
 * What reading TXT records costs an uncached lookup. The DNS part of the service's lookup (`resolve` of
 * server/lookup.ts: MX, TXT where MX names no mailbox, the domain's own SPF includes, the catalog) runs in
 * this process against the loopback DNS fixture, which holds each answer for a delay drawn per query, as a
 * recursive resolver's would be. HTTP, billing and the cache write are the same whatever DNS is asked, and
 * bench/service.ts measures them; here the cache keeps nothing, so every lookup asks DNS.
 *
 * Three ways of asking, each for domains whose MX names the mailbox and for gateway domains:
 * - MX alone, as the service asked before it read TXT (gateway domains then get no answer);
 * - MX, then TXT only when MX names no mailbox: what the service does;
 * - MX and TXT at once, TXT not waited for when MX names the mailbox: the alternative.
 * Rows give p50 and p99 of a lookup and the DNS queries per lookup (what a resolver pays).
 *
 * `npx tsx bench/dns-evidence.ts` prints this table alone.
 */
import { fileURLToPath } from 'node:url';
import { createMailDns, type LookupQueries, type MailDns } from '#server/dns.ts';
import { createLookup } from '#server/lookup.ts';
import type { DomainVerdict } from '#server/verdict.ts';
import { startDnsFixtureServer } from '#test/support/dns-fixture-server.ts';
import { seeded } from './seeded.ts';
import { percentile } from './stats.ts';
import { type BenchRow, printTable } from './table.ts';

/**
 * A recursive resolver near the service answering for a company domain it has not cached: one round trip
 * to the domain's authoritative servers (their addresses cached), typically 10–100 ms, with a long tail. Drawn
 * as RESOLVER_FLOOR_MS plus an exponential of mean RESOLVER_MEAN_EXTRA_MS: median about 23 ms, p99 about
 * 140 ms. Uncached lookups of company domains are mostly such misses, and TXT right after MX is one too (a
 * resolver caches per type).
 */
const RESOLVER_FLOOR_MS = 2;
const RESOLVER_MEAN_EXTRA_MS = 30;
/** Lookups per way of asking and kind of domain: p99 is then the tenth slowest. */
const LOOKUPS = 1_000;
/** Lookups in flight at once, as a service answering several hovering people has. */
const CONCURRENCY = 16;
/** The ways of asking take turns over this many rounds, first one then another, so drift favours none. */
const ROUNDS = 5;
/** The service's default per-query timeout (DNS_TIMEOUT_MS); no drawn delay comes near it. */
const DNS_TIMEOUT_MS = 2_000;
const SEED = 23;

/** The wildcard fixture zones (test/fixtures/dns-zones.ts) the lookups ask, a fresh name below each time. */
const DOMAIN_KINDS = [
  { name: 'MX names the mailbox (Google Workspace)', zone: 'bench-customer.example.com' },
  { name: 'gateway, SPF names Microsoft 365', zone: 'bench-gateway.example.com' },
  { name: 'gateway, SPF names it in an own include', zone: 'bench-aggregator.example.com' },
] as const;

/** A way of asking DNS, made from the service's own MailDns by changing what a lookup's queries do. */
interface Asking {
  name: string;
  wrap(dns: MailDns): MailDns;
}

function withQueries(dns: MailDns, change: (queries: LookupQueries) => LookupQueries): MailDns {
  return { withDeadline: (lookup) => dns.withDeadline((queries) => lookup(change(queries))) };
}

const ASKINGS: readonly Asking[] = [
  {
    name: 'MX alone (before)',
    wrap: (dns) => withQueries(dns, (queries) => ({ mx: queries.mx, txt: async () => [] })),
  },
  { name: 'MX, then TXT when MX names no mailbox (the service)', wrap: (dns) => dns },
  {
    name: 'MX and TXT at once',
    wrap: (dns) =>
      withQueries(dns, (queries) => {
        const asked = new Map<string, Promise<string[]>>();
        return {
          mx(domain) {
            const txt = queries.txt(domain);
            // When MX names the mailbox nobody reads this answer, and its failure is no one's.
            txt.catch(() => undefined);
            asked.set(domain, txt);
            return queries.mx(domain);
          },
          txt: (name) => asked.get(name) ?? queries.txt(name),
        };
      }),
  },
];

/** A cache that keeps nothing: every lookup is an uncached one. */
const keepNothing = { get: async () => null, set: async () => {} };

interface Samples {
  ms: number[];
  queries: number;
  found: number;
}

/** Runs `count` lookups of fresh names under `zone`, CONCURRENCY at a time, into `samples`. */
async function lookUp(
  resolve: (domain: string) => Promise<DomainVerdict>,
  zone: string,
  count: number,
  fresh: () => number,
  samples: Samples,
): Promise<void> {
  let started = 0;
  const worker = async () => {
    while (started < count) {
      started++;
      const begun = performance.now();
      const result = await resolve(`d${fresh()}.${zone}`);
      samples.ms.push(performance.now() - begun);
      if (result.kind === 'found') samples.found++;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
}

const ms = (value: number) => `${value.toFixed(0)} ms`;

export async function benchDnsEvidence(): Promise<BenchRow[]> {
  const random = seeded(SEED);
  const delays: number[] = [];
  const dnsServer = await startDnsFixtureServer({
    answerDelayMs: () => {
      const uniform = random.between(0, 999_999) / 1_000_000;
      const delay = RESOLVER_FLOOR_MS - RESOLVER_MEAN_EXTRA_MS * Math.log(1 - uniform);
      delays.push(delay);
      return delay;
    },
  });
  const totalQueries = () => [...dnsServer.queries.values()].reduce((sum, count) => sum + count, 0);
  let names = 0;
  const fresh = () => names++;
  try {
    const dns = createMailDns({ servers: [dnsServer.address], timeoutMs: DNS_TIMEOUT_MS });
    const rows: BenchRow[] = [];
    for (const kind of DOMAIN_KINDS) {
      const lookups = ASKINGS.map((asking) => ({
        asking,
        resolve: createLookup({
          cache: keepNothing,
          dns: asking.wrap(dns),
          ttlSeconds: 0,
          negativeTtlSeconds: 0,
        }).resolve,
        samples: { ms: [], queries: 0, found: 0 } as Samples,
      }));
      for (let round = 0; round < ROUNDS; round++) {
        const order = round % 2 === 0 ? lookups : [...lookups].reverse();
        for (const { resolve, samples } of order) {
          const before = totalQueries();
          await lookUp(resolve, kind.zone, LOOKUPS / ROUNDS, fresh, samples);
          samples.queries += totalQueries() - before;
        }
      }
      for (const { asking, samples } of lookups) {
        rows.push({
          name: `${kind.name}: ${asking.name}`,
          value: `p50 ${ms(percentile(samples.ms, 0.5))}`,
          detail: `p99 ${ms(percentile(samples.ms, 0.99))}, ${(samples.queries / samples.ms.length).toFixed(2)} queries a lookup, ${samples.found} of ${samples.ms.length} found`,
          budget: '',
        });
      }
    }
    rows.push({
      name: 'the resolver’s delay for one query, as drawn',
      value: `p50 ${ms(percentile(delays, 0.5))}`,
      detail: `p99 ${ms(percentile(delays, 0.99))}, ${delays.length} queries`,
      budget: '',
    });
    return rows;
  } finally {
    await dnsServer.close();
  }
}

/** Prints the table, under the one title it has in `npm run bench` and alone. */
export async function printDnsEvidence(): Promise<void> {
  printTable(
    `What reading TXT costs an uncached lookup (DNS part, in process, loopback DNS with a resolver’s delay, ${CONCURRENCY} in flight)`,
    await benchDnsEvidence(),
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await printDnsEvidence();
