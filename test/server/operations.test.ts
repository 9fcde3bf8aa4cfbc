import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { API_PATH } from '#core/webmail-info.ts';
import { MESSAGES } from '../../server/messages.ts';
import { openSqliteStorage } from '../../server/storage/sqlite.ts';
import { documentedFetch } from '../support/openapi-answers.ts';
import { closesWithin, openRawConnection, rawRequest } from '../support/raw-connection.ts';
import type { ServiceProcess } from '../support/service-process.ts';
import { BACKENDS, serviceStacksForFile } from '../support/service-stack.ts';

/**
 * The service as an operator runs it: health, readiness and metrics for load balancers and monitoring, a
 * database refused on start when it cannot be used, SIGTERM, timeouts and connection limits.
 */
const stacks = serviceStacksForFile();

const portOf = (service: ServiceProcess) => Number(new URL(service.baseUrl).port);
/** How long an early refusal may take to close its connection: Node's own timeouts would take 15 s or more. */
const CLOSE_WAIT_MS = 5_000;

function lookupRequest(key: string, email = 'gmail.com') {
  const body = JSON.stringify({ email });
  return rawRequest(
    'POST',
    API_PATH,
    { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json', 'Content-Length': body.length },
    body,
  );
}

describe.each(BACKENDS)('health, readiness and metrics on %s', (backend) => {
  const stack = stacks.useStack(backend);

  it('answers /healthz and /readyz without a key, in the envelope', async () => {
    for (const [path, message] of [
      ['/healthz', MESSAGES.alive],
      ['/readyz', MESSAGES.ready],
    ] as const) {
      const response = await documentedFetch(`${stack.service.baseUrl}${path}`);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ success: true, message, data: null });
    }
    const post = await documentedFetch(`${stack.service.baseUrl}/readyz`, { method: 'POST' });
    expect(post.status).toBe(405);
    await post.body?.cancel();
  });

  it('counts requests by status, lookup time, DNS failures and credits spent in /metrics', async () => {
    const key = await stack.service.createKey({ credits: 10 });
    const asked = ['gmail.com', 'gmail.com', 'no-mx.example.com', 'dns-servfail.example.com'];
    const answers = await stack.service.lookUpEach(asked, key);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 404, 500]);
    expect((await stack.service.lookup({ email: 'gmail.com' }, null)).status).toBe(401);

    const response = await documentedFetch(`${stack.service.baseUrl}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await response.text();
    const value = (series: string) => Number(new RegExp(`^${series} (\\S+)$`, 'm').exec(text)?.[1]);
    expect(value('webmail_http_requests_total\\{endpoint="lookup",status="200"\\}')).toBe(2);
    expect(value('webmail_http_requests_total\\{endpoint="lookup",status="404"\\}')).toBe(1);
    expect(value('webmail_http_requests_total\\{endpoint="lookup",status="500"\\}')).toBe(1);
    expect(value('webmail_http_requests_total\\{endpoint="lookup",status="401"\\}')).toBe(1);
    expect(value('webmail_lookup_duration_seconds_count\\{cache="hit"\\}')).toBe(1);
    expect(value('webmail_lookup_duration_seconds_count\\{cache="miss"\\}')).toBe(3);
    expect(value('webmail_dns_failures_total')).toBe(1);
    expect(value('webmail_credits_spent_total')).toBe(2);
    expect(value('webmail_open_connections')).toBeGreaterThanOrEqual(1);
    expect(text).toContain('process_cpu_seconds_total');
  });
});

describe('readiness when the database goes away', () => {
  const stack = stacks.useStack('PostgreSQL');

  it('says not ready while PostgreSQL is down, alive all the same, and ready once it is back', async () => {
    const postgres = stacks.postgres();
    const { service } = stack;
    try {
      await postgres.halt();
      await vi.waitFor(
        async () => {
          const response = await documentedFetch(`${service.baseUrl}/readyz`);
          expect(response.status).toBe(503);
          expect(await response.json()).toEqual({ success: false, message: MESSAGES.notReady, data: null });
        },
        { timeout: 30_000, interval: 500 },
      );
      expect((await documentedFetch(`${service.baseUrl}/healthz`)).status).toBe(200);
      await postgres.resume();
      await vi.waitFor(
        async () => expect((await documentedFetch(`${service.baseUrl}/readyz`)).status).toBe(200),
        {
          timeout: 30_000,
          interval: 500,
        },
      );
    } finally {
      await postgres.resume().catch(() => {});
    }
  });
});

describe('a SQLite database that cannot be used is refused on start', () => {
  const stack = stacks.useStack('SQLite', { service: false });
  const dirs: string[] = [];
  const folder = () => {
    const dir = mkdtempSync(join(tmpdir(), 'webmail-refused-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => {
    for (const dir of dirs) {
      chmodSync(dir, 0o700);
      rmSync(dir, { recursive: true, force: true });
    }
  });

  /** A database with a key and a few hundred cached answers, closed cleanly (no write-ahead log left). */
  function databaseIn(dir: string): string {
    const path = join(dir, 'service.db');
    const storage = openSqliteStorage(path);
    for (let i = 0; i < 2_000; i++) storage.writeCache(`d${i}.example`, 404, { body: '{}', expiresAt: 1e13 });
    storage.close();
    return path;
  }

  it('refuses a file that is not a database, naming it', async () => {
    const path = join(folder(), 'service.db');
    writeFileSync(path, Buffer.from(Array.from({ length: 20_000 }, (_, i) => (i * 7919) % 256)));
    await expect(stack.startService({ DATABASE_PATH: path })).rejects.toThrow(
      new RegExp(`exited with 1:[\\s\\S]*${path} is corrupt or not a SQLite file`),
    );
  });

  it('refuses a database whose pages are damaged, though its header is sound', async () => {
    const path = databaseIn(folder());
    const bytes = readFileSync(path);
    for (let i = 3 * 4096; i < bytes.length; i++) bytes[i] = (i * 7) % 256;
    writeFileSync(path, bytes);
    await expect(stack.startService({ DATABASE_PATH: path })).rejects.toThrow(
      /exited with 1:[\s\S]*corrupt or not a SQLite file \(database disk image is malformed\)/,
    );
  });

  it.each([
    ['a read-only file', (_dir: string, path: string) => chmodSync(path, 0o444)],
    [
      'a database in a read-only folder (its write-ahead log goes beside it)',
      (dir: string) => chmodSync(dir, 0o555),
    ],
  ])('refuses %s', async (_case, makeReadOnly) => {
    const dir = folder();
    const path = databaseIn(dir);
    makeReadOnly(dir, path);
    await expect(stack.startService({ DATABASE_PATH: path }, { unprivileged: true })).rejects.toThrow(
      new RegExp(`exited with 1:[\\s\\S]*${path} cannot be written`),
    );
  });
});

describe('connections', () => {
  // Each test starts a service with the timeouts or limits it is about.
  const stack = stacks.useStack('SQLite', { service: false });

  it('on SIGTERM answers the request in flight with Connection: close, takes no more, and exits', async () => {
    const service = await stack.startService({ SHUTDOWN_TIMEOUT_SECONDS: '30' });
    const key = await service.createKey({ credits: 100 });
    const exited = new Promise<number | null>((resolve) => service.child.once('exit', resolve));
    const idle = await openRawConnection(portOf(service));
    const { head, body } = lookupRequest(key);
    idle.send(head + body);
    expect((await idle.nextResponse()).status).toBe(200);

    // A request in flight: its head is in, and 100 Continue says the handler is waiting for its body.
    const busy = await openRawConnection(portOf(service));
    busy.send(head + body);
    expect((await busy.nextResponse()).status).toBe(200);
    busy.send(head.replace('\r\n\r\n', '\r\nExpect: 100-continue\r\n\r\n'));
    expect((await busy.nextResponse()).status).toBe(100);

    service.child.kill('SIGTERM');
    // The idle connection closing says the service has begun to stop.
    await idle.closed;
    busy.send(body);
    const answered = await busy.nextResponse();
    expect(answered.status).toBe(200);
    expect(answered.headers.connection).toBe('close');
    // As the client that found this did: a request every 2 s on the same connection. None gets an answer.
    for (let i = 0; i < 3 && !busy.isClosed(); i++) {
      busy.send(head + body);
      await new Promise((resolve) => setTimeout(resolve, 2_000));
    }
    await busy.closed;
    expect(busy.responses.filter((response) => response.status === 200)).toHaveLength(2);
    expect(await exited).toBe(0);
    await expect(openRawConnection(portOf(service))).rejects.toThrow(/ECONNREFUSED/);
    await service.stop();
  });

  it('on SIGTERM cuts what is still in flight at SHUTDOWN_TIMEOUT_SECONDS, and exits', async () => {
    const service = await stack.startService({ SHUTDOWN_TIMEOUT_SECONDS: '1' });
    const key = await service.createKey({ credits: 100 });
    const exited = new Promise<number | null>((resolve) => service.child.once('exit', resolve));
    const stuck = await openRawConnection(portOf(service));
    stuck.send(lookupRequest(key).head.replace('\r\n\r\n', '\r\nExpect: 100-continue\r\n\r\n'));
    expect((await stuck.nextResponse()).status).toBe(100);
    service.child.kill('SIGTERM');
    await stuck.closed;
    expect(await exited).toBe(1);
    expect(service.output.join('\n')).toContain('Connections still open after 1 s were cut');
    await service.stop();
  });

  it('cuts a client trickling header lines at about HEADERS_TIMEOUT_SECONDS, with a 408', async () => {
    const headersTimeoutSeconds = 2;
    const service = await stack.startService({
      HEADERS_TIMEOUT_SECONDS: String(headersTimeoutSeconds),
    });
    const trickle = await openRawConnection(portOf(service));
    const started = performance.now();
    trickle.send(`POST ${API_PATH} HTTP/1.1\r\n`);
    for (let line = 0; line < 30 && !trickle.isClosed(); line++) {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      if (!trickle.isClosed()) trickle.send(`X-Trickle-${line}: still here\r\n`);
    }
    const heldSeconds = (performance.now() - started) / 1000;
    expect(trickle.isClosed()).toBe(true);
    // The timeout, one check of the connections (each second), and room for a loaded machine.
    expect(heldSeconds).toBeLessThan(headersTimeoutSeconds + 1 + 5);
    expect(heldSeconds).toBeGreaterThanOrEqual(headersTimeoutSeconds - 0.5);
    expect(trickle.responses[0]?.status).toBe(408);
  });

  it('takes no more than MAX_CONNECTIONS connections at once', async () => {
    const service = await stack.startService({ MAX_CONNECTIONS: '2' });
    const key = await service.createKey({ credits: 100 });
    const { head, body } = lookupRequest(key);
    const open = [await openRawConnection(portOf(service)), await openRawConnection(portOf(service))];
    for (const connection of open) {
      connection.send(head + body);
      expect((await connection.nextResponse()).status).toBe(200);
    }
    const third = await openRawConnection(portOf(service));
    third.send(head + body);
    await third.closed;
    expect(third.responses).toEqual([]);

    open[0]?.socket.destroy();
    await vi.waitFor(async () => {
      const next = await openRawConnection(portOf(service));
      next.send(head + body);
      expect((await next.nextResponse()).status).toBe(200);
      next.socket.destroy();
    });
  });

  describe('a refusal made before the body is read closes the connection instead of reading it', () => {
    const refusing = stacks.useStack('SQLite', { env: { RATE_LIMIT_PER_KEY: '1' }, credits: 100 });

    beforeAll(async () => {
      // The key's one request of its window: the next is past its rate limit.
      expect((await refusing.service.lookup({ email: 'gmail.com' }, refusing.key)).status).toBe(200);
    });

    const largeBody = { 'Content-Type': 'application/json', 'Content-Length': 1_000 };
    it.each([
      ['no route', () => rawRequest('POST', '/public_api/v1/nothing', largeBody), 404],
      ['a wrong method', () => rawRequest('PUT', API_PATH, largeBody), 405],
      ['no key', () => rawRequest('POST', API_PATH, largeBody), 401],
      [
        'an unknown key',
        () => rawRequest('POST', API_PATH, { ...largeBody, Authorization: 'Bearer wl_nobody' }),
        401,
      ],
      [
        'a key past its rate limit',
        () => rawRequest('POST', API_PATH, { ...largeBody, Authorization: `Bearer ${refusing.key}` }),
        429,
      ],
    ])('%s', async (_case, request, status) => {
      const connection = await openRawConnection(portOf(refusing.service));
      connection.send(`${request().head}{"email": "gmail`);
      const answer = await connection.nextResponse();
      expect(answer.status).toBe(status);
      expect(answer.headers.connection).toBe('close');
      expect(await closesWithin(connection, CLOSE_WAIT_MS)).toBe(true);
    });

    it('keeps the connection of a request it read and answered', async () => {
      const other = await refusing.service.createKey({ credits: 1 });
      const connection = await openRawConnection(portOf(refusing.service));
      const { head, body } = lookupRequest(other);
      connection.send(head + body);
      expect((await connection.nextResponse()).headers.connection).toBe('keep-alive');
      connection.socket.destroy();
    });
  });
});
