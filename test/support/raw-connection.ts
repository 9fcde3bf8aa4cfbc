import { connect, type Socket } from 'node:net';

/** One response as it came over the wire. */
export interface RawResponse {
  status: number;
  /** Header names lower-cased. */
  headers: Record<string, string>;
  body: string;
}

export interface RawConnection {
  socket: Socket;
  /** Writes bytes as they are: a whole request, part of one, or not HTTP at all. */
  send(text: string): void;
  /** Every response parsed so far, interim ones (100 Continue) included. */
  responses: RawResponse[];
  /** The next response to arrive after the ones already taken by earlier calls. */
  nextResponse(): Promise<RawResponse>;
  /** Everything the service wrote, as text. */
  received(): string;
  /** Resolves when the service (or the network) closes the connection. */
  closed: Promise<void>;
  isClosed(): boolean;
}

/** A request's head and body, for a raw connection. */
export function rawRequest(
  method: string,
  path: string,
  headers: Record<string, string | number>,
  body = '',
): { head: string; body: string } {
  const lines = Object.entries({ Host: 'service.test', ...headers }).map(
    ([name, value]) => `${name}: ${value}`,
  );
  return { head: `${method} ${path} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n`, body };
}

/**
 * A TCP connection to the service that says exactly what a test tells it to, and reads what comes back: for
 * what fetch hides (interim responses, the connection being kept or closed, requests sent in pieces).
 */
export async function openRawConnection(port: number): Promise<RawConnection> {
  const socket = connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  let text = '';
  let parsedUpTo = 0;
  let taken = 0;
  let closedFlag = false;
  const responses: RawResponse[] = [];
  const waiting: (() => void)[] = [];
  const parse = () => {
    for (;;) {
      const headEnd = text.indexOf('\r\n\r\n', parsedUpTo);
      if (headEnd === -1) return;
      const [statusLine = '', ...headerLines] = text.slice(parsedUpTo, headEnd).split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of headerLines) {
        const colon = line.indexOf(':');
        headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
      }
      const length = Number(headers['content-length'] ?? 0);
      if (text.length < headEnd + 4 + length) return;
      responses.push({
        status: Number(statusLine.split(' ')[1]),
        headers,
        body: text.slice(headEnd + 4, headEnd + 4 + length),
      });
      parsedUpTo = headEnd + 4 + length;
    }
  };
  const wake = () => {
    for (const resolve of waiting.splice(0)) resolve();
  };
  socket.on('data', (chunk) => {
    text += chunk.toString();
    parse();
    wake();
  });
  const closed = new Promise<void>((resolve) => {
    socket.once('close', () => {
      closedFlag = true;
      resolve();
      wake();
    });
  });
  socket.on('error', () => {});
  return {
    socket,
    send: (data) => {
      socket.write(data);
    },
    responses,
    async nextResponse() {
      while (responses.length <= taken) {
        if (closedFlag) throw new Error(`connection closed after:\n${text}`);
        await new Promise<void>((resolve) => waiting.push(resolve));
      }
      return responses[taken++] as RawResponse;
    },
    received: () => text,
    closed,
    isClosed: () => closedFlag,
  };
}

/** Resolves true when the connection closes within `ms`, false otherwise. */
export function closesWithin(connection: RawConnection, ms: number): Promise<boolean> {
  return Promise.race([
    connection.closed.then(() => true),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms)),
  ]);
}
