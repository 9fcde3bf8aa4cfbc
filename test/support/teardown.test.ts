import { type ChildProcess, spawn } from 'node:child_process';
import { createServer, request } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  closeAll,
  endProcess,
  isRunning,
  type ListeningServer,
  listenOnLoopback,
  runningChild,
  stopChild,
  within,
} from './teardown.ts';

const never = () => new Promise<never>(() => {});

describe('within', () => {
  it('gives what the work gives, when it settles in time', async () => {
    await expect(within(1_000, 'the work', Promise.resolve(42))).resolves.toBe(42);
    await expect(within(1_000, 'the work', Promise.reject(new Error('its own error')))).rejects.toThrow(
      'its own error',
    );
  });

  it('fails saying what it is still waiting for, read when the time is up', async () => {
    let connections = 2;
    const waiting = within(
      100,
      () => `page server on :4321 still has ${connections} open connections`,
      never(),
    );
    connections = 1;
    await expect(waiting).rejects.toThrow('page server on :4321 still has 1 open connections after 0.1 s');
  });
});

describe('closeAll', () => {
  it('closes each part in order, skipping those never started', async () => {
    const closed: string[] = [];
    await closeAll({
      browser: { close: async () => void closed.push('browser') },
      backend: undefined,
      host: () => void closed.push('host'),
    });
    expect(closed).toEqual(['browser', 'host']);
  });

  it('fails with the name of a part whose close never ends, and still closes the parts after it', async () => {
    const closed: string[] = [];
    const closing = closeAll(
      {
        browser: { close: never },
        'loopback host': () => void closed.push('loopback host'),
      },
      200,
    );
    await expect(closing).rejects.toThrow(/browser: browser is still closing after 0\.2 s/);
    // Begun though the time was spent: no server is left open for the next test file.
    expect(closed).toEqual(['loopback host']);
  });

  it('says each part that failed, by name', async () => {
    const closing = closeAll({
      Firefox: () => {
        throw new Error('Firefox (pid 123) has not exited');
      },
      backend: async () => {
        throw new Error('DNS fixture server on :53 is still open');
      },
    });
    await expect(closing).rejects.toThrow(
      'closing failed:\n- Firefox: Firefox (pid 123) has not exited\n- backend: DNS fixture server on :53 is still open',
    );
  });
});

/** A client's socket to `port`, connected. */
async function connected(port: number): Promise<Socket> {
  const socket = connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  socket.on('error', () => {});
  return socket;
}

const closedSocket = (socket: Socket) =>
  new Promise<void>((resolve) => socket.once('close', () => resolve()));

describe('listenOnLoopback: a server closes whatever its clients hold open', () => {
  let server: ListeningServer | undefined;
  afterEach(() => closeAll({ server }));

  it('a kept-alive HTTP connection, idle after its answer', async () => {
    server = await listenOnLoopback(
      createServer((_request, response) => response.end('ok')),
      'page server',
    );
    const socket = await connected(server.port);
    socket.write('GET / HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\n\r\n');
    await new Promise((resolve) => socket.once('data', resolve));
    const gone = closedSocket(socket);
    await server.close();
    await gone;
  });

  it('a request it never answers', async () => {
    server = await listenOnLoopback(
      createServer(() => {}),
      'page server',
    );
    const socket = await connected(server.port);
    socket.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n');
    const gone = closedSocket(socket);
    await server.close();
    await gone;
  });

  it('a CONNECT tunnel, which is no request of HTTP', async () => {
    const proxy = createServer();
    proxy.on('connect', (_request, client: Socket) =>
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n'),
    );
    server = await listenOnLoopback(proxy, 'tunnel proxy');
    const tunnel = await new Promise<Socket>((resolve, reject) => {
      const asked = request({
        host: '127.0.0.1',
        port: server?.port,
        method: 'CONNECT',
        path: 'a.example:443',
      });
      asked.once('connect', (_response, socket) => resolve(socket)).once('error', reject);
      asked.end();
    });
    const gone = closedSocket(tunnel);
    await server.close();
    await gone;
  });

  it('a TLS connection whose handshake never began', async () => {
    // No certificate is needed: the client never sends its hello, so the server never uses one.
    server = await listenOnLoopback(createTlsServer({}), 'page server of a.example');
    const socket = await connected(server.port);
    const gone = closedSocket(socket);
    await server.close();
    await gone;
  });

  it('closing twice waits for the one close', async () => {
    server = await listenOnLoopback(createServer(), 'page server');
    await Promise.all([server.close(), server.close()]);
  });
});

