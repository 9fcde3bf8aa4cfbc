import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { WebmailInfo } from '#core/webmail-info.ts';
import type { Accounts } from './accounts.ts';
import { ANSWERS, type Answer, billingAnswer, foundAnswer } from './answers.ts';
import { bearerKey } from './bearer-key.ts';
import { DnsFailure } from './dns.ts';
import type { Lookup } from './lookup.ts';
import type { Metrics } from './metrics.ts';
import { OPENAPI_ANSWER, OPENAPI_PATH } from './openapi.ts';
import type { Readiness } from './readiness.ts';
import {
  BodyTooLarge,
  declaresTooLargeBody,
  type LookupRequest,
  parseLookupRequest,
  readBody,
} from './request-body.ts';
import type { LimitName, RequestLimits } from './request-limits.ts';
import { Exchange, Responder } from './responder.ts';
import type { DomainVerdict } from './verdict.ts';

/**
 * How often Node looks for connections past their header or request timeout. Its default, 30 s, lets a client
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

/** The request handler of the Webmail Info API (spec §4) and of the operations endpoints. */
class RequestHandler {
  readonly #deps: ServiceDeps;
  readonly #responder: Responder;
  readonly #billing: Answer;

  constructor(deps: ServiceDeps) {
    this.#deps = deps;
    this.#responder = new Responder(deps);
    this.#billing = billingAnswer(deps.dashboardUrl);
  }

