/**
 * Real sites' host names served from this computer, over https, for a site adapter that runs on that host
 * alone (Outlook on the web's), or for a site the shared scanner must cover: the fixture pages at
 * https://<host>/<page>, for each host given, with nothing leaving loopback.
 * - The certificate is self-signed for the hosts, made at test time by Debian's `openssl` (no network).
 * - Chromium maps each host to the page server's port (`--host-resolver-rules`) and takes the certificate
 *   (`--ignore-certificate-errors`).
 * - Firefox has no per-host mapping with a port (`network.dns.forceResolve` maps every host, to port 443):
 *   it sends https through a CONNECT proxy on loopback, which opens a tunnel to the page server for those
 *   hosts and refuses every other (so Firefox's own requests to the network fail here, as they should), and
 *   the WebDriver BiDi session accepts the certificate (`acceptInsecureCerts`).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, request as forward } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LaunchOptions } from './driver.ts';
import { type PageServer, startPageServer } from './page-server.ts';
import { closeAll, type ListeningServer, listenOnLoopback } from './teardown.ts';

/** A key and a certificate for `hosts`, valid for a day: made by openssl in a folder removed at once. */
function selfSignedCertificate(hosts: readonly string[]): { key: string; cert: string } {
  const dir = mkdtempSync(join(tmpdir(), 'webmail-e2e-tls-'));
  try {
    const [key, cert] = [join(dir, 'key.pem'), join(dir, 'cert.pem')];
    execFileSync(
      'openssl',
      [
        ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'],
        ...['-keyout', key, '-out', cert, '-days', '1', '-subj', `/CN=${hosts[0]}`],
        ...['-addext', `subjectAltName=${hosts.map((host) => `DNS:${host}`).join(',')}`],
      ],
      { stdio: 'ignore' },
    );
    return { key: readFileSync(key, 'utf8'), cert: readFileSync(cert, 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * An HTTP proxy that tunnels `<host>:443` of each of `hosts` to the page server's port, and nothing else.
 * Closing it destroys the tunnels, which Firefox keeps open as long as it runs: a tunnel is no HTTP request,
 * so neither `close()` nor `closeAllConnections()` would end it.
 */
async function startTunnelProxy(hosts: readonly string[], port: number): Promise<ListeningServer> {
  const proxy = createServer((_request, response) => response.writeHead(403).end());
  proxy.on('connect', (request, client: Socket, head: Buffer) => {
    client.on('error', () => client.destroy());
    if (!hosts.some((host) => request.url === `${host}:443`)) {
      client.end('HTTP/1.1 403 Forbidden\r\n\r\n');
      return;
    }
    const upstream = connect(port, '127.0.0.1', () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    upstream.on('error', () => client.destroy());
    client.on('close', () => upstream.destroy());
  });
  return listenOnLoopback(proxy, 'tunnel proxy');
}

export interface LoopbackHost {
  /** The fixture pages (and `generated` ones) at https://<host>/<page>, for the first host. */
  pages: PageServer;
  /** A page at https://<host>/<page>, for any of the hosts. */
  url(host: string, page: string): string;
  /** What each browser needs to reach the host on loopback and take its certificate. */
  launch: LaunchOptions;
  close(): Promise<void>;
}

/** Serves the fixture pages at `host`, or at each of several hosts (one browser visiting several sites). */
export async function startLoopbackHost(
  host: string | readonly string[],
  generated: Record<string, string> = {},
): Promise<LoopbackHost> {
  const hosts = typeof host === 'string' ? [host] : host;
  const [first] = hosts;
  if (!first) throw new Error('a loopback host needs a host name');
  const pages = await startPageServer(generated, { host: first, ...selfSignedCertificate(hosts) });
  const proxy = await startTunnelProxy(hosts, pages.port);
  return {
    pages,
    url: (at, page) => {
      if (!hosts.includes(at)) throw new Error(`${at} is not served here`);
      return `https://${at}/${page}`;
    },
    launch: {
      chromiumArgs: [
        // One flag: Chromium keeps the last of a repeated switch, so every host's rule goes in it.
        `--host-resolver-rules=${hosts.map((at) => `MAP ${at} 127.0.0.1:${pages.port}`).join(',')}`,
        '--ignore-certificate-errors',
      ],
      acceptInsecureCerts: true,
      firefoxPrefs: {
        'network.proxy.type': 1,
        'network.proxy.ssl': '127.0.0.1',
        'network.proxy.ssl_port': proxy.port,
        'network.proxy.share_proxy_settings': false,
      },
    },
    close: () => closeAll({ 'tunnel proxy': proxy, 'page server': pages }),
  };
}

export interface LoopbackService {
  /** Chromium's flags that send https://<host> to this front and take its certificate. */
  chromiumArgs: string[];
  close(): Promise<void>;
}

/**
 * A real site's host (the hosted service's) answered by a local http service: an https front with a
 * certificate for the host, passing every request on to `target` and its answer back, unchanged.
 */
export async function startLoopbackService(host: string, target: string): Promise<LoopbackService> {
  const server = createTlsServer(selfSignedCertificate([host]), (request, response) => {
    const upstream = forward(
      new URL(request.url ?? '/', target),
      { method: request.method, headers: { ...request.headers, host: new URL(target).host } },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    // An upstream gone mid-answer can only cut the answer short: its status line was sent already.
    upstream.on('error', () => (response.headersSent ? response.destroy() : response.writeHead(502).end()));
    request.pipe(upstream);
  });
  const { port, close } = await listenOnLoopback(server, `https front of ${host}`);
  return {
    chromiumArgs: [`--host-resolver-rules=MAP ${host} 127.0.0.1:${port}`, '--ignore-certificate-errors'],
    close,
  };
}
