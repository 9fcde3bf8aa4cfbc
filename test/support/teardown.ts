/**
 * Closing what a test started, so that a close can never hang a hook: every server destroys its open
 * connections, every process that does not exit when asked is killed, and every wait has a bound of its own,
 * well under vitest's hookTimeout (vitest.config.ts), past which it fails saying what it is still waiting for.
 */
import type { ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import type { Server as NetServer, Socket } from 'node:net';

/**
 * How long a server may take to close once its connections are destroyed: destroying a socket closes it
 * within a turn of the event loop, so this is only ever reached by a close that is broken.
 */
export const SERVER_CLOSE_MS = 5_000;
/** How long a process has to exit after SIGKILL, which it cannot catch: the kernel's time to reap it. */
export const KILL_WAIT_MS = 10_000;
/** A whole teardown (closeAll): under vitest's hookTimeout of 120 s, so that this says what hangs, not vitest. */
export const TEARDOWN_MS = 90_000;

const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;

/**
 * Settles as `work` does, or fails once `ms` have passed with `what` (read then, so it can tell the state at
 * that moment: "page server on :41234 still has 2 open connections") followed by "after 5 s".
 */
export function within<T>(ms: number, what: string | (() => string), work: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const bound = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${typeof what === 'function' ? what() : what} after ${seconds(ms)}`)),
      ms,
    );
  });
  return Promise.race([work, bound]).finally(() => clearTimeout(timer));
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Something a test started and must stop: a server, a browser, a stack, or a function that stops it. */
export type Closable = { close(): unknown } | (() => unknown);

/**
 * Closes each part in the order given (a browser before the servers it talks to), every one of them even when
 * one fails, within `limitMs` for the whole: a part still closing then fails by its name, and a part not yet
 * begun is begun without being waited for. The failures are thrown together, each with its part's name.
 * Parts that are undefined (a hook whose beforeAll failed before starting them) are skipped.
 */
export async function closeAll(
  parts: Record<string, Closable | null | undefined>,
  limitMs = TEARDOWN_MS,
): Promise<void> {
  const deadline = Date.now() + limitMs;
  const failures: string[] = [];
  for (const [name, part] of Object.entries(parts)) {
    if (!part) continue;
    const closing = Promise.resolve().then(() => (typeof part === 'function' ? part() : part.close()));
    const left = deadline - Date.now();
    if (left <= 0) {
      closing.catch(() => {});
      failures.push(`${name}: not waited for, the teardown's ${seconds(limitMs)} were spent`);
      continue;
    }
    try {
      await within(left, `${name} is still closing`, closing);
    } catch (error) {
      failures.push(`${name}: ${messageOf(error)}`);
    }
  }
  if (failures.length > 0) throw new Error(`closing failed:\n- ${failures.join('\n- ')}`);
}

export interface ListeningServer {
  port: number;
  /**
   * Stops listening and destroys every open connection (kept alive, in a CONNECT tunnel, or in a TLS handshake
   * that never finished), then waits for the last to go, within SERVER_CLOSE_MS. A second call waits for the
   * first.
   */
  close(): Promise<void>;
}

/**
 * Listens on a loopback port, tracking each connection from the first. Node's `server.close()` waits for
 * every connection to end, and `closeAllConnections()` reaches only the HTTP requests it parses: not a
 * CONNECT tunnel, nor a TLS connection before its handshake ends. So this closes the sockets themselves.
 * `name` says which server a failure is about ("page server" → "page server on :41234").
 */
export async function listenOnLoopback(server: NetServer, name: string): Promise<ListeningServer> {
  const sockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const where = `${name} on :${port}`;
  let closed: Promise<void> | undefined;
  return {
    port,
    close() {
      closed ??= within(
        SERVER_CLOSE_MS,
        () => `${where} still has ${sockets.size} open connection${sockets.size === 1 ? '' : 's'}`,
        new Promise<void>((resolve, reject) => {
          server.close((error) => (error ? reject(error) : resolve()));
          for (const socket of sockets) socket.destroy();
        }),
      );
      return closed;
    },
  };
}

/** A process to end: a child of this one, or a process known by its id alone (a browser a library started). */
interface Running {
  pid: number;
  exited(): boolean;
  /** Resolves once the process has exited. */
  exit: Promise<void>;
}

export function runningChild(child: ChildProcess): Running {
  const exited = () => child.exitCode !== null || child.signalCode !== null;
  return {
    pid: child.pid ?? 0,
    exited,
    exit: exited() ? Promise.resolve() : new Promise((resolve) => child.once('exit', () => resolve())),
  };
}

/**
 * Whether a process with this id still runs. A zombie does not: it has exited, and waits for its parent to
 * read its status, which an orphan's new parent may never do (a container's init that reaps nothing).
 */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: there, and someone else's.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  try {
    // The state follows the command name, which may hold spaces and parentheses: after its last ')'.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    // No /proc (not Linux), or gone meanwhile: the signal's answer stands.
    return !existsSync('/proc');
  }
}

/** A process known by its id: its exit is seen by polling, as only its parent hears of it. */
export function runningProcess(pid: number): Running {
  let timer: ReturnType<typeof setInterval> | undefined;
  const exit = new Promise<void>((resolve) => {
    timer = setInterval(() => {
      if (isRunning(pid)) return;
      clearInterval(timer);
      resolve();
    }, 50);
    // A process that never goes keeps no test process alive by being watched.
    timer.unref();
  });
  return { pid, exited: () => !isRunning(pid), exit };
}

export interface EndOptions {
  /** Asks the process to exit: a signal, or a browser's own close. Its failure only leads to the kill. */
  ask(): unknown;
  /** How long the process has to exit once asked, before SIGKILL. */
  graceMs: number;
  /**
   * The process leads a process group of its own (spawned detached, as browsers are): SIGKILL goes to the
   * whole group, and once the leader has exited, what is left of the group (a browser's content processes)
   * is killed too.
   */
  group?: boolean;
  /** How long the process has to exit after SIGKILL before this fails: KILL_WAIT_MS unless told. */
  killWaitMs?: number;
}

const sigkill = (pid: number) => {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // Gone already.
  }
};

/**
 * Ends a process: asks it, then kills it with SIGKILL if it has not exited within the grace time; fails,
 * naming it ("Firefox (pid 123) has not exited, though killed with SIGKILL after 10 s"), if even that does
 * not end it.
 */
export async function endProcess(running: Running, name: string, options: EndOptions): Promise<void> {
  const { pid } = running;
  const label = `${name} (pid ${pid})`;
  try {
    if (running.exited()) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const grace = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, options.graceMs);
    });
    const asked = Promise.resolve()
      .then(() => options.ask())
      .catch(() => {});
    // Asked and exited, or out of time: a close that answers is not proof of an exit.
    await Promise.race([asked.then(() => running.exit), grace]).finally(() => clearTimeout(timer));
    if (running.exited()) return;
    sigkill(options.group ? -pid : pid);
    await within(
      options.killWaitMs ?? KILL_WAIT_MS,
      `${label} has not exited, though killed with SIGKILL`,
      running.exit,
    );
  } finally {
    if (options.group) sigkill(-pid);
  }
}

/** How long a helper process of a test (not the service, which drains first) has to exit on SIGTERM. */
export const CHILD_GRACE_MS = 5_000;

/** Ends a child process of a test: SIGTERM, then SIGKILL when it has not exited within `graceMs`. */
export function stopChild(child: ChildProcess, name: string, graceMs = CHILD_GRACE_MS): Promise<void> {
  return endProcess(runningChild(child), name, { ask: () => child.kill('SIGTERM'), graceMs });
}