  /** Answers a request; whatever fails on the way is a 500, and the process stays up. */
  async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const exchange = new Exchange(request, response);
    try {
      this.#responder.send(exchange, await this.#answer(exchange));
    } catch (error) {
      if (error instanceof DnsFailure) {
        this.#deps.metrics.dnsFailure();
        // The lookup's DNS failed: the answer cost its key nothing, and shows the balance as it is after DNS.
        if (exchange.account !== null) {
          void this.#countUnpaid(exchange.account);
          await this.#showBalance(exchange, exchange.account);
        }
      }
      this.#responder.fail(exchange, error);
    }
  }

  #answer(exchange: Exchange): Promise<Answer> {
    if (exchange.endpoint === 'lookup') return this.#receiveLookup(exchange);
    if (exchange.endpoint === 'operations') return this.#receiveOperation(exchange);
    return this.#refuseWithoutKey(exchange, ANSWERS.noRoute, this.#deps.clientAddress(exchange.request));
  }

  /** A lookup: served when its key works and no limit refuses it, refused as without a key if not. */
  async #receiveLookup(exchange: Exchange): Promise<Answer> {
    const { request, response } = exchange;
    const { accounts, limits } = this.#deps;
    const address = this.#deps.clientAddress(request);
    if (request.method !== 'POST') {
      response.setHeader('Allow', 'POST');
      return this.#refuseWithoutKey(exchange, ANSWERS.methodNotAllowed, address);
    }
    const key = bearerKey(request.headers.authorization);
    if (key === null) return this.#refuseWithoutKey(exchange, ANSWERS.unknownKey, address);
    const account = accounts.rememberedAccount(key) ?? (await this.#checkKey(exchange, key, address));
    if (typeof account !== 'number') return account;
    // From here on the key is known: every answer shows its account's balance.
    exchange.account = account;
    // Units this process holds decide at once, and only a lease is waited for: on the cached path nothing is
    // awaited but the body and the charge (a chain of async steps cost about 1.5 µs a request, against
    // 0.2 µs for one promise, timed in a loop on this machine).
    const admitted = limits.admitWithKey(address, account);
    const refusedBy = admitted instanceof Promise ? await admitted : admitted;
    if (refusedBy) return this.#withBalance(exchange, account, this.#rateLimited(exchange, refusedBy));
    const asked = await this.#readLookupRequest(exchange);
    if (!asked) return this.#withBalance(exchange, account, ANSWERS.badRequest);
    exchange.domain = asked.domain;
    const held = asked.skipCache ? undefined : this.#deps.lookup.held(asked.domain);
    if (held?.kind !== 'found') return this.#lookUp(exchange, account, asked, held);
    exchange.cache = 'hit';
    return this.#charge(exchange, account, held.info);
  }

  /** The account of a key this process does not remember, or the refusal of a key that does not work. */
  async #checkKey(exchange: Exchange, key: string, address: string): Promise<number | Answer> {
    const { accounts, limits } = this.#deps;
    // Once the address has used up its requests without a working key, a key is asked of the database only
    // if the list of working keys has it: so guessing keys costs no queries, and a working key still gets in.
    if (limits.withoutKeySpent(address) && !(await accounts.isListed(key)))
      return this.#rateLimited(exchange, 'without-key');
    const account = await accounts.accountForKey(key);
    return account ?? this.#refuseWithoutKey(exchange, ANSWERS.unknownKey, address);
  }

  /**
   * A lookup that memory cannot answer with a found answer: from the database's cache, or from DNS if the
   * account can pay. `held` is a not-found answer memory holds, if any.
   */
  async #lookUp(
    exchange: Exchange,
    account: number,
    { domain, skipCache }: LookupRequest,
    held: DomainVerdict | undefined,
  ): Promise<Answer> {
    const hit = held ?? (skipCache ? null : await this.#deps.lookup.cached(domain));
    exchange.cache = hit ? 'hit' : 'miss';
    // A cached answer needs no lookup work, so for a found one the atomic charge is the only balance check.
    if (hit?.kind === 'found') return this.#charge(exchange, account, hit.info);
    const standing = await this.#deps.accounts.standing(account);
    exchange.balance = standing?.balance ?? null;
    if (!standing?.canPay) return this.#billing;
    if (hit) return this.#notFound(account, hit);
    const verdict = await this.#deps.lookup.resolve(domain);
    if (verdict.kind === 'found') return this.#charge(exchange, account, verdict.info);
    // DNS took its time: the balance shown is read again, after it.
    return this.#withBalance(exchange, account, await this.#notFound(account, verdict));
  }

  /**
   * The lookup the body asks for, or null for a body that is not one. A body too large is refused without
   * reading the rest, and its connection is closed after the answer.
   */
  #readLookupRequest(exchange: Exchange): Promise<LookupRequest | null> {
    return readBody(exchange.request).then(
      (body) => {
        exchange.closeAfter = false;
        return parseLookupRequest(body);
      },
      (error: unknown) => {
        if (error instanceof BodyTooLarge) return null;
        throw error;
      },
    );
  }

  /** A found answer, once its charge is committed; the charge says what the account has left after it. */
  async #charge(exchange: Exchange, account: number, info: WebmailInfo): Promise<Answer> {
    // Charged only now, atomically: concurrent requests that all passed the balance check cannot overdraw.
    const { paid, balance } = await this.#deps.accounts.charge(account);
    exchange.balance = balance;
    if (!paid) return this.#billing;
    this.#deps.metrics.creditSpent();
    return foundAnswer(info, balance);
  }

  /** The 404 of a domain without a mailbox provider, which costs nothing but counts as unpaid work. */
  async #notFound(account: number, verdict: Exclude<DomainVerdict, { kind: 'found' }>): Promise<Answer> {
    // Counted before the answer goes out: a client that waits for each answer before asking again (on
    // PostgreSQL, where the count is a round trip) could otherwise pass the limit by the counts on the wire.
    await this.#countUnpaid(account);
    return verdict.kind === 'no-mx' ? ANSWERS.noMx : ANSWERS.unrecognised;
  }

  /** The answer, once the account's balance is read for it. */
  async #withBalance(exchange: Exchange, account: number, answer: Answer): Promise<Answer> {
    await this.#showBalance(exchange, account);
    return answer;
  }

  /** Reads the account's balance for the answer's headers; a failed read leaves the figure read before, or none. */
  async #showBalance(exchange: Exchange, account: number): Promise<void> {
    try {
      exchange.balance = (await this.#deps.accounts.standing(account))?.balance ?? exchange.balance;
    } catch {
      // No figure is made up: the answer goes out with what was read before, if anything.
    }
  }

  /** Counts an answer that cost its key nothing. A failure to count is not the answer's business. */
  async #countUnpaid(account: number): Promise<void> {
    try {
      await this.#deps.limits.countUnpaid(account);
    } catch {
      // The answer goes out all the same; the limit counts what it could.
    }
  }

  /** A request without a working key: refused with `answer` (a 401, or the answer given) until the address's limit. */
  async #refuseWithoutKey(exchange: Exchange, answer: Answer, address: string): Promise<Answer> {
    const refusedBy = await this.#deps.limits.admitWithoutKey(address);
    return refusedBy ? this.#rateLimited(exchange, refusedBy) : answer;
  }

  #rateLimited(exchange: Exchange, limit: LimitName): Answer {
    this.#deps.metrics.rateLimited(limit);
    exchange.response.setHeader('Retry-After', String(this.#deps.limits.retryAfterSeconds()));
    return ANSWERS.rateLimited;
  }

  /** /healthz, /readyz, /metrics, /openapi.json: for load balancers, monitoring and tools; no key, no rate limit. */
  async #receiveOperation(exchange: Exchange): Promise<Answer> {
    const { request, response, path } = exchange;
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.setHeader('Allow', 'GET, HEAD');
      return ANSWERS.operationMethodNotAllowed;
    }
    if (path === '/healthz') return ANSWERS.alive;
    if (path === OPENAPI_PATH) return OPENAPI_ANSWER;
    if (path === '/readyz') {
      if (this.#deps.draining()) return ANSWERS.shuttingDown;
      return (await this.#deps.readiness.isReady()) ? ANSWERS.ready : ANSWERS.notReady;
    }
    const { metrics } = this.#deps;
    const text = await metrics.render();
    return { status: 200, body: text, length: Buffer.byteLength(text), contentType: metrics.contentType };
  }
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
  const handler = new RequestHandler(deps);
  const server = createServer(
    {
      headersTimeout: connections.headersTimeoutMs,
      requestTimeout: connections.requestTimeoutMs,
      connectionsCheckingInterval: CONNECTIONS_CHECKING_INTERVAL_MS,
    },
    (request, response) => void handler.handle(request, response),
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
