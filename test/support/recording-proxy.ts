import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { BALANCE_PROPERTIES } from '#core/api/balance.ts';
import { expectDocumented, type ReceivedAnswer } from './openapi-answers.ts';
import { listenOnLoopback } from './teardown.ts';

export interface RecordedRequest {
  path: string;
  body: unknown;
  authorization: string | undefined;
  /** What the service answered, once it has: its status, and its Retry-After (null without one). */
  response?: { status: number; retryAfter: string | null };
  /** Held, then cut by `dropHeld`: it never reached the service. */
  dropped?: true;
}

/**
 * Sits between the extension and the real service, forwarding every request unchanged and recording what
 * the extension sent: to prove it sends only domains, and to count requests per domain. The answer comes
 * back with the headers the extension reads (Content-Type, a 429's Retry-After, the balance's Webmail-*).
 */
export async function startRecordingProxy(target: () => string) {
  const requests: RecordedRequest[] = [];
  let delayMs = 0;
  let balanceUnsaid = false;
  let holding = false;
  /** Requests held by `hold`, each with what sends it on (true) or drops it (false). */
  const held = new Map<RecordedRequest, (send: boolean) => void>();
  /** Passes a request on and its answer back; resolves with what the answer check reads (none for a drop). */
  const forward = async (
    request: IncomingMessage,
    response: ServerResponse,
  ): Promise<ReceivedAnswer | null> => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString();
    let body: unknown = raw;
    try {
      body = JSON.parse(raw);
    } catch {}
    const record: RecordedRequest = {
      path: request.url ?? '',
      body,
      authorization: request.headers.authorization,
    };
    requests.push(record);
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    if (holding && !(await new Promise<boolean>((resolve) => held.set(record, resolve)))) {
      record.dropped = true;
      request.socket.destroy();
      return null;
    }
    const upstream = await fetch(`${target()}${request.url}`, {
      method: request.method ?? 'GET',
      headers: Object.fromEntries(
        Object.entries(request.headers).filter(([name]) => ['authorization', 'content-type'].includes(name)),
      ) as Record<string, string>,
      ...(request.method === 'POST' && { body: raw }),
    });
    const retryAfter = upstream.headers.get('retry-after');
    record.response = { status: upstream.status, retryAfter };
    response.writeHead(upstream.status, {
      'Content-Type': upstream.headers.get('content-type') ?? 'application/json',
      ...(retryAfter !== null && { 'Retry-After': retryAfter }),
      ...(!balanceUnsaid && balanceHeaders(upstream.headers)),
    });
    const answer = await upstream.text();
    response.end(balanceUnsaid ? withoutBalanceProperties(answer) : answer);
    const { status, headers } = upstream;
    return { method: request.method ?? 'GET', path: record.path, status, headers, body: answer };
  };
  // A request cut by the browser, or one still on its way when the proxy or the service behind it closed at
  // the end of a suite, is cut here too, never left as an unhandled rejection that fails the test file.
  // Every answer the extension meets is one docs/openapi.yaml describes: checked once it has gone on, and
  // thrown where nothing catches it, so Vitest fails the run and names the test it ran.
  const server: Server = createServer((request, response) => {
    forward(request, response).then(
      (answer) => answer && expectDocumented(answer),
      () => response.destroy(),
    );
  });
  const { port, close } = await listenOnLoopback(server, 'recording proxy');
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    /**
     * From now, passes answers on as a service that says nothing of the balance (as the hosted one need
     * not): without the Webmail-* headers, and without the balance's `data` properties.
     */
    sayNothingOfBalance(unsaid = true) {
      balanceUnsaid = unsaid;
    },
    /** Holds every answer this long: a lookup can then be caught in flight. */
    setDelay(ms: number) {
      delayMs = ms;
    },
    /** Holds every request from now until `dropHeld`: the extension's lookups then wait, all on their way. */
    hold() {
      holding = true;
    },
    /** How many requests are held. */
    heldCount: () => held.size,
    /** Sends the held requests on to the service, and holds no more. */
    releaseHeld() {
      holding = false;
      for (const send of held.values()) send(true);
      held.clear();
    },
    /**
     * Cuts the held requests without sending them on, as a network that lost them, and holds no more: a
     * background stopped with lookups on their way then paid for none of them.
     */
    dropHeld() {
      holding = false;
      for (const drop of held.values()) drop(false);
      held.clear();
    },
    /** Requests whose body asked about this domain (or an address at it). */
    countFor: (domain: string) =>
      requests.filter(
        (r) =>
          typeof r.body === 'object' &&
          r.body !== null &&
          String((r.body as { email?: unknown }).email).endsWith(domain),
      ).length,
    close,
  };
}

/** The balance's headers of an answer (Webmail-Credits-Remaining and the rest). */
function balanceHeaders(headers: Headers): Record<string, string> {
  return Object.fromEntries([...headers].filter(([name]) => name.startsWith('webmail-')));
}

/** An answer's text without the balance's `data` properties; any other text as it is. */
function withoutBalanceProperties(text: string): string {
  try {
    const envelope = JSON.parse(text) as { data?: Record<string, unknown> | null };
    if (!envelope.data) return text;
    for (const name of Object.values(BALANCE_PROPERTIES)) delete envelope.data[name];
    return JSON.stringify(envelope);
  } catch {
    return text;
  }
}
