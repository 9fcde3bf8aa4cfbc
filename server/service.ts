import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { API_PATH } from '#core/webmail-info.ts';
import type { Accounts } from './accounts.ts';
import { ANSWERS, type Answer, billingAnswer, foundAnswer } from './answers.ts';
import { bearerKey } from './bearer-key.ts';
import type { Eventually } from './eventually.ts';
import { type Exchange, exchangeSteps, pathOf } from './exchange.ts';
import type { Lookup } from './lookup.ts';
import type { Metrics } from './metrics.ts';
import type { Readiness } from './readiness.ts';
import { BodyTooLarge, declaresTooLargeBody, parseLookupRequest, readBody } from './request-body.ts';
import type { LimitName, RequestLimits } from './request-limits.ts';
import type { DomainVerdict } from './verdict.ts';

/**
 * How often Node looks for connections past their header or request timeout. Its default, 30 s, let a client
 * sending a header line a second hold a connection for 23 s against a 5 s header timeout; each check walks
 * the open connections, which MAX_CONNECTIONS keeps few.
 */
const CONNECTIONS_CHECKING_INTERVAL_MS = 1_000;

export interface ServiceDeps {
  accounts: Accounts;
  lookup: Lookup;
  limits: RequestLimits;
  /** The address a request is counted under for the per-address limits. */
  clientAddress: (request: IncomingMessage) => string;
  metrics: Metrics;
  readiness: Readiness;
  /** True once the process is stopping: every answer closes its connection, and /readyz says not ready. */
  draining: () => boolean;
  dashboardUrl: string;
  /** One line per request; the key is never part of it. */
  log: (line: string) => void;
}

export interface ConnectionSettings {
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  /** 0: no cap. */
  maxConnections: number;
}

function carriesBody(request: IncomingMessage): boolean {
  const length = request.headers['content-length'];
  return (length !== undefined && length !== '0') || request.headers['transfer-encoding'] !== undefined;
}

const OPERATIONS_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

/**
 * The request handler of the Webmail Info API (spec §4) and of the operations endpoints. A request goes
 * through steps; each returns the answer it settles on, or undefined when the answer comes later (after the
 * body, the database, DNS or the charge's commit). Callbacks, not an async function: on a cached lookup,
 * which waits only for its body and its charge, promises and their hops were about 5 % of the time (CPU
 * profile under autocannon).
 */
const noop = () => {};

