import { createAccounts } from './accounts.ts';
import { loadConfig } from './config.ts';
import { createMailDns } from './dns.ts';
import { runKeysCommand } from './keys-cli.ts';
import { createLookup } from './lookup.ts';
import { createLookupCache } from './lookup-cache.ts';
import { runMigrateCommand } from './migrate-to-postgres.ts';
import { createRequestLog } from './request-log.ts';
import { createService } from './service.ts';
import { openStorage } from './storage/open-storage.ts';
import { UsageError } from './usage-error.ts';

/** Expired cache rows are dropped this often. */
const CACHE_PURGE_INTERVAL_MS = 3600 * 1000;

async function serve(): Promise<void> {
  const config = loadConfig(process.env);
  const storage = await openStorage(config);
  const cache = createLookupCache(storage);
  const lookup = createLookup({
    cache,
    dns: createMailDns({ servers: config.DNS_SERVERS, timeoutMs: config.DNS_TIMEOUT_MS }),
    ttlSeconds: config.CACHE_TTL_SECONDS,
    negativeTtlSeconds: config.NEGATIVE_CACHE_TTL_SECONDS,
  });
  const requestLog = createRequestLog((text) => process.stdout.write(text));
  const server = createService({
    accounts: createAccounts(storage),
    lookup,
    dashboardUrl: config.DASHBOARD_URL,
    log: requestLog.log,
  });
  const purge = setInterval(async () => {
    try {
      await cache.purgeExpired();
    } catch (error) {
      // The database may be away for a while; the next purge catches up.
      console.error(
        `Expired cache entries were not purged: ${error instanceof Error ? error.message : error}`,
      );
    }
  }, CACHE_PURGE_INTERVAL_MS);
  purge.unref();

  server.listen(config.PORT, config.HOST, () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.PORT;
    console.log(`Webmail Info API listening on http://${config.HOST}:${port} (${storage.description})`);
  });
  const stop = () => {
    server.close(async () => {
      requestLog.flush();
      await storage.close();
    });
    server.closeIdleConnections();
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
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
