import { z } from 'zod';

const hostPort = z
  .string()
  .regex(
    /^(\[[0-9a-f:.]+\]|[0-9.]+)(:\d{1,5})?$/i,
    'DNS_SERVERS takes IP addresses, as host:port, comma-separated',
  );

const environmentSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(8787),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_PATH: z.string().min(1).default('./data/webmail-lookup.db'),
  /** When set, PostgreSQL (shared by every service process) instead of the SQLite file. */
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/, error: 'DATABASE_URL takes a postgres:// URL' })
    .optional(),
  DNS_SERVERS: z
    .string()
    .optional()
    .transform((value) => (value ? value.split(',').map((server) => server.trim()) : []))
    .pipe(z.array(hostPort)),
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
