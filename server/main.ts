import { createAccounts } from './accounts.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './database.ts';
import { createMxResolver } from './dns.ts';
import { runKeysCommand, UsageError } from './keys-cli.ts';
import { createLookup } from './lookup.ts';
import { createLookupCache } from './lookup-cache.ts';
import { createRequestLog } from './request-log.ts';
import { createService } from './service.ts';

/** Expired cache rows are dropped this often. */
const CACHE_PURGE_INTERVAL_MS = 3600 * 1000;

function serve(): void {
  const config = loadConfig(process.env);
  const db = openDatabase(config.DATABASE_PATH);
  const cache = createLookupCache(db);
  const lookup = createLookup({
    cache,
    resolveMx: createMxResolver({ servers: config.DNS_SERVERS, timeoutMs: config.DNS_TIMEOUT_MS }),
    ttlSeconds: config.CACHE_TTL_SECONDS,
    negativeTtlSeconds: config.NEGATIVE_CACHE_TTL_SECONDS,
  });
  const requestLog = createRequestLog((text) => process.stdout.write(text));
  const server = createService({
    accounts: createAccounts(db),
    lookup,
    dashboardUrl: config.DASHBOARD_URL,
    log: requestLog.log,
  });
  const purge = setInterval(() => cache.purgeExpired(), CACHE_PURGE_INTERVAL_MS);
  purge.unref();

  server.listen(config.PORT, config.HOST, () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.PORT;
    console.log(
      `Webmail Info API listening on http://${config.HOST}:${port} (database ${config.DATABASE_PATH})`,
    );
  });
  const stop = () => {
    server.close(() => {
      requestLog.flush();
      db.close();
    });
    server.closeIdleConnections();
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

function main(args: string[]): void {
  if (args[0] !== 'keys') {
    serve();
    return;
  }
  const db = openDatabase(loadConfig(process.env).DATABASE_PATH);
  try {
    for (const line of runKeysCommand(args.slice(1), createAccounts(db))) console.log(line);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(error.message);
    process.exitCode = 2;
  } finally {
    db.close();
  }
}

try {
  main(process.argv.slice(2));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
