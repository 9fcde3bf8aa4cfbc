import type { IncomingMessage, ServerResponse } from 'node:http';
import { API_PATH } from '#core/webmail-info.ts';
import { ANSWERS, type Answer } from './answers.ts';
import { addBalanceHeaders, type ShownBalance } from './balance.ts';
import { createIsoTime } from './iso-time.ts';
import type { Endpoint, Metrics } from './metrics.ts';
import { OPENAPI_PATH } from './openapi.ts';

const OPERATIONS_PATHS = new Set(['/healthz', '/readyz', '/metrics', OPENAPI_PATH]);

function pathOf(url = '/'): string {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

function endpointOf(path: string): Endpoint {
  if (path === API_PATH) return 'lookup';
  return OPERATIONS_PATHS.has(path) ? 'operations' : 'other';
}

function carriesBody(request: IncomingMessage): boolean {
  const length = request.headers['content-length'];
  return (length !== undefined && length !== '0') || request.headers['transfer-encoding'] !== undefined;
}

/** One request being answered, with what its log line and metrics say. */
export class Exchange {
  readonly request: IncomingMessage;
  readonly response: ServerResponse;
  readonly started = performance.now();
  readonly path: string;
  readonly endpoint: Endpoint;
  /**
   * Whether the answer closes the connection: until its body has been read, a request is refused with the
   * connection closed, so nobody's unwanted body is read to keep the connection open.
   */
  closeAfter: boolean;
  account: number | null = null;
  domain: string | null = null;
  cache: 'hit' | 'miss' | null = null;
  /** What the key's account has left, for the answer's headers: null until read, and for unknown keys. */
  balance: ShownBalance | null = null;

  constructor(request: IncomingMessage, response: ServerResponse) {
    this.request = request;
    this.response = response;
    this.path = pathOf(request.url);
    this.endpoint = endpointOf(this.path);
    // A probe without a body keeps its connection: load balancers reuse theirs.
    this.closeAfter = this.endpoint !== 'operations' || carriesBody(request);
  }
}

export interface ResponderDeps {
  metrics: Metrics;
  /** True once the process is stopping: every answer closes its connection. */
  draining: () => boolean;
  /** One line per request; the key is never part of it. */
  log: (line: string) => void;
}

/** Sends each exchange's answer, and writes its log line and metrics. */
export class Responder {
  readonly #deps: ResponderDeps;
  readonly #isoTime = createIsoTime();

  constructor(deps: ResponderDeps) {
    this.#deps = deps;
  }

  send(exchange: Exchange, answer: Answer): void {
    this.#write(exchange, answer);
    this.#record(exchange, answer.status);
  }

  /** A fault while answering: a 500 if nothing was sent yet, else the connection is cut; and its log lines. */
  fail(exchange: Exchange, error: unknown): void {
    if (!exchange.response.headersSent) this.#write(exchange, ANSWERS.unknownError);
    else exchange.response.destroy();
    this.#record(exchange, 500);
    this.#deps.log(`  error: ${error instanceof Error ? error.message : String(error)}`);
  }

  #write(exchange: Exchange, answer: Answer): void {
    const { response } = exchange;
    if (exchange.closeAfter || this.#deps.draining()) response.shouldKeepAlive = false;
    const headers: Record<string, string | number> = {
      'Content-Type': answer.contentType ?? 'application/json; charset=utf-8',
      'Content-Length': answer.length,
      'Cache-Control': 'no-store',
    };
    if (exchange.balance) addBalanceHeaders(headers, exchange.balance);
    response.writeHead(answer.status, headers);
    response.end(answer.body);
  }

  #record(exchange: Exchange, status: number): void {
    const { request, path, started, account, domain, cache } = exchange;
    const ms = performance.now() - started;
    this.#deps.metrics.request(exchange.endpoint, status);
    if (cache) this.#deps.metrics.lookup(cache, ms / 1000);
    this.#deps.log(
      `${this.#isoTime()} ${request.method} ${path} ${status} ${ms.toFixed(1)}ms account=${account ?? '-'} domain=${domain ?? '-'} cache=${cache ?? '-'}`,
    );
  }
}
