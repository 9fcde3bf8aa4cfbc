/**
 * The service under a real load generator (autocannon), beside a bare node:http server sending the same
 * JSON, in the same run: cached lookups, uncached lookups (DNS on loopback each time) and the floor, for one
 * process on SQLite and for one and two processes on one PostgreSQL (a server of the bench's own, on
 * loopback, as in the tests; every process and the load generator share this machine's cores).
 * The cached lookups of the floor, SQLite and PostgreSQL (one process each) are measured in alternating
 * short rounds (floor, SQLite, PostgreSQL, then the other way round), as on a machine shared with other work
 * the throughput drifts by half within a minute: each round's ratios compare runs made back to back, every
 * round is printed, and the medians over rounds stand for the whole. Two processes cannot show scaling on two
 * cores, so each cached row also gives the CPU time spent per request by the service's processes and by
 * PostgreSQL's.
 *
 * `npx tsx bench/service.ts` prints this table alone (`npm run bench` builds the extension first, for the
 * other tables). BENCH_DURATION_SECONDS sets the measured seconds per target.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { API_PATH } from '#core/webmail-info.ts';
import { startDnsFixtureServer } from '#test/support/dns-fixture-server.ts';
import { type PostgresServer, startPostgres } from '#test/support/postgres-server.ts';
import { type ServiceProcess, startServiceProcess } from '#test/support/service-process.ts';
import { median } from './stats.ts';
import { type BenchRow, printMeasured } from './table.ts';

/** Measured seconds per target, split into ROUNDS for the floor and the cached lookups. */
const DURATION_SECONDS = Number(process.env.BENCH_DURATION_SECONDS ?? 10);
/** Odd, so a median is one round's figure; BENCH_ROUNDS sets another. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const CONNECTIONS = 32;
/** Each target is loaded this long before it is measured, so the JIT has compiled its hot path. */
const WARM_UP_SECONDS = 1;
/** The self-hoster's kit's budget: SQLite's cached throughput at least 90 % of the bare server's. */
const CACHED_RATIO_BUDGET = 0.9;
/** And PostgreSQL's cached throughput at least 80 % of SQLite's, one process each. */
const POSTGRES_RATIO_BUDGET = 0.8;
/**
 * Limits far above what the bench sends, but on: a cached lookup takes its units from leases, and the bench
 * measures that as it runs in production. (A limit of 0 would switch the leasing off.)
 */
const BENCH_LIMITS = { RATE_LIMIT_PER_KEY: '1000000000000', RATE_LIMIT_PER_ADDRESS: '1000000000000' };

/** The processes whose CPU time a load is charged with: the service's, and PostgreSQL's when it is used. */
interface Watched {
  service: () => number[];
  postgres: () => number[];
}

export const NOTHING_WATCHED: Watched = { service: () => [], postgres: () => [] };
const CLOCK_TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }));

/**
 * CPU seconds the processes have used, with their children that exited (PostgreSQL's backends): utime,
 * stime, cutime and cstime of /proc/<pid>/stat.
 */
function cpuSeconds(pids: readonly number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      for (const index of [11, 12, 13, 14]) ticks += Number(fields[index]);
    } catch {
      // A backend that ended between listing and reading: its time is in the postmaster's children's.
    }
  }
  return ticks / CLOCK_TICKS_PER_SECOND;
}

interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  /** CPU microseconds per request, of the service's processes and of PostgreSQL's. */
  serviceCpuUs: number;
  postgresCpuUs: number;
}

async function measure(options: autocannon.Options, seconds: number, watched: Watched): Promise<LoadResult> {
  const service = watched.service();
  const postgres = watched.postgres();
  const before = { service: cpuSeconds(service), postgres: cpuSeconds(postgres) };
  const result = await autocannon({ connections: CONNECTIONS, ...options, duration: seconds });
  const perRequest = (spent: number) => (spent * 1e6) / Math.max(1, result.requests.total);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    serviceCpuUs: perRequest(cpuSeconds(service) - before.service),
    postgresCpuUs: perRequest(cpuSeconds(postgres) - before.postgres),
  };
}

export async function warmUp(options: autocannon.Options): Promise<void> {
  await autocannon({ connections: CONNECTIONS, ...options, duration: WARM_UP_SECONDS });
}

export async function load(
  options: autocannon.Options,
  watched: Watched,
  seconds = DURATION_SECONDS,
): Promise<LoadResult> {
  await warmUp(options);
  return measure(options, seconds, watched);
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
    serviceCpuUs: of((r) => r.serviceCpuUs),
    postgresCpuUs: of((r) => r.postgresCpuUs),
  };
}

