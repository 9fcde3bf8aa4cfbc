import { request } from 'node:http';
import type { Socket } from 'node:net';
import { connect as connectTls, type TLSSocket } from 'node:tls';
import { afterEach, expect, it } from 'vitest';
import { type LoopbackHost, startLoopbackHost } from './loopback-host.ts';
import { closeAll } from './teardown.ts';

const HOST = 'app.hubspot.com';
let host: LoopbackHost | undefined;
afterEach(() => closeAll({ 'loopback host': host }));

/** A CONNECT tunnel through the host's proxy to `at`:443, as Firefox opens one. */
function tunnel(proxyPort: number, at: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const asked = request({ host: '127.0.0.1', port: proxyPort, method: 'CONNECT', path: `${at}:443` });
    asked.once('connect', (_response, socket) => resolve(socket)).once('error', reject);
    asked.end();
  });
}

it('closes while a browser keeps a tunnel open, kept alive after its page, and closes the tunnel', async () => {
  host = await startLoopbackHost(HOST);
  const proxyPort = Number(host.launch.firefoxPrefs?.['network.proxy.ssl_port']);
  const tls: TLSSocket = connectTls({
    socket: await tunnel(proxyPort, HOST),
    servername: HOST,
    rejectUnauthorized: false,
  });
  tls.on('error', () => {});
  await new Promise((resolve) => tls.once('secureConnect', resolve));
  tls.write(`GET /hubspot-contact.html HTTP/1.1\r\nHost: ${HOST}\r\nConnection: keep-alive\r\n\r\n`);
  const answer = await new Promise<string>((resolve) => tls.once('data', (data) => resolve(String(data))));
  expect(answer).toMatch(/^HTTP\/1\.1 200/);

  const tunnelClosed = new Promise<void>((resolve) => tls.once('close', () => resolve()));
  await host.close();
  await tunnelClosed;
});
