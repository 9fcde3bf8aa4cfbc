import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);
const POSTGRES_ROOT = '/usr/lib/postgresql';
/** PostgreSQL refuses to run as root; the tests run it as this user when they are root. */
const UNPRIVILEGED_USER = 'nobody';
/** Start-up, shutdown and initdb on a busy 2-core machine, or one three times slower, with room to spare. */
const PG_CTL_TIMEOUT_SECONDS = 120;

export interface PostgresServer {
  /** The URL of a database on this server. */
  url(database?: string): string;
  /** Creates an empty database and returns its URL. */
  createDatabase(): Promise<string>;
  /** Stops the server as an administrator would (fast: open connections are cut), keeping its data. */
  halt(): Promise<void>;
  /** Starts a halted server again, on the same port with the same data. */
  resume(): Promise<void>;
  /** Stops the server and removes its data directory. */
  stop(): Promise<void>;
  /** The server's processes now (Linux): the postmaster first, then its backends and helpers. */
  processIds(): number[];
}

/** The parent of a process, from /proc; undefined once it is gone. */
function parentOf(pid: number): number | undefined {
  try {
    // The command name (field 2) may hold spaces; the fields after its closing parenthesis do not.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return undefined;
  }
}

/** The newest installed server's bin directory; a clear failure, never a skip, when there is none. */
function binDirectory(): string {
  const versions = existsSync(POSTGRES_ROOT)
    ? readdirSync(POSTGRES_ROOT)
        .filter((version) => existsSync(join(POSTGRES_ROOT, version, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions[0] === undefined) {
    throw new Error(
      `PostgreSQL is not installed (no ${POSTGRES_ROOT}/<version>/bin/initdb): the service's tests run against it. ` +
        'Install Debian\'s package with "apt-get install -y postgresql" (.ci/run does).',
    );
  }
  return join(POSTGRES_ROOT, versions[0], 'bin');
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * A PostgreSQL server of its own for a test file: a temporary data directory (initdb), a loopback port, no
 * Unix socket, trust authentication for the `postgres` role. Run as an unprivileged user when the tests run
 * as root. Nothing of the system's own cluster is used. fsync is off: the tests kill service processes and
 * restart PostgreSQL cleanly, never the machine, and fsync guards only against power loss.
 */
export async function startPostgres(): Promise<PostgresServer> {
  const bin = binDirectory();
  const dir = mkdtempSync(join(tmpdir(), 'webmail-pg-'));
  const data = join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const { stdout } = await run('id', ['-u', UNPRIVILEGED_USER]);
    const { stdout: group } = await run('id', ['-g', UNPRIVILEGED_USER]);
    chownSync(dir, Number(stdout), Number(group));
  }
  const postgresTool = (tool: string, args: string[]) =>
    asRoot
      ? run('runuser', ['-u', UNPRIVILEGED_USER, '--', join(bin, tool), ...args])
      : run(join(bin, tool), args);

  const port = await freePort();
  await postgresTool('initdb', [
    '-D',
    data,
    '-U',
    'postgres',
    '-A',
    'trust',
    '-E',
    'UTF8',
    '--locale=C',
    '--no-sync',
  ]);
  const options = [
    `-p ${port}`,
    '-c listen_addresses=127.0.0.1',
    "-c unix_socket_directories=''",
    '-c fsync=off',
    '-c max_connections=200',
  ].join(' ');
  const resume = async () => {
    await postgresTool('pg_ctl', [
      'start',
      '-D',
      data,
      '-l',
      join(dir, 'server.log'),
      '-o',
      options,
      '-w',
      '-t',
      String(PG_CTL_TIMEOUT_SECONDS),
    ]);
  };
  const halt = async () => {
    await postgresTool('pg_ctl', [
      'stop',
      '-D',
      data,
      '-m',
      'fast',
      '-w',
      '-t',
      String(PG_CTL_TIMEOUT_SECONDS),
    ]);
  };
  await resume();

  const url = (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`;
  let databases = 0;
  return {
    url,
    async createDatabase() {
      const name = `service_${++databases}`;
      const client = new pg.Client(url());
      await client.connect();
      try {
        await client.query(`CREATE DATABASE ${name}`);
      } finally {
        await client.end();
      }
      return url(name);
    },
    halt,
    resume,
    processIds() {
      const postmaster = Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
      const children = readdirSync('/proc')
        .filter((name) => /^\d+$/.test(name))
        .map(Number)
        .filter((pid) => parentOf(pid) === postmaster);
      return [postmaster, ...children];
    },
    async stop() {
      // A halted server has nothing left to stop.
      await halt().catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
