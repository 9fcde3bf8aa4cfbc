import { openStorage } from '#server/storage/open-storage.ts';
import { createAccounts } from './accounts.ts';
import { createClientAddress, parseTrustedProxies } from './client-address.ts';
import { loadConfig } from './config.ts';
import { createMailDns } from './dns.ts';
import { runKeysCommand } from './keys-cli.ts';
import { createLookup } from './lookup.ts';
import { createLookupCache } from './lookup-cache.ts';
import { createMetrics } from './metrics.ts';
import { runMigrateCommand } from './migrate-to-postgres.ts';
import { createRateLimiter } from './rate-limiter.ts';
import { createReadiness } from './readiness.ts';
import { createRequestLimits } from './request-limits.ts';
import { createRequestLog } from './request-log.ts';
import { createService } from './service.ts';
import { UsageError } from './usage-error.ts';

/** Expired cache rows are dropped this often. */
const CACHE_PURGE_INTERVAL_MS = 3600 * 1000;

const describeError = (error: unknown) => (error instanceof Error ? error.message : String(error));

async function serve(): Promise<void> {
  const config = loadConfig(process.env);
  // Refuses a database that is corrupt or cannot be written, with a message saying which and why.
  const storage = await openStorage(config);
  const cache = createLookupCache(storage, { notFoundMaxEntries: config.NEGATIVE_CACHE_MAX_ENTRIES });
  const lookup = createLookup({
    cache,
    dns: createMailDns({ servers: config.DNS_SERVERS, timeoutMs: config.DNS_TIMEOUT_MS }),
    ttlSeconds: config.CACHE_TTL_SECONDS,
    negativeTtlSeconds: config.NEGATIVE_CACHE_TTL_SECONDS,
  });
  const limiter = createRateLimiter(storage, {
    windowMs: config.RATE_LIMIT_WINDOW_SECONDS * 1000,
    onPurgeError: (error) => console.error(`Past rate-limit counts were not purged: ${describeError(error)}`),
  });
  const requestLog = createRequestLog((text) => process.stdout.write(text));
  let draining = false;
  // Read at each scrape, once the server below exists.
  const metrics = createMetrics(
    () => new Promise((resolve) => server.getConnections((_, count) => resolve(count))),
  );
  const server = createService(
    {
      accounts: createAccounts(storage, { keyMemoryMs: config.KEY_CACHE_SECONDS * 1000 }),
      lookup,
      limits: createRequestLimits(limiter, {
        perKey: config.RATE_LIMIT_PER_KEY,
        perAddress: config.RATE_LIMIT_PER_ADDRESS,
        withoutKey: config.RATE_LIMIT_WITHOUT_KEY,
        unpaidPerKey: config.RATE_LIMIT_UNPAID_PER_KEY,
      }),
      clientAddress: createClientAddress(parseTrustedProxies(config.TRUSTED_PROXIES)),
      metrics,
      readiness: createReadiness(storage),
      draining: () => draining,
      dashboardUrl: config.DASHBOARD_URL,
      log: requestLog.log,
    },
    {
      headersTimeoutMs: config.HEADERS_TIMEOUT_SECONDS * 1000,
      requestTimeoutMs: config.REQUEST_TIMEOUT_SECONDS * 1000,
      maxConnections: config.MAX_CONNECTIONS,
    },
  );
  const purge = setInterval(async () => {
    try {
      await cache.purgeExpired();
    } catch (error) {
      // The database may be away for a while; the next purge catches up.
      console.error(`Expired cache entries were not purged: ${describeError(error)}`);
    }
  }, CACHE_PURGE_INTERVAL_MS);
  purge.unref();

  server.listen(config.PORT, config.HOST, () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.PORT;
    console.log(`Webmail Info API listening on http://${config.HOST}:${port} (${storage.description})`);
  });

  /**
   * SIGTERM or SIGINT: no new connections; idle ones are closed, and each request in flight is answered
   * with `Connection: close`; the process exits once the last connection is gone, or, cutting what is left,
   * at SHUTDOWN_TIMEOUT_SECONDS.
   */
  const stop = (signal: NodeJS.Signals) => {
    if (draining) return;
    draining = true;
    console.log(
      `${signal}: shutting down; requests in flight have ${config.SHUTDOWN_TIMEOUT_SECONDS} s to finish`,
    );
    const exit = async (code: number) => {
      requestLog.flush();
      try {
        await storage.close();
      } finally {
        process.exit(code);
      }
    };
    const deadline = setTimeout(() => {
      console.error(`Connections still open after ${config.SHUTDOWN_TIMEOUT_SECONDS} s were cut`);
      server.closeAllConnections();
      void exit(1);
    }, config.SHUTDOWN_TIMEOUT_SECONDS * 1000);
    server.close(() => {
      clearTimeout(deadline);
      void exit(0);
    });
    server.closeIdleConnections();
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

/** Runs a CLI command and prints its lines; a usage error is printed alone and exits with 2. */
async function runCommand(command: () => Promise<string[]>): Promise<void> {
  try {
    for (const line of await command()) console.log(line);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(error.message);
    process.exitCode = 2;
  }
}

async function main([command, ...args]: string[]): Promise<void> {
  if (command === 'keys') {
    const storage = await openStorage(loadConfig(process.env));
    try {
      await runCommand(() => runKeysCommand(args, createAccounts(storage)));
    } finally {
      await storage.close();
    }
  } else if (command === 'migrate-to-postgres') {
    await runCommand(() => runMigrateCommand(args, process.env));
  } else {
    await serve();
  }
}

try {
  await main(process.argv.slice(2));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