export function createHandler(deps: ServiceDeps) {
  const billing = billingAnswer(deps.dashboardUrl);
  const { limits, metrics } = deps;
  const { fail, step, then } = exchangeSteps({
    ...deps,
    onDnsFailure: (exchange) => {
      if (exchange.account !== null) void countUnpaid(exchange.account);
    },
  });

  function rateLimited(exchange: Exchange, limit: LimitName): Answer {
    metrics.rateLimited(limit);
    exchange.response.setHeader('Retry-After', String(limits.retryAfterSeconds()));
    return ANSWERS.rateLimited;
  }

  /**
   * Counts an answer that cost its key nothing. A failure to count is not the answer's business, so it never
   * fails one.
   */
  function countUnpaid(account: number): Eventually<void> {
    const counted = limits.countUnpaid(account);
    return counted instanceof Promise ? counted.then(noop, noop) : undefined;
  }

  /** A request without a working key: refused, with a 401 (or the answer given) until the address's limit. */
  function refuseWithoutKey(exchange: Exchange, answer: Answer, address: string): Answer | undefined {
    return then(exchange, limits.admitWithoutKey(address), (refusedBy) =>
      refusedBy ? rateLimited(exchange, refusedBy) : answer,
    );
  }

  /** A lookup's result: a found one is answered once its charge is committed. */
  function answerResult(exchange: Exchange, account: number, result: DomainVerdict): Answer | undefined {
    if (result.kind !== 'found') {
      // Counted before the answer goes out: a client that waits for each answer before asking again (on
      // PostgreSQL, where the count is a round trip) could otherwise pass the limit by the counts on the wire.
      const unpaid = result.kind === 'no-mx' ? ANSWERS.noMx : ANSWERS.unrecognised;
      return then(exchange, countUnpaid(account), () => unpaid);
    }
    const found = foundAnswer(result.info);
    // Charged only now, atomically: concurrent requests that all passed canPay cannot overdraw.
    deps.accounts.charge(
      account,
      (charged) =>
        step(exchange, () => {
          if (!charged) return billing;
          metrics.creditSpent();
          return found;
        }),
      (error) => fail(exchange, error),
    );
    return undefined;
  }

  function lookUp(exchange: Exchange, account: number, body: Buffer): Answer | undefined {
    const parsed = parseLookupRequest(body);
    if (!parsed) return ANSWERS.badRequest;
    exchange.domain = parsed.domain;

    const { domain } = parsed;
    return then(exchange, parsed.skipCache ? null : deps.lookup.cached(domain), (hit) => {
      exchange.cache = hit ? 'hit' : 'miss';
      // A cached answer needs no lookup work, so for it the atomic charge is the only balance check.
      if (hit?.kind === 'found') return answerResult(exchange, account, hit);
      return then(exchange, deps.accounts.canPay(account), (canPay) => {
        if (!canPay) return billing;
        if (hit) return answerResult(exchange, account, hit);
        deps.lookup.resolve(domain).then(
          (result) => step(exchange, () => answerResult(exchange, account, result)),
          (error: unknown) => fail(exchange, error),
        );
        return undefined;
      });
    });
  }

  function readLookup(exchange: Exchange, account: number): void {
    exchange.account = account;
    readBody(
      exchange.request,
      (body) => {
        exchange.closeAfter = false;
        step(exchange, () => lookUp(exchange, account, body));
      },
      (error) => {
        if (!(error instanceof BodyTooLarge)) return fail(exchange, error);
        // Refused without reading the rest: the connection is closed after the answer.
        step(exchange, () => ANSWERS.badRequest);
      },
    );
  }

  /** A request with a key: served when the key works and no limit refuses it, refused as without one if not. */
  function checkKey(exchange: Exchange, key: string, address: string): Answer | undefined {
    return then(exchange, deps.accounts.accountForKey(key), (account) => {
      if (account === null) return refuseWithoutKey(exchange, ANSWERS.unknownKey, address);
      return then(exchange, limits.admitWithKey(address, account), (refusedBy) => {
        if (refusedBy) return rateLimited(exchange, refusedBy);
        readLookup(exchange, account);
        return undefined;
      });
    });
  }

  function receiveLookup(exchange: Exchange): Answer | undefined {
    const { request, response } = exchange;
    const address = deps.clientAddress(request);
    if (request.method !== 'POST') {
      response.setHeader('Allow', 'POST');
      return refuseWithoutKey(exchange, ANSWERS.methodNotAllowed, address);
    }
    const key = bearerKey(request.headers.authorization);
    if (key === null) return refuseWithoutKey(exchange, ANSWERS.unknownKey, address);
    if (deps.accounts.knows(key) || !limits.withoutKeySpent(address)) return checkKey(exchange, key, address);
    // The address has used up its requests without a working key: a key is asked of the database only if
    // the list of working keys has it, so guessing keys costs no queries, and a working key still gets in.
    return then(exchange, deps.accounts.isListed(key), (listed) =>
      listed ? checkKey(exchange, key, address) : rateLimited(exchange, 'without-key'),
    );
  }

  /** /healthz, /readyz and /metrics: for load balancers and monitoring, with no key and no rate limit. */
  function receiveOperation(exchange: Exchange, path: string): Answer | undefined {
    const { request, response } = exchange;
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.setHeader('Allow', 'GET, HEAD');
      return ANSWERS.operationMethodNotAllowed;
    }
    if (path === '/healthz') return ANSWERS.alive;
    if (path === '/readyz') {
      if (deps.draining()) return ANSWERS.shuttingDown;
      return then(exchange, deps.readiness.isReady(), (ready) => (ready ? ANSWERS.ready : ANSWERS.notReady));
    }
    return then(exchange, metrics.render(), (text) => ({
      status: 200,
      body: text,
      length: Buffer.byteLength(text),
      contentType: metrics.contentType,
    }));
  }

  return function handle(request: IncomingMessage, response: ServerResponse): void {
    const path = pathOf(request.url);
    const operation = OPERATIONS_PATHS.has(path);
    const exchange: Exchange = {
      request,
      response,
      started: performance.now(),
      endpoint: path === API_PATH ? 'lookup' : operation ? 'operations' : 'other',
      // A probe without a body keeps its connection: load balancers reuse theirs.
      closeAfter: !operation || carriesBody(request),
      account: null,
      domain: null,
      cache: null,
    };
    step(exchange, () => {
      if (exchange.endpoint === 'lookup') return receiveLookup(exchange);
      if (operation) return receiveOperation(exchange, path);
      return refuseWithoutKey(exchange, ANSWERS.noRoute, deps.clientAddress(request));
    });
  };
}

/** Writes an answer straight to a socket that has no request Node could answer through. */
function sendOnSocket(
  socket: NodeJS.WritableStream & { end(text: string): void },
  status: string,
  answer: Answer,
) {
  socket.end(
    `HTTP/1.1 ${status}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${answer.length}\r\nConnection: close\r\n\r\n${answer.body}`,
  );
}

/** The HTTP server: every response is the JSON envelope, every fault a 500, and the process stays up. */
export function createService(deps: ServiceDeps, connections: ConnectionSettings): Server {
  const server = createServer(
    {
      headersTimeout: connections.headersTimeoutMs,
      requestTimeout: connections.requestTimeoutMs,
      connectionsCheckingInterval: CONNECTIONS_CHECKING_INTERVAL_MS,
    },
    createHandler(deps),
  );
  if (connections.maxConnections > 0) server.maxConnections = connections.maxConnections;
  // With `Expect: 100-continue`, an oversized body is refused (by the handler) before the client sends it.
  server.on('checkContinue', (request: IncomingMessage, response: ServerResponse) => {
    if (!declaresTooLargeBody(request)) response.writeContinue();
    server.emit('request', request, response);
  });
  server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
    if (!socket.writable || error.code === 'ECONNRESET') {
      socket.destroy();
      return;
    }
    if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT')
      sendOnSocket(socket, '408 Request Timeout', ANSWERS.requestTimeout);
    else sendOnSocket(socket, '400 Bad Request', ANSWERS.badRequest);
  });
  return server;
}
