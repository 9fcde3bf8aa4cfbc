import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

const PAGES = new URL('../../fixtures/pages/', import.meta.url);

/** Serves test/fixtures/pages/*.html, and pages generated in memory (by name), on a loopback port. */
export async function startPageServer(
  generated: Record<string, string> = {},
): Promise<{ url: (page: string) => string; close(): Promise<void> }> {
  const server: Server = createServer((request, response) => {
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
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (page) => `http://127.0.0.1:${port}/${page}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
