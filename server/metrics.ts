import { Counter, collectDefaultMetrics, Gauge, Registry } from 'prom-client';
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

/** One series of the lookup histogram: observations per bucket (the last past every bound), their sum. */
interface DurationSeries {
  counts: number[];
  sum: number;
  count: number;
}

const newSeries = (): DurationSeries => ({
  counts: LOOKUP_SECONDS_BUCKETS.map(() => 0).concat(0),
  sum: 0,
  count: 0,
});

/**
 * The service's metrics, for GET /metrics in Prometheus's text format, in a registry of their own (with
 * Node's process metrics: CPU, memory, event-loop delay, garbage collection). What every request counts is
 * kept as plain numbers and handed to prom-client when /metrics is read: prom-client's labelled counters and
 * histogram hash their labels and check them on every call, about 5 % of a cached lookup (CPU profile under
 * autocannon). The lookup histogram is written out here, in the format prom-client writes.
 */
export class Metrics {
  readonly #registry = new Registry();
  /** Requests answered, by endpoint, then by status. */
  readonly #requestCounts: Record<Endpoint, Map<number, number>> = {
    lookup: new Map(),
    operations: new Map(),
    other: new Map(),
  };
  readonly #durations = { hit: newSeries(), miss: newSeries() };
  #creditsSpent = 0;
  readonly #dnsFailures = new Counter({
    name: 'webmail_dns_failures_total',
    help: 'Lookups answered 500 because DNS did not answer (timeout, SERVFAIL, refused)',
    registers: [this.#registry],
  });
  readonly #rateLimited = new Counter({
    name: 'webmail_rate_limited_total',
    help: 'Requests refused with 429, by the limit that refused them',
    labelNames: ['limit'] as const,
    registers: [this.#registry],
  });
  readonly contentType = this.#registry.contentType;

  constructor(openConnections: () => Promise<number>) {
    collectDefaultMetrics({ register: this.#registry });
    const counts = this.#requestCounts;
    new Counter({
      name: 'webmail_http_requests_total',
      help: 'HTTP requests answered, by endpoint and status',
      labelNames: ['endpoint', 'status'] as const,
      registers: [this.#registry],
      collect() {
        this.reset();
        for (const [endpoint, byStatus] of Object.entries(counts))
          for (const [status, count] of byStatus) this.labels(endpoint, String(status)).inc(count);
      },
    });
    const credits = () => this.#creditsSpent;
    new Counter({
      name: 'webmail_credits_spent_total',
      help: 'Answers charged: each spent one unit, of subscription allowance or of credits',
      registers: [this.#registry],
      collect() {
        this.reset();
        this.inc(credits());
      },
    });
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
    const byStatus = this.#requestCounts[endpoint];
    byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
  }

  lookup(cache: 'hit' | 'miss', seconds: number): void {
    const series = this.#durations[cache];
    let bucket = 0;
    while (bucket < LOOKUP_SECONDS_BUCKETS.length && seconds > (LOOKUP_SECONDS_BUCKETS[bucket] as number))
      bucket++;
    series.counts[bucket] = (series.counts[bucket] as number) + 1;
    series.sum += seconds;
    series.count++;
  }

  dnsFailure(): void {
    this.#dnsFailures.inc();
  }

  creditSpent(): void {
    this.#creditsSpent++;
  }

  rateLimited(limit: LimitName): void {
    this.#rateLimited.labels(limit).inc();
  }

  async render(): Promise<string> {
    return `${await this.#registry.metrics()}\n${this.#renderDurations()}`;
  }

  /** The lookup histogram in Prometheus's text format: cumulative buckets, then +Inf, sum and count. */
  #renderDurations(): string {
    const name = 'webmail_lookup_duration_seconds';
    const lines = [
      `# HELP ${name} Time from a lookup request to its answer, by whether the answer was cached`,
      `# TYPE ${name} histogram`,
    ];
    for (const [cache, series] of Object.entries(this.#durations)) {
      if (series.count === 0) continue;
      let cumulative = 0;
      LOOKUP_SECONDS_BUCKETS.forEach((bound, i) => {
        cumulative += series.counts[i] as number;
        lines.push(`${name}_bucket{le="${bound}",cache="${cache}"} ${cumulative}`);
      });
      lines.push(`${name}_bucket{le="+Inf",cache="${cache}"} ${series.count}`);
      lines.push(
        `${name}_sum{cache="${cache}"} ${series.sum}`,
        `${name}_count{cache="${cache}"} ${series.count}`,
      );
    }
    return `${lines.join('\n')}\n`;
  }
}
