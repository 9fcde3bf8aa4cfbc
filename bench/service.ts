/**
 * The service under a real load generator (autocannon), beside a bare node:http server sending the same
 * JSON, in the same run: cached lookups, uncached lookups (DNS on loopback each time) and the floor.
 * The floor and the cached lookups are measured in alternating short rounds, as on a machine shared with
 * other work the throughput drifts by half within a minute: each round's ratio compares two runs made
 * back to back, and the medians over rounds stand for the whole.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import autocannon from 'autocannon';
import { API_PATH } from '../lib/webmail-info.ts';
import { startDnsFixtureServer } from '../test/support/dns-fixture-server.ts';
import { startServiceProcess } from '../test/support/service-process.ts';
import { median } from './stats.ts';
import type { BenchRow } from './table.ts';

/** Measured seconds per target, split into ROUNDS for the floor and the cached lookups. */
const DURATION_SECONDS = Number(process.env.BENCH_DURATION_SECONDS ?? 10);
/** Odd, so a median is one round's figure. */
const ROUNDS = 5;
const CONNECTIONS = 32;
/** Each target is loaded this long before it is measured, so the JIT has compiled its hot path. */
const WARM_UP_SECONDS = 1;
/** Issue #2's budget: cached throughput at least 60 % of the bare server's. */
const CACHED_RATIO_BUDGET = 0.6;

interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

async function measure(options: autocannon.Options, seconds: number): Promise<LoadResult> {
  const result = await autocannon({ connections: CONNECTIONS, ...options, duration: seconds });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

async function warmUp(options: autocannon.Options): Promise<void> {
  await autocannon({ connections: CONNECTIONS, ...options, duration: WARM_UP_SECONDS });
}

async function load(options: autocannon.Options): Promise<LoadResult> {
  await warmUp(options);
  return measure(options, DURATION_SECONDS);
}

/** The median of each figure over rounds; failures are summed. */
function medianOf(rounds: readonly LoadResult[]): LoadResult {
  const of = (figure: (result: LoadResult) => number) => median(rounds.map(figure));
  const sum = (figure: (result: LoadResult) => number) => rounds.reduce((total, r) => total + figure(r), 0);
  return {
    rps: of((r) => r.rps),
    p50: of((r) => r.p50),
    p99: of((r) => r.p99),
    non2xx: sum((r) => r.non2xx),
    errors: sum((r) => r.errors),
  };
}

/**
 * Loads two targets in ROUNDS alternating rounds (A B, B A, A B, ...: a steady drift favours neither) and
 * returns each one's rounds, in order.
 */
async function alternate(
  a: autocannon.Options,
  b: autocannon.Options,
): Promise<{ a: LoadResult[]; b: LoadResult[] }> {
  await warmUp(a);
  await warmUp(b);
  const seconds = DURATION_SECONDS / ROUNDS;
  const rounds = { a: [] as LoadResult[], b: [] as LoadResult[] };
  for (let round = 0; round < ROUNDS; round++) {
    if (round % 2 === 0) {
      rounds.a.push(await measure(a, seconds));
      rounds.b.push(await measure(b, seconds));
    } else {
      rounds.b.push(await measure(b, seconds));
      rounds.a.push(await measure(a, seconds));
    }
  }
  return rounds;
}

async function startBareServer(): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', new URL('./bare-server.ts', import.meta.url).pathname],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      const match = /listening on (\S+)/.exec(chunk.toString());
      if (match?.[1]) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`bare server exited with ${code}`)));
  });
  return { url, child };
}

const row = (name: string, result: LoadResult, budget = ''): BenchRow => ({
  name,
  value: `${Math.round(result.rps).toLocaleString('en')} req/s`,
  detail: `p50 ${result.p50} ms, p99 ${result.p99} ms${result.non2xx + result.errors ? `, ${result.non2xx} non-2xx, ${result.errors} errors` : ''}`,
  budget,
});

export async function benchService(): Promise<BenchRow[]> {
  const dns = await startDnsFixtureServer();
  const service = await startServiceProcess(
    { DNS_SERVERS: dns.address, DNS_TIMEOUT_MS: '2000' },
    { keepOutput: false },
  );
  const bare = await startBareServer();
  try {
    const key = await service.createKey({ credits: 1_000_000_000 });
    const headers = { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' };
    await service.lookup({ email: 'gmail.com' }, key);

    const rounds = await alternate(
      { url: `${bare.url}${API_PATH}`, method: 'POST', headers, body: '{"email":"gmail.com"}' },
      { url: `${service.baseUrl}${API_PATH}`, method: 'POST', headers, body: '{"email":"jane@gmail.com"}' },
    );
    let counter = 0;
    const uncached = await load({
      url: `${service.baseUrl}${API_PATH}`,
      requests: [
        {
          method: 'POST',
          headers,
          setupRequest: (request) => ({
            ...request,
            body: JSON.stringify({ email: `c${counter++}.bench-customer.example.com`, skip_cache: true }),
          }),
        },
      ],
    });
    const ratios = rounds.b.map((cached, i) => cached.rps / (rounds.a[i]?.rps ?? Number.NaN));
    const ratio = median(ratios);
    const percent = (value: number) => (value * 100).toFixed(0);
    return [
      row(`bare node:http, same JSON (floor), median of ${ROUNDS} rounds`, medianOf(rounds.a)),
      row(
        `service, cached lookup, median of ${ROUNDS} rounds`,
        medianOf(rounds.b),
        `>= ${percent(CACHED_RATIO_BUDGET)}% of bare: ${percent(ratio)}% ${ratio >= CACHED_RATIO_BUDGET ? 'OK' : 'MISSED'} (${percent(ratio - CACHED_RATIO_BUDGET)} points; rounds ${percent(Math.min(...ratios))}–${percent(Math.max(...ratios))}%)`,
      ),
      row('service, uncached lookup (loopback DNS)', uncached),
    ];
  } finally {
    bare.child.kill();
    await service.stop();
    await dns.close();
  }
}
