import { isIP } from 'node:net';
import { z } from 'zod';

const hostPort = z
  .string()
  .regex(
    /^(\[[0-9a-f:.]+\]|[0-9.]+)(:\d{1,5})?$/i,
    'DNS_SERVERS takes IP addresses, as host:port, comma-separated',
  );

const trustedProxy = z.string().refine((entry) => {
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d+$/.test(prefix) && Number(prefix) <= (version === 6 ? 128 : 32);
}, 'TRUSTED_PROXIES takes IP addresses or networks (10.0.0.0/8), comma-separated');

const commaSeparated = z
  .string()
  .optional()
  .transform((value) => (value ? value.split(',').map((item) => item.trim()) : []));

/** A count in the environment; 0 is allowed where it switches something off. */
const count = (fallback: number) =>
  z.coerce.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER).default(fallback);
const seconds = (fallback: number) =>
  z.coerce
    .number()
    .int()
    .positive()
    .max(24 * 3600)
    .default(fallback);

const environmentSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65_535).default(8787),
    HOST: z.string().min(1).default('127.0.0.1'),
    DATABASE_PATH: z.string().min(1).default('./data/webmail-lookup.db'),
    /** When set, PostgreSQL (shared by every service process) instead of the SQLite file. */
    DATABASE_URL: z
      .url({ protocol: /^postgres(ql)?$/, error: 'DATABASE_URL takes a postgres:// URL' })
      .optional(),
    DNS_SERVERS: commaSeparated.pipe(z.array(hostPort)),
    /** Per DNS query; the lookup as a whole gives up after DNS_TIMEOUT_MS × (tries + 1). */
    DNS_TIMEOUT_MS: z.coerce.number().int().positive().default(2_000),
    DASHBOARD_URL: z.url({ protocol: /^https?$/ }).default('https://webmaillookup.com/dashboard'),
    /** How long a 200 answer is served from the cache. */
    CACHE_TTL_SECONDS: z.coerce
      .number()
      .int()
      .nonnegative()
      .default(7 * 24 * 3600),
    /** How long a 404 answer is served from the cache: shorter, as a new domain gets its MX soon. */
    NEGATIVE_CACHE_TTL_SECONDS: z.coerce.number().int().nonnegative().default(3600),
    /**
     * 404 answers kept in the cache at most, oldest dropped first: a 404 costs nothing, so without a cap
     * anyone could fill the database with made-up domains. About 100 bytes each.
     */
    NEGATIVE_CACHE_MAX_ENTRIES: count(100_000).pipe(z.number().positive()),

    /** The rate limits' window: each limit below counts requests in one window, and resets when it ends. */
    RATE_LIMIT_WINDOW_SECONDS: seconds(60),
    /**
     * Requests per window with one key. A person hovers a few addresses a minute; a team sharing one key set
     * by IT, a few hundred; a bulk list of 1,000 domains fits in one window, and a longer one is paced by
     * Retry-After (the extension waits for it).
     */
    RATE_LIMIT_PER_KEY: count(1_200),
    /** Requests per window from one client address (IPv6: its /64), whatever the key: several keys, one office. */
    RATE_LIMIT_PER_ADDRESS: count(2_400),
    /**
     * Requests per window from one client address without a working key (none, unknown, revoked) or to no
     * endpoint: guessing keys. An extension with a mistyped key, hovering, stays far below.
     */
    RATE_LIMIT_WITHOUT_KEY: count(120),
    /**
     * Answers per window that cost the key nothing (404, 500) but cost DNS work: a key with one credit once
     * asked for 600 made-up domains in 1.5 s. A list of real customers' domains has few of them.
     */
    RATE_LIMIT_UNPAID_PER_KEY: count(300),
    /** Load balancers whose X-Forwarded-For names the client, for the per-address limits. */
    TRUSTED_PROXIES: commaSeparated.pipe(z.array(trustedProxy)),

    /**
     * How long a process trusts a key it has checked: a revoked key is refused by every process within this.
     * Asking the database for each request's key was a fifth of a cached lookup.
     */
    KEY_CACHE_SECONDS: seconds(30),
    /**
     * On SIGTERM, in-flight requests get this long to finish (a DNS lookup that times out takes three times
     * DNS_TIMEOUT_MS) before their connections are cut and the process exits.
     */
    SHUTDOWN_TIMEOUT_SECONDS: seconds(10),
    /** A client must send its request's headers within this, and the whole request within REQUEST_TIMEOUT. */
    HEADERS_TIMEOUT_SECONDS: seconds(5),
    REQUEST_TIMEOUT_SECONDS: seconds(15),
    /**
     * Open connections at most; more are closed as they arrive. A load balancer keeps a few dozen open, and
     * each idle connection costs memory and a file descriptor.
     */
    MAX_CONNECTIONS: count(1_000),
  })
  .refine((config) => config.HEADERS_TIMEOUT_SECONDS <= config.REQUEST_TIMEOUT_SECONDS, {
    message: 'HEADERS_TIMEOUT_SECONDS must not be longer than REQUEST_TIMEOUT_SECONDS',
    path: ['HEADERS_TIMEOUT_SECONDS'],
  });

export type ServiceConfig = z.infer<typeof environmentSchema>;

/** Reads the service's settings from the environment; throws a readable error naming each bad variable. */
export function loadConfig(environment: NodeJS.ProcessEnv): ServiceConfig {
  const parsed = environmentSchema.safeParse(environment);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  return parsed.data;
}
