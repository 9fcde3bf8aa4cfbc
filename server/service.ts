import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { API_PATH } from '../lib/webmail-info.ts';
import type { Accounts } from './accounts.ts';
import { ANSWERS, type Answer, billingAnswer, foundAnswer } from './answers.ts';
import type { Eventually } from './eventually.ts';
import { createIsoTime } from './iso-time.ts';
import type { Lookup, LookupResult } from './lookup.ts';
import { BodyTooLarge, declaresTooLargeBody, parseLookupRequest, readBody } from './request-body.ts';

/** Slow clients are cut off rather than holding a connection (and the process's memory) open. */
const HEADERS_TIMEOUT_MS = 5_000;
const REQUEST_TIMEOUT_MS = 15_000;

export interface ServiceDeps {
  accounts: Accounts;
  lookup: Lookup;
  dashboardUrl: string;
  /** One line per request; the key is never part of it. */
  log: (line: string) => void;
}

/** One request being answered, with what its log line says. */
interface Exchange {
  request: IncomingMessage;
  response: ServerResponse;
  started: number;
  account: number | null;
  domain: string | null;
  cache: 'hit' | 'miss' | null;
}

function send(response: ServerResponse, answer: Answer): void {
  response.writeHead(answer.status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': answer.length,
    'Cache-Control': 'no-store',
  });
  response.end(answer.body);
}

const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i;

function bearerKey(request: IncomingMessage): string | null {
  const match = BEARER.exec(request.headers.authorization ?? '');
  return match?.[1] ?? null;
}

function pathOf(url = '/'): string {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

/**
 * The request handler of the Webmail Info API (spec §4). A request goes through steps; each returns the
 * answer it settles on, or undefined when the answer comes later (after the body, the database, DNS or the
 * charge's commit). Callbacks, not an async function: on a cached lookup, which waits only for its body and its
 * charge, promises and their hops were about 5 % of the time (CPU profile under autocannon).
 */
export function createHandler(deps: ServiceDeps) {
  const billing = billingAnswer(deps.dashboardUrl);
  const isoTime = createIsoTime();

  function log(exchange: Exchange, status: number): void {
    const { request, started, account, domain, cache } = exchange;
    const ms = (performance.now() - started).toFixed(1);
    deps.log(
      `${isoTime()} ${request.method} ${pathOf(request.url)} ${status} ${ms}ms account=${account ?? '-'} domain=${domain ?? '-'} cache=${cache ?? '-'}`,
    );
  }

  function fail(exchange: Exchange, error: unknown): void {
    if (!exchange.response.headersSent) send(exchange.response, ANSWERS.unknownError);
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
      send(exchange.response, answer);
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

  /** A lookup's result: a found one is answered once its charge is committed. */
  function answerResult(exchange: Exchange, account: number, result: LookupResult): Answer | undefined {
    if (result.kind === 'no-mx') return ANSWERS.noMx;
    if (result.kind === 'unrecognised') return ANSWERS.unrecognised;
    const found = foundAnswer(result.info);
    // Charged only now, atomically: concurrent requests that all passed canPay cannot overdraw.
    deps.accounts.charge(
      account,
      (charged) => step(exchange, () => (charged ? found : billing)),
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

  function receive(exchange: Exchange): Answer | undefined {
    const { request, response } = exchange;
    if (pathOf(request.url) !== API_PATH) return ANSWERS.noRoute;
    if (request.method !== 'POST') {
      response.setHeader('Allow', 'POST');
      return ANSWERS.methodNotAllowed;
    }
    const key = bearerKey(request);
    if (key === null) return ANSWERS.unknownKey;
    return then(exchange, deps.accounts.accountForKey(key), (account) => {
      if (account === null) return ANSWERS.unknownKey;
      exchange.account = account;
      readBody(
        request,
        (body) => step(exchange, () => lookUp(exchange, account, body)),
        (error) => {
          if (!(error instanceof BodyTooLarge)) return fail(exchange, error);
          // Refused without reading the rest: the connection is closed after the answer.
          response.shouldKeepAlive = false;
          step(exchange, () => ANSWERS.badRequest);
        },
      );
      return undefined;
    });
  }

  return function handle(request: IncomingMessage, response: ServerResponse): void {
    const exchange: Exchange = {
      request,
      response,
      started: performance.now(),
      account: null,
      domain: null,
      cache: null,
    };
    step(exchange, () => receive(exchange));
  };
}

/** The HTTP server: every response is the JSON envelope, every fault a 500, and the process stays up. */
export function createService(deps: ServiceDeps): Server {
  const server = createServer(
    { headersTimeout: HEADERS_TIMEOUT_MS, requestTimeout: REQUEST_TIMEOUT_MS },
    createHandler(deps),
  );
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
    const { body, length } = ANSWERS.badRequest;
    socket.end(
      `HTTP/1.1 400 Bad Request\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${length}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
  return server;
}
