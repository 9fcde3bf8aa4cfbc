import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { LimitName } from './request-limits.ts';

/** What a request asked for, as the requests' metric labels it: few values, so few series. */
export type Endpoint = 'lookup' | 'operations' | 'other';

/**
 * Lookup time from the request's arrival to its answer: a cached one takes a fraction of a millisecond, a
 * fresh one a DNS round trip or several, and one whose DNS times out three times DNS_TIMEOUT_MS.
 */
const LOOKUP_SECONDS_BUCKETS = [
  0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10,
];

/**
 * The service's metrics, for GET /metrics in Prometheus's text format, in a registry of their own (with
 * Node's process metrics: CPU, memory, event-loop delay, garbage collection).
 */
export class Metrics {
  readonly #registry = new Registry();
  readonly #requests = new Counter({
    name: 'webmail_http_requests_total',
    help: 'HTTP requests answered, by endpoint and status',
    labelNames: ['endpoint', 'status'] as const,
    registers: [this.#registry],
  });
  readonly #lookupSeconds = new Histogram({
    name: 'webmail_lookup_duration_seconds',
    help: 'Time from a lookup request to its answer, by whether the answer was cached',
    labelNames: ['cache'] as const,
    buckets: LOOKUP_SECONDS_BUCKETS,
    registers: [this.#registry],
  });
  readonly #dnsFailures = new Counter({
    name: 'webmail_dns_failures_total',
    help: 'Lookups answered 500 because DNS did not answer (timeout, SERVFAIL, refused)',
    registers: [this.#registry],
  });
  readonly #creditsSpent = new Counter({
    name: 'webmail_credits_spent_total',
    help: 'Answers charged: each spent one unit, of subscription allowance or of credits',
    registers: [this.#registry],
  });
  readonly #rateLimited = new Counter({
    name: 'webmail_rate_limited_total',
    help: 'Requests refused with 429, by the limit that refused them',
    labelNames: ['limit'] as const,
    registers: [this.#registry],
  });
  // Each series is looked up once: prom-client hashes the labels on every call otherwise.
  readonly #hitSeconds = this.#lookupSeconds.labels('hit');
  readonly #missSeconds = this.#lookupSeconds.labels('miss');
  readonly #requestSeries = new Map<string, Counter.Internal>();
  readonly contentType = this.#registry.contentType;

  constructor(openConnections: () => Promise<number>) {
    collectDefaultMetrics({ register: this.#registry });
    new Gauge({
      name: 'webmail_open_connections',
      help: 'Open HTTP connections (MAX_CONNECTIONS caps them)',
      registers: [this.#registry],
      async collect() {
        this.set(await openConnections());
      },
    });
  }

  request(endpoint: Endpoint, status: number): void {
    const name = `${endpoint} ${status}`;
    let series = this.#requestSeries.get(name);
    if (!series) {
      series = this.#requests.labels(endpoint, String(status));
      this.#requestSeries.set(name, series);
    }
    series.inc();
  }

  lookup(cache: 'hit' | 'miss', seconds: number): void {
    (cache === 'hit' ? this.#hitSeconds : this.#missSeconds).observe(seconds);
  }

  dnsFailure(): void {
    this.#dnsFailures.inc();
  }

  creditSpent(): void {
    this.#creditsSpent.inc();
  }

  rateLimited(limit: LimitName): void {
    this.#rateLimited.labels(limit).inc();
  }

  render(): Promise<string> {
    return this.#registry.metrics();
  }
}
