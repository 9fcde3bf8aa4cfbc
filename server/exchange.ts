import type { IncomingMessage, ServerResponse } from 'node:http';
import { ANSWERS, type Answer } from './answers.ts';
import { DnsFailure } from './dns.ts';
import type { Eventually } from './eventually.ts';
import { createIsoTime } from './iso-time.ts';
import type { Endpoint, Metrics } from './metrics.ts';

/** One request being answered, with what its log line and metrics say. */
export interface Exchange {
  request: IncomingMessage;
  response: ServerResponse;
  started: number;
  endpoint: Endpoint;
  /**
   * Whether the answer closes the connection: until its body has been read, a request is refused with the
   * connection closed, so nobody's unwanted body is read to keep the connection open.
   */
  closeAfter: boolean;
  account: number | null;
  domain: string | null;
  cache: 'hit' | 'miss' | null;
}

export function pathOf(url = '/'): string {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

/**
 * How the request handler (server/service.ts) answers: each step returns the answer it settles on, or
 * undefined when the answer comes later; `step` sends it and writes the log line and metrics, `then` goes on
 * with a value now or in a step of its own, and anything thrown is a 500 that leaves the process up.
 */
export function exchangeSteps(deps: {
  metrics: Metrics;
  draining: () => boolean;
  log: (line: string) => void;
  /** A lookup's DNS failed: the answer cost its key nothing. */
  onDnsFailure: (exchange: Exchange) => void;
}) {
  const isoTime = createIsoTime();
  const { metrics } = deps;

  function send(exchange: Exchange, answer: Answer): void {
    const { response } = exchange;
    if (exchange.closeAfter || deps.draining()) response.shouldKeepAlive = false;
    response.writeHead(answer.status, {
      'Content-Type': answer.contentType ?? 'application/json; charset=utf-8',
      'Content-Length': answer.length,
      'Cache-Control': 'no-store',
    });
    response.end(answer.body);
  }

  function log(exchange: Exchange, status: number): void {
    const { request, started, account, domain, cache } = exchange;
    const ms = performance.now() - started;
    metrics.request(exchange.endpoint, status);
    if (cache) metrics.lookup(cache, ms / 1000);
    deps.log(
      `${isoTime()} ${request.method} ${pathOf(request.url)} ${status} ${ms.toFixed(1)}ms account=${account ?? '-'} domain=${domain ?? '-'} cache=${cache ?? '-'}`,
    );
  }

  function fail(exchange: Exchange, error: unknown): void {
    if (error instanceof DnsFailure) {
      metrics.dnsFailure();
      deps.onDnsFailure(exchange);
    }
    if (!exchange.response.headersSent) send(exchange, ANSWERS.unknownError);
    else exchange.response.destroy();
    log(exchange, 500);
    deps.log(`  error: ${error instanceof Error ? error.message : String(error)}`);
  }

  /** Runs a step and sends the answer it settles on; whatever it throws is answered with a 500. */
  function step(exchange: Exchange, run: () => Answer | undefined): void {
    let answer: Answer | undefined;
    try {
      answer = run();
      if (!answer) return;
      send(exchange, answer);
    } catch (error) {
      fail(exchange, error);
      return;
    }
    log(exchange, answer.status);
  }

  /**
   * Goes on with a value the storage has at hand (SQLite, the memory tiers) in this step, or with one that
   * comes from PostgreSQL in a step of its own; a failure to get it is answered with a 500.
   */
  function then<T>(
    exchange: Exchange,
    value: Eventually<T>,
    next: (value: T) => Answer | undefined,
  ): Answer | undefined {
    if (!(value instanceof Promise)) return next(value);
    value.then(
      (settled) => step(exchange, () => next(settled)),
      (error: unknown) => fail(exchange, error),
    );
    return undefined;
  }

  return { fail, step, then };
}
