import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { endProcess, runningProcess } from './teardown.ts';

const run = promisify(execFile);
const POSTGRES_ROOT = '/usr/lib/postgresql';
/** PostgreSQL refuses to run as root; the tests run it as this user when they are root. */
const UNPRIVILEGED_USER = 'nobody';
/**
 * Start-up and shutdown on a busy 2-core machine, or one three times slower, with room to spare (a start took
 * 0.8 to 1.4 s at load 12 here); under a hook's 120 s, so that a failure is pg_ctl's own message.
 */
const PG_CTL_TIMEOUT_SECONDS = 60;
/**
 * Stopping at the end of a test file, well within a hook's time: a fast shutdown (connections cut), then an
 * immediate one (no checkpoint, as after a crash: the data folder is removed next), then SIGKILL.
 */
const STOP_FAST_SECONDS = 20;
const STOP_IMMEDIATE_SECONDS = 10;

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

/**
 * The running server's postmaster, from the file it keeps while it runs; undefined when there is none. A
 * file left by a server that died may name a process id now someone else's: only a postgres serving `data`
 * counts.
 */
function postmasterOf(data: string): number | undefined {
  try {
    const pid = Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
    const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    return args.includes(data) ? pid : undefined;
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

/** How the tests run PostgreSQL's programs: as an unprivileged user when they run as root. */
interface PostgresTools {
  run(tool: string, args: string[]): Promise<unknown>;
  /** Gives a folder the tools create files in to the user they run as. */
  own(dir: string): Promise<void>;
}

function postgresTools(bin: string): PostgresTools {
  if (process.getuid?.() !== 0)
    return { run: (tool, args) => run(join(bin, tool), args), own: async () => {} };
  return {
    run: (tool, args) => run('runuser', ['-u', UNPRIVILEGED_USER, '--', join(bin, tool), ...args]),
    async own(dir) {
      const { stdout: user } = await run('id', ['-u', UNPRIVILEGED_USER]);
      const { stdout: group } = await run('id', ['-g', UNPRIVILEGED_USER]);
      chownSync(dir, Number(user), Number(group));
    },
  };
}

/** The `postgres` role with trust authentication, UTF-8, and no sync to disk while the files are made. */
const INITDB_OPTIONS = ['-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync'];

/**
 * Puts a new cluster at `data`, a copy of a template made once per server version and user: initdb takes
 * seconds on a busy machine, a copy a fraction of one. The template is made aside and renamed into place,
 * so a test file starting at the same moment sees a whole one or none; the temp folder keeps it for the
 * next run.
 */
async function newCluster(bin: string, tools: PostgresTools, data: string): Promise<void> {
  const version = basename(dirname(bin));
  const template = join(tmpdir(), `webmail-pg-template-${version}-${process.getuid?.() ?? 'user'}`);
  if (!existsSync(join(template, 'global', 'pg_control'))) {
    const staging = mkdtempSync(join(tmpdir(), 'webmail-pg-staging-'));
    await tools.own(staging);
    await tools.run('initdb', ['-D', join(staging, 'data'), ...INITDB_OPTIONS]);
    // Only a template a start left unfinished is replaced; a whole one made meanwhile is kept.
    if (existsSync(template) && !existsSync(join(template, 'global', 'pg_control')))
      rmSync(template, { recursive: true, force: true });
    try {
      renameSync(join(staging, 'data'), template);
    } catch {
      // Another test file made it first.
    }
    rmSync(staging, { recursive: true, force: true });
  }
  // -a keeps the owner and the 0700 mode PostgreSQL insists on.
  await run('cp', ['-a', template, data]);
}

/**
 * A PostgreSQL server of its own for a test file: a temporary data directory, a loopback port, no Unix
 * socket, trust authentication for the `postgres` role. Run as an unprivileged user when the tests run as
 * root. Nothing of the system's own cluster is used. fsync is off: the tests kill service processes and
 * restart PostgreSQL cleanly, never the machine, and fsync guards only against power loss.
 */
export async function startPostgres(): Promise<PostgresServer> {
  const bin = binDirectory();
  const tools = postgresTools(bin);
  const dir = mkdtempSync(join(tmpdir(), 'webmail-pg-'));
  const data = join(dir, 'data');
  await tools.own(dir);
  await newCluster(bin, tools, data);
  const port = await freePort();
  const options = [
    `-p ${port}`,
    '-c listen_addresses=127.0.0.1',
    "-c unix_socket_directories=''",
    '-c fsync=off',
    '-c max_connections=200',
  ].join(' ');
  const resume = async () => {
    await tools.run('pg_ctl', [
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
  const pgCtlStop = async (mode: 'fast' | 'immediate', seconds: number) => {
    await tools.run('pg_ctl', ['stop', '-D', data, '-m', mode, '-w', '-t', String(seconds)]);
  };
  const halt = () => pgCtlStop('fast', PG_CTL_TIMEOUT_SECONDS);
  /** Stops it for good, and fails saying so if even SIGKILL did not; a halted server has nothing to stop. */
  const shutDown = async () => {
    try {
      await pgCtlStop('fast', STOP_FAST_SECONDS);
    } catch {
      await pgCtlStop('immediate', STOP_IMMEDIATE_SECONDS).catch(() => {});
    }
    const postmaster = postmasterOf(data);
    if (postmaster === undefined) return;
    await endProcess(runningProcess(postmaster), 'the PostgreSQL server', {
      ask: () => process.kill(postmaster, 'SIGKILL'),
      graceMs: 0,
    });
  };
  await resume();
  return serverHandle({ port, dir, data, halt, resume, shutDown });
}

/** The handle on a started server. */
function serverHandle({
  port,
  dir,
  data,
  halt,
  resume,
  shutDown,
}: {
  port: number;
  dir: string;
  data: string;
  halt(): Promise<void>;
  resume(): Promise<void>;
  shutDown(): Promise<void>;
}): PostgresServer {
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
      const postmaster = postmasterOf(data);
      if (postmaster === undefined) throw new Error('PostgreSQL is not running: it keeps no postmaster.pid');
      const children = readdirSync('/proc')
        .filter((name) => /^\d+$/.test(name))
        .map(Number)
        .filter((pid) => parentOf(pid) === postmaster);
      return [postmaster, ...children];
    },
    async stop() {
      await shutDown();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
