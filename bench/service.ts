/**
 * The service under a real load generator (autocannon), beside a bare node:http server sending the same
 * JSON, in the same run: cached lookups, uncached lookups (DNS on loopback each time) and the floor.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import autocannon from 'autocannon';
import { API_PATH } from '../lib/webmail-info.ts';
import { startDnsFixtureServer } from '../test/support/dns-fixture-server.ts';
import { startServiceProcess } from '../test/support/service-process.ts';
import type { BenchRow } from './table.ts';

const DURATION_SECONDS = Number(process.env.BENCH_DURATION_SECONDS ?? 5);
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

async function load(options: autocannon.Options): Promise<LoadResult> {
  await autocannon({ connections: CONNECTIONS, ...options, duration: WARM_UP_SECONDS });
  const result = await autocannon({ connections: CONNECTIONS, duration: DURATION_SECONDS, ...options });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
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
    const key = service.createKey({ credits: 1_000_000_000 });
    const headers = { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' };
    await service.lookup({ email: 'gmail.com' }, key);

    const bareResult = await load({
      url: `${bare.url}${API_PATH}`,
      method: 'POST',
      headers,
      body: '{"email":"gmail.com"}',
    });
    const cached = await load({
      url: `${service.baseUrl}${API_PATH}`,
      method: 'POST',
      headers,
      body: '{"email":"jane@gmail.com"}',
    });
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
    const ratio = cached.rps / bareResult.rps;
    return [
      row('bare node:http, same JSON (floor)', bareResult),
      row(
        'service, cached lookup',
        cached,
        `>= ${CACHED_RATIO_BUDGET * 100}% of bare: ${(ratio * 100).toFixed(0)}% ${ratio >= CACHED_RATIO_BUDGET ? 'OK' : 'MISSED'} (${((ratio - CACHED_RATIO_BUDGET) * 100).toFixed(0)} points)`,
      ),
      row('service, uncached lookup (loopback DNS)', uncached),
    ];
  } finally {
    bare.child.kill();
    await service.stop();
    await dns.close();
  }
}
