import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  path: string;
  body: unknown;
  authorization: string | undefined;
  /** What the service answered, once it has: its status, and its Retry-After (null without one). */
  response?: { status: number; retryAfter: string | null };
  /** Held by the delay while its client went away, and so never sent on (see `setDelay`). */
  dropped?: true;
}

/**
 * Sits between the extension and the real service, forwarding every request unchanged and recording what
 * the extension sent: to prove it sends only domains, and to count requests per domain. The answer comes
 * back with the headers the extension reads (Content-Type, and a 429's Retry-After).
 */
export async function startRecordingProxy(target: () => string) {
  const requests: RecordedRequest[] = [];
  let delayMs = 0;
  let dropAbandoned = false;
  const server: Server = createServer(async (request, response) => {
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
    if (dropAbandoned && request.socket.destroyed) {
      record.dropped = true;
      return;
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
    });
    response.end(await upstream.text());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    /**
     * Holds every request this long: a lookup can then be caught in flight. With `dropAbandoned`, a request
     * whose client went away meanwhile (a stopped worker's) is not sent on: it never reached the service,
     * as when the browser cuts it before it leaves, so what the service charged is what the extension heard.
     */
    setDelay(ms: number, { dropAbandoned: drop = false } = {}) {
      delayMs = ms;
      dropAbandoned = drop;
    },
    /** Requests whose body asked about this domain (or an address at it). */
    countFor: (domain: string) =>
      requests.filter(
        (r) =>
          typeof r.body === 'object' &&
          r.body !== null &&
          String((r.body as { email?: unknown }).email).endsWith(domain),
      ).length,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