/** A Node child process running `code`, once it says it is ready; `said` is what it wrote before. */
async function child(
  code: string,
  options: { detached?: boolean } = {},
): Promise<ChildProcess & { said: string }> {
  const started = spawn(process.execPath, ['-e', `${code};console.log('ready')`], {
    stdio: ['ignore', 'pipe', 'inherit'],
    ...options,
  });
  let output = '';
  await new Promise<void>((resolve) => {
    started.stdout?.on('data', (data) => {
      output += String(data);
      if (output.endsWith('ready\n')) resolve();
    });
  });
  return Object.assign(started, { said: output.slice(0, -'ready\n'.length) });
}

const IGNORES_SIGTERM = "process.on('SIGTERM', () => {}); setInterval(() => {}, 1000)";

describe('endProcess', () => {
  const started: ChildProcess[] = [];
  /** Processes a test started that are no child of this one (a grandchild), killed whatever the outcome. */
  const others: number[] = [];
  afterEach(() => {
    for (const running of started.splice(0)) running.kill('SIGKILL');
    for (const pid of others.splice(0)) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // Gone, as it should be.
      }
    }
  });

  it('kills a process that does not exit when asked', async () => {
    const stubborn = await child(IGNORES_SIGTERM);
    started.push(stubborn);
    await stopChild(stubborn, 'a stubborn helper', 100);
    expect(stubborn.signalCode).toBe('SIGKILL');
  });

  it('kills a process whose close answered but which has not exited (as puppeteer closes Firefox)', async () => {
    const browser = await child(IGNORES_SIGTERM);
    started.push(browser);
    let asked = false;
    await endProcess(runningChild(browser), 'Firefox', {
      ask: async () => {
        asked = true;
      },
      graceMs: 100,
    });
    expect(asked).toBe(true);
    expect(browser.signalCode).toBe('SIGKILL');
  });

  it('lets a process that exits when asked exit by itself', async () => {
    const polite = await child('setInterval(() => {}, 1000)');
    started.push(polite);
    await stopChild(polite, 'a helper', 10_000);
    expect(polite.signalCode).toBe('SIGTERM');
  });

  it('ends what is left of a process group once its leader has gone (a browser’s content processes)', async () => {
    const leader = await child(
      `const c = require('node:child_process').spawn(process.execPath, ['-e', ${JSON.stringify(IGNORES_SIGTERM)}], { stdio: 'ignore' }); console.log(c.pid)`,
      { detached: true },
    );
    started.push(leader);
    const grandchild = Number(leader.said);
    others.push(grandchild);
    expect(isRunning(grandchild)).toBe(true);
    await endProcess(runningChild(leader), 'a browser', {
      ask: () => leader.kill('SIGTERM'),
      graceMs: 5_000,
      group: true,
    });
    await expect.poll(() => isRunning(grandchild)).toBe(false);
  });

  it('fails naming the process when even SIGKILL does not end it in time', async () => {
    const stubborn = await child(IGNORES_SIGTERM);
    started.push(stubborn);
    // A process whose exit is never seen stands for one the kernel cannot reap (stuck in a disk wait).
    const unseen = { pid: stubborn.pid ?? 0, exited: () => false, exit: never() };
    await expect(
      endProcess(unseen, 'Firefox', { ask: () => {}, graceMs: 50, killWaitMs: 100 }),
    ).rejects.toThrow(`Firefox (pid ${stubborn.pid}) has not exited, though killed with SIGKILL after 0.1 s`);
  });
});