/** What one round loads: a target's cached lookups, and the processes its load is charged with. */
export interface Contender {
  options: autocannon.Options;
  watched: Watched;
}

/**
 * Loads the contenders in ROUNDS rounds, in their order, then the other way round, and so on (a steady drift
 * favours none), after warming each up; returns each one's rounds, in order.
 */
export async function inRounds(contenders: readonly Contender[]): Promise<LoadResult[][]> {
  for (const contender of contenders) await warmUp(contender.options);
  const seconds = DURATION_SECONDS / ROUNDS;
  const rounds = contenders.map(() => [] as LoadResult[]);
  for (let round = 0; round < ROUNDS; round++) {
    const order = contenders.map((_, index) => (round % 2 === 0 ? index : contenders.length - 1 - index));
    for (const index of order) {
      const contender = contenders[index] as Contender;
      rounds[index]?.push(await measure(contender.options, seconds, contender.watched));
    }
  }
  return rounds;
}

/** Each round's ratio of `b`'s throughput to `a`'s. */
export function ratios(a: readonly LoadResult[], b: readonly LoadResult[]): number[] {
  return b.map((result, i) => result.rps / (a[i]?.rps ?? Number.NaN));
}

export async function startBareServer(): Promise<{ url: string; child: ChildProcess }> {
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

const row = (name: string, result: LoadResult, budget = '', cpu = false): BenchRow => ({
  name,
  value: `${Math.round(result.rps).toLocaleString('en')} req/s`,
  detail: [
    `p50 ${result.p50} ms, p99 ${result.p99} ms`,
    ...(result.non2xx + result.errors ? [`${result.non2xx} non-2xx, ${result.errors} errors`] : []),
    ...(cpu
      ? [
          `CPU per request: service ${result.serviceCpuUs.toFixed(1)} µs${result.postgresCpuUs > 0 ? `, PostgreSQL ${result.postgresCpuUs.toFixed(1)} µs` : ''}`,
        ]
      : []),
  ].join(', '),
  budget,
});

const percent = (value: number) => (value * 100).toFixed(0);

/** A budget line for the median of per-round ratios: `>= 90% of bare: 93% OK (3 points; rounds 91–96%)`. */
function roundsBudget(ratios: readonly number[], budget: number, reference: string): string {
  const ratio = median(ratios);
  return `>= ${percent(budget)}% of ${reference}: ${percent(ratio)}% ${ratio >= budget ? 'OK' : 'MISSED'} (${percent(ratio - budget)} points; rounds ${percent(Math.min(...ratios))}–${percent(Math.max(...ratios))}%)`;
}

/** One row per round: each contender's throughput, and the two ratios the budgets read. */
function roundRows(
  bare: readonly LoadResult[],
  sqlite: readonly LoadResult[],
  postgres: readonly LoadResult[],
) {
  const rps = (result: LoadResult | undefined) => Math.round(result?.rps ?? 0).toLocaleString('en');
  const toBare = ratios(bare, sqlite);
  const toSqlite = ratios(sqlite, postgres);
  return bare.map(
    (_, i): BenchRow => ({
      name: `  round ${i + 1} (${i % 2 === 0 ? 'floor first' : 'PostgreSQL first'})`,
      value: `${percent(toBare[i] ?? Number.NaN)}% / ${percent(toSqlite[i] ?? Number.NaN)}%`,
      detail: `floor ${rps(bare[i])}, SQLite ${rps(sqlite[i])}, PostgreSQL ${rps(postgres[i])} req/s: SQLite of the floor / PostgreSQL of SQLite`,
      budget: '',
    }),
  );
}

/** Options that load every process of a target, its connections shared out among them in turn. */
function across(baseUrls: readonly string[], options: Omit<autocannon.Options, 'url'>): autocannon.Options {
  const urls = baseUrls.map((baseUrl) => `${baseUrl}${API_PATH}`);
  // autocannon takes an array of URLs (lib/run.js gives connection i the URL i % n); its types say string.
  return { ...options, url: (urls.length === 1 ? urls[0] : urls) as string };
}

let uncachedDomains = 0;

/** Uncached lookups: a new domain each time, with skip_cache, so every request asks DNS and writes the cache. */
function uncachedLookups(baseUrls: readonly string[], headers: Record<string, string>): autocannon.Options {
  return across(baseUrls, {
    requests: [
      {
        method: 'POST',
        headers,
        setupRequest: (request) => ({
          ...request,
          body: JSON.stringify({
            email: `c${uncachedDomains++}.bench-customer.example.com`,
            skip_cache: true,
          }),
        }),
      },
    ],
  });
}

/** A target: service processes (on one database), a key of their own, and what a load of them is charged with. */
export interface Target {
  services: ServiceProcess[];
  headers: Record<string, string>;
  watched: Watched;
  cached: autocannon.Options;
}

/** Starts a target; `moreEnv` goes to its service processes (a profiler's NODE_OPTIONS). */
export async function startTarget(
  dnsAddress: string,
  processes: number,
  postgres: PostgresServer | undefined,
  moreEnv: Record<string, string> = {},
): Promise<Target> {
  const env = { DNS_SERVERS: dnsAddress, DNS_TIMEOUT_MS: '2000', ...BENCH_LIMITS, ...moreEnv };
  const first = await startServiceProcess(env, { keepOutput: false, postgres });
  const services = [first];
  while (services.length < processes) {
    services.push(await startServiceProcess({ ...env, ...first.databaseEnv }, { keepOutput: false }));
  }
  const key = await first.createKey({ credits: 1_000_000_000 });
  const headers = { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' };
  expect200(await first.lookup({ email: 'gmail.com' }, key));
  return {
    services,
    headers,
    watched: {
      service: () => services.map((service) => service.child.pid ?? 0),
      postgres: () => postgres?.processIds() ?? [],
    },
    cached: across(
      services.map((service) => service.baseUrl),
      { method: 'POST', headers, body: '{"email":"jane@gmail.com"}' },
    ),
  };
}

function expect200(result: { status: number }): void {
  if (result.status !== 200) throw new Error(`the bench's first lookup was answered ${result.status}`);
}

const uncachedLoad = (target: Target) =>
  load(
    uncachedLookups(
      target.services.map((service) => service.baseUrl),
      target.headers,
    ),
    target.watched,
  );

export async function benchService(): Promise<BenchRow[]> {
  const dns = await startDnsFixtureServer();
  const bare = await startBareServer();
  const postgres = await startPostgres();
  const targets: Target[] = [];
  try {
    const sqlite = await startTarget(dns.address, 1, undefined);
    targets.push(sqlite);
    const onePostgres = await startTarget(dns.address, 1, postgres);
    targets.push(onePostgres);
    const floor = {
      options: { ...sqlite.cached, url: `${bare.url}${API_PATH}`, body: '{"email":"gmail.com"}' },
      watched: { ...NOTHING_WATCHED, service: () => [bare.child.pid ?? 0] },
    };
    const [bareRounds = [], sqliteRounds = [], postgresRounds = []] = await inRounds([
      floor,
      { options: sqlite.cached, watched: sqlite.watched },
      { options: onePostgres.cached, watched: onePostgres.watched },
    ]);
    const sqliteUncached = await uncachedLoad(sqlite);
    const onePostgresUncached = await uncachedLoad(onePostgres);
    const twoPostgres = await startTarget(dns.address, 2, postgres);
    targets.push(twoPostgres);
    const twoPostgresCached = await load(twoPostgres.cached, twoPostgres.watched);
    const twoPostgresUncached = await uncachedLoad(twoPostgres);
    return [
      row(`bare node:http, same JSON (floor), median of ${ROUNDS} rounds`, medianOf(bareRounds), '', true),
      row(
        `SQLite, 1 process, cached lookup, median of ${ROUNDS} rounds`,
        medianOf(sqliteRounds),
        roundsBudget(ratios(bareRounds, sqliteRounds), CACHED_RATIO_BUDGET, 'bare'),
        true,
      ),
      row(
        `PostgreSQL, 1 process, cached lookup, median of ${ROUNDS} rounds`,
        medianOf(postgresRounds),
        roundsBudget(ratios(sqliteRounds, postgresRounds), POSTGRES_RATIO_BUDGET, 'SQLite'),
        true,
      ),
      ...roundRows(bareRounds, sqliteRounds, postgresRounds),
      row('SQLite, 1 process, uncached lookup (loopback DNS)', sqliteUncached),
      row('PostgreSQL, 1 process, uncached lookup (loopback DNS)', onePostgresUncached),
      row('PostgreSQL, 2 processes, cached lookup', twoPostgresCached, '', true),
      row('PostgreSQL, 2 processes, uncached lookup (loopback DNS)', twoPostgresUncached),
    ];
  } finally {
    for (const target of targets) for (const service of target.services) await service.stop();
    await postgres.stop();
    bare.child.kill();
    await dns.close();
  }
}

export const SERVICE_TABLE_TITLE = `The Webmail Info API service (autocannon, ${CONNECTIONS} connections)`;

if (process.argv[1] === fileURLToPath(import.meta.url))
  await printMeasured(SERVICE_TABLE_TITLE, benchService);
