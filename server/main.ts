import type { Server } from 'node:http';
import { openStorage } from '#server/storage/open-storage.ts';
import type { Storage } from '#server/storage/storage.ts';
import { Accounts } from './accounts.ts';
import { createClientAddress, parseTrustedProxies } from './client-address.ts';
import { loadConfig, type ServiceConfig } from './config.ts';
import { createMailDns } from './dns.ts';
import { runKeysCommand } from './keys-cli.ts';
import { createLookup } from './lookup.ts';
import { LookupCache } from './lookup-cache.ts';
import { Metrics } from './metrics.ts';
import { runMigrateCommand } from './migrate-to-postgres.ts';
import { RateLimiter } from './rate-limiter.ts';
import { Readiness } from './readiness.ts';
import { RequestLimits } from './request-limits.ts';
import { RequestLog } from './request-log.ts';
import { createService, type ServiceDeps } from './service.ts';
import { UsageError } from './usage-error.ts';

/** Expired cache rows are dropped this often. */
const CACHE_PURGE_INTERVAL_MS = 3600 * 1000;

const describeError = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The service as this process runs it: its server over its database, until a signal stops it. */
class RunningService {
  readonly #config: ServiceConfig;
  readonly #storage: Storage;
  readonly #cache: LookupCache;
  readonly #requestLog = new RequestLog((text) => process.stdout.write(text));
  readonly #server: Server;
  #draining = false;

  constructor(config: ServiceConfig, storage: Storage) {
    this.#config = config;
    this.#storage = storage;
    this.#cache = new LookupCache(storage, { notFoundMaxEntries: config.NEGATIVE_CACHE_MAX_ENTRIES });
    this.#server = createService(this.#serviceDeps(), {
      headersTimeoutMs: config.HEADERS_TIMEOUT_SECONDS * 1000,
      requestTimeoutMs: config.REQUEST_TIMEOUT_SECONDS * 1000,
      maxConnections: config.MAX_CONNECTIONS,
    });
  }

  #serviceDeps(): ServiceDeps {
    const config = this.#config;
    const limiter = new RateLimiter(this.#storage, {
      windowMs: config.RATE_LIMIT_WINDOW_SECONDS * 1000,
      onPurgeError: (error) =>
        console.error(`Past rate-limit counts were not purged: ${describeError(error)}`),
    });
    return {
      accounts: new Accounts(this.#storage, { keyMemoryMs: config.KEY_CACHE_SECONDS * 1000 }),
      lookup: createLookup({
        cache: this.#cache,
        dns: createMailDns({ servers: config.DNS_SERVERS, timeoutMs: config.DNS_TIMEOUT_MS }),
        ttlSeconds: config.CACHE_TTL_SECONDS,
        negativeTtlSeconds: config.NEGATIVE_CACHE_TTL_SECONDS,
      }),
      limits: new RequestLimits(limiter, {
        perKey: config.RATE_LIMIT_PER_KEY,
        perAddress: config.RATE_LIMIT_PER_ADDRESS,
        withoutKey: config.RATE_LIMIT_WITHOUT_KEY,
        unpaidPerKey: config.RATE_LIMIT_UNPAID_PER_KEY,
      }),
      clientAddress: createClientAddress(parseTrustedProxies(config.TRUSTED_PROXIES)),
      metrics: new Metrics(
        () => new Promise((resolve) => this.#server.getConnections((_, count) => resolve(count))),
      ),
      readiness: new Readiness(this.#storage),
      draining: () => this.#draining,
      dashboardUrl: config.DASHBOARD_URL,
      log: (line) => this.#requestLog.log(line),
    };
  }

  /** Listens, and drops expired cache rows every CACHE_PURGE_INTERVAL_MS. */
  start(): void {
    setInterval(() => void this.#purgeExpired(), CACHE_PURGE_INTERVAL_MS).unref();
    const { HOST, PORT } = this.#config;
    this.#server.listen(PORT, HOST, () => {
      const address = this.#server.address();
      const port = typeof address === 'object' && address ? address.port : PORT;
      console.log(`Webmail Info API listening on http://${HOST}:${port} (${this.#storage.description})`);
    });
  }

  async #purgeExpired(): Promise<void> {
    try {
      await this.#cache.purgeExpired();
    } catch (error) {
      // The database may be away for a while; the next purge catches up.
      console.error(`Expired cache entries were not purged: ${describeError(error)}`);
    }
  }

  /**
   * SIGTERM or SIGINT: no new connections; idle ones are closed, and each request in flight is answered
   * with `Connection: close`; the process exits once the last connection is gone, or, cutting what is left,
   * at SHUTDOWN_TIMEOUT_SECONDS.
   */
  stop(signal: NodeJS.Signals): void {
    if (this.#draining) return;
    this.#draining = true;
    const seconds = this.#config.SHUTDOWN_TIMEOUT_SECONDS;
    console.log(`${signal}: shutting down; requests in flight have ${seconds} s to finish`);
    const deadline = setTimeout(() => {
      console.error(`Connections still open after ${seconds} s were cut`);
      this.#server.closeAllConnections();
      void this.#exit(1);
    }, seconds * 1000);
    this.#server.close(() => {
      clearTimeout(deadline);
      void this.#exit(0);
    });
    this.#server.closeIdleConnections();
  }

  async #exit(code: number): Promise<void> {
    this.#requestLog.flush();
    try {
      await this.#storage.close();
    } finally {
      process.exit(code);
    }
  }
}

async function serve(): Promise<void> {
  const config = loadConfig(process.env);
  // Refuses a database that is corrupt or cannot be written, with a message saying which and why.
  const service = new RunningService(config, await openStorage(config, { serving: true }));
  service.start();
  process.on('SIGTERM', (signal) => service.stop(signal));
  process.on('SIGINT', (signal) => service.stop(signal));
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
      await runCommand(() => runKeysCommand(args, new Accounts(storage)));
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
