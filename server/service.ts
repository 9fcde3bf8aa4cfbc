import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { API_PATH, type Envelope, type WebmailInfo } from '../lib/webmail-info.ts';
import type { Accounts } from './accounts.ts';
import type { Lookup } from './lookup.ts';
import { MESSAGES } from './messages.ts';
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

interface RequestLog {
  account: number | null;
  domain: string | null;
  cache: 'hit' | 'miss' | null;
}

function send(
  response: ServerResponse,
  status: number,
  message: string,
  data: WebmailInfo | null = null,
): void {
  const envelope: Envelope = { success: status === 200, message, data };
  const body = JSON.stringify(envelope);
  response.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': 'no-store',
  });
  response.end(body);
}

/** Refuses a body without reading it: the connection is closed after the answer. */
function refuseBody(response: ServerResponse): void {
  response.shouldKeepAlive = false;
  send(response, 400, MESSAGES.badRequest);
}

function bearerKey(request: IncomingMessage): string | null {
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(request.headers.authorization ?? '');
  return match?.[1] ?? null;
}

/** The request handler of the Webmail Info API (spec §4): returns the status it answered with. */
export function createHandler(deps: ServiceDeps) {
  return async function handle(
    request: IncomingMessage,
    response: ServerResponse,
    log: RequestLog,
  ): Promise<number> {
    const path = (request.url ?? '/').split('?')[0];
    if (path !== API_PATH) {
      send(response, 404, MESSAGES.noRoute);
      return 404;
    }
    if (request.method !== 'POST') {
      response.setHeader('Allow', 'POST');
      send(response, 405, MESSAGES.methodNotAllowed);
      return 405;
    }
    const key = bearerKey(request);
    const account = key ? deps.accounts.accountForKey(key) : null;
    if (account === null) {
      send(response, 401, MESSAGES.unknownKey);
      return 401;
    }
    log.account = account;

    let body: Buffer;
    try {
      body = await readBody(request);
    } catch (error) {
      if (!(error instanceof BodyTooLarge)) throw error;
      refuseBody(response);
      return 400;
    }
    const parsed = parseLookupRequest(body);
    if (!parsed) {
      send(response, 400, MESSAGES.badRequest);
      return 400;
    }
    log.domain = parsed.domain;

    const hit = parsed.skipCache ? null : deps.lookup.cached(parsed.domain);
    log.cache = hit ? 'hit' : 'miss';
    // A cached answer needs no lookup work, so for it the atomic charge below is the only balance check.
    if (hit?.kind !== 'found' && !deps.accounts.canPay(account)) {
      send(response, 401, MESSAGES.billing(deps.dashboardUrl));
      return 401;
    }
    const result = hit ?? (await deps.lookup.resolve(parsed.domain));
    if (result.kind === 'no-mx') {
      send(response, 404, MESSAGES.noMx);
      return 404;
    }
    if (result.kind === 'unrecognised') {
      send(response, 404, MESSAGES.unrecognised);
      return 404;
    }
    // Charged only now, atomically: concurrent requests that all passed canPay cannot overdraw.
    if (!(await deps.accounts.charge(account))) {
      send(response, 401, MESSAGES.billing(deps.dashboardUrl));
      return 401;
    }
    send(response, 200, MESSAGES.found, result.info);
    return 200;
  };
}

/** The HTTP server: every response is the JSON envelope, every fault a 500, and the process stays up. */
export function createService(deps: ServiceDeps): Server {
  const handle = createHandler(deps);
  const server = createServer(
    { headersTimeout: HEADERS_TIMEOUT_MS, requestTimeout: REQUEST_TIMEOUT_MS },
    (request, response) => {
      const started = performance.now();
      const log: RequestLog = { account: null, domain: null, cache: null };
      const finish = (status: number) => {
        const ms = (performance.now() - started).toFixed(1);
        const path = (request.url ?? '/').split('?')[0];
        deps.log(
          `${new Date().toISOString()} ${request.method} ${path} ${status} ${ms}ms account=${log.account ?? '-'} domain=${log.domain ?? '-'} cache=${log.cache ?? '-'}`,
        );
      };
      handle(request, response, log).then(finish, (error: unknown) => {
        if (!response.headersSent) send(response, 500, MESSAGES.unknownError);
        else response.destroy();
        finish(500);
        deps.log(`  error: ${error instanceof Error ? error.message : String(error)}`);
      });
    },
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
    const body = JSON.stringify({ success: false, message: MESSAGES.badRequest, data: null });
    socket.end(
      `HTTP/1.1 400 Bad Request\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
  return server;
}
