import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import { listenOnLoopback } from './teardown.ts';

const PAGES = new URL('../fixtures/pages/', import.meta.url);

export interface PageServer {
  url: (page: string) => string;
  /** The loopback port it listens on. */
  port: number;
  close(): Promise<void>;
}

/**
 * Serves test/fixtures/pages/*.html, and pages generated in memory (by name), on a loopback port: over
 * http://127.0.0.1, or, given a certificate, over https for the host it names (support/loopback-host.ts).
 */
export async function startPageServer(
  generated: Record<string, string> = {},
  tls?: { host: string; key: string; cert: string },
): Promise<PageServer> {
  const serve = (request: IncomingMessage, response: ServerResponse) => {
    const name = (request.url ?? '/').split('?')[0]?.replace(/^\//, '') ?? '';
    if (!/^[a-z0-9-]+\.html$/.test(name)) {
      response.writeHead(404).end();
      return;
    }
    try {
      const body = Object.hasOwn(generated, name) ? generated[name] : readFileSync(new URL(name, PAGES));
      response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(body);
    } catch {
      response.writeHead(404).end();
    }
  };
  const server: Server = tls ? createTlsServer({ key: tls.key, cert: tls.cert }, serve) : createServer(serve);
  const { port, close } = await listenOnLoopback(server, tls ? `page server of ${tls.host}` : 'page server');
  return {
    url: (page) => (tls ? `https://${tls.host}/${page}` : `http://127.0.0.1:${port}/${page}`),
    port,
    close,
  };
}
