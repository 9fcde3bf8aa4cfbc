import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadConfig } from '../../server/config.ts';
import { type ServiceProcess, startServiceProcess } from '../support/service-process.ts';
import { INSTALL_COMMAND, INSTALL_INPUTS, SERVICE_FILES, START_COMMAND } from './production-commands.ts';

/**
 * The container recipe (Dockerfile, compose.yaml, .dockerignore) read as text: no container engine runs
 * here. Every command it runs is one production-install.test.ts runs (production-commands.ts), and its health
 * check is run against the service.
 */
const run = promisify(execFile);
const ROOT = new URL('../..', import.meta.url).pathname;
const read = (file: string) => readFileSync(`${ROOT}/${file}`, 'utf8');

interface Instruction {
  keyword: string;
  args: string;
  /** The stage it belongs to, by its name (`AS`) or its number. */
  stage: string;
}

/** The Dockerfile's instructions, comments and blank lines left out and continued lines joined. */
function dockerfileInstructions(text: string): Instruction[] {
  const instructions: Instruction[] = [];
  let stage = '';
  let stages = 0;
  const lines = text
    .replace(/\\\n/g, ' ')
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.trimStart().startsWith('#'));
  for (const line of lines) {
    const [, keyword = '', args = ''] = /^\s*(\w+)\s+(.*)$/.exec(line) ?? [];
    if (keyword.toUpperCase() === 'FROM') stage = /\bAS\s+(\S+)/i.exec(args)?.[1] ?? String(stages);
    if (keyword.toUpperCase() === 'FROM') stages += 1;
    instructions.push({ keyword: keyword.toUpperCase(), args: args.trim(), stage });
  }
  return instructions;
}

const instructions = dockerfileInstructions(read('Dockerfile'));
const finalStage = instructions.at(-1)?.stage;
const of = (keyword: string, stage?: string) =>
  instructions.filter((i) => i.keyword === keyword && (stage === undefined || i.stage === stage));
/** An instruction's arguments in exec form (a JSON array), after its options (`--interval=10s`). */
const execForm = (args: string) => JSON.parse(args.replace(/^(--\S+\s+)*(CMD\s+)?/, '')) as string[];
/** A COPY's sources, without its options and its destination. */
const copied = (args: string) =>
  args
    .replace(/^(--\S+\s+)*/, '')
    .split(/\s+/)
    .slice(0, -1);
/** ENV's variables as the final stage sets them (KEY=value pairs, no spaces in values). */
const env = Object.fromEntries(
  of('ENV', finalStage).flatMap((i) =>
    i.args.split(/\s+/).map((pair) => pair.split('=') as [string, string]),
  ),
);

describe('the Dockerfile', () => {
  it('installs as the production-install test does: the manifest and lockfile, then npm ci --omit=dev', () => {
    const installRuns = of('RUN').filter((i) => i.args.startsWith('npm'));
    expect(installRuns.map((i) => i.args)).toEqual([INSTALL_COMMAND.join(' ')]);
    const stage = installRuns[0]?.stage;
    expect(of('COPY', stage).flatMap((i) => copied(i.args))).toEqual([...INSTALL_INPUTS]);
  });

  it('runs nothing else but the making of the database’s folder, as the service’s user', () => {
    const others = of('RUN').filter((i) => !i.args.startsWith('npm'));
    expect(others.map((i) => i.args)).toEqual([`mkdir ${dirname(env.DATABASE_PATH ?? '')}`]);
    const userBefore = instructions
      .slice(0, instructions.indexOf(others[0] as Instruction))
      .findLast((i) => i.keyword === 'USER');
    expect(userBefore?.args).toBe('node');
  });

  it('copies into the image what the production-install test deploys, and the installed packages', () => {
    const copies = of('COPY', finalStage);
    const fromInstall = copies.filter((i) => i.args.startsWith('--from='));
    expect(fromInstall.map((i) => i.args)).toEqual([
      `--from=${of('RUN')[0]?.stage} /app/node_modules ./node_modules`,
    ]);
    const own = copies.filter((i) => !i.args.startsWith('--from='));
    expect(own.flatMap((i) => copied(i.args))).toEqual([...INSTALL_INPUTS, ...SERVICE_FILES]);
    // Each where the production install has it, under the working folder the service starts in.
    for (const { args } of own) {
      const sources = copied(args);
      expect(args.split(/\s+/).at(-1)).toBe(sources.length === 1 ? `./${sources[0]}` : './');
    }
    expect(of('WORKDIR', finalStage).map((i) => i.args)).toEqual(['/app']);
  });

  it('starts the service as the production install does, in exec form, as a user that is not root', () => {
    expect(execForm(of('CMD').at(-1)?.args ?? '')).toEqual(START_COMMAND);
    expect(of('ENTRYPOINT')).toEqual([]);
    const user = of('USER', finalStage).at(-1)?.args;
    expect(user).toBeDefined();
    expect(['root', '0']).not.toContain(user?.split(':')[0]);
  });

  it('listens on every address of the container, on the port it exposes', () => {
    expect(env.HOST).toBe('0.0.0.0');
    expect(of('EXPOSE', finalStage).map((i) => i.args)).toEqual([env.PORT]);
  });

  it('sends the engine only what it copies', () => {
    const lines = read('.dockerignore')
      .split('\n')
      .filter((line) => line.trim() !== '' && !line.startsWith('#'));
    expect(lines).toEqual(['*', ...[...INSTALL_INPUTS, ...SERVICE_FILES].map((entry) => `!${entry}`)]);
  });
});

describe('the Dockerfile’s health check', () => {
  let service: ServiceProcess;
  const [command, flag, script] = execForm(of('HEALTHCHECK').at(-1)?.args ?? '');

  beforeAll(async () => {
    service = await startServiceProcess({});
  });
  afterAll(async () => {
    await service?.stop();
  });

  /** The check's exit code, run as the engine runs it, against whatever listens on `port`. */
  async function check(port: string): Promise<number> {
    try {
      await run(process.execPath, [flag ?? '', script ?? ''], { env: { ...process.env, PORT: port } });
      return 0;
    } catch (error) {
      return (error as { code?: number }).code ?? -1;
    }
  }

  it('is node asking /readyz, and passes while the service is ready', async () => {
    expect([command, flag]).toEqual(['node', '-e']);
    expect(await check(new URL(service.baseUrl).port)).toBe(0);
  });

  it('fails when /readyz says not ready (503)', async () => {
    const notReady = createServer((request, response) => {
      response.writeHead(request.url === '/readyz' ? 503 : 200).end();
    });
    await new Promise<void>((resolve) => notReady.listen(0, '127.0.0.1', resolve));
    try {
      expect(await check(String((notReady.address() as AddressInfo).port))).toBe(1);
    } finally {
      notReady.closeAllConnections();
      await new Promise((resolve) => notReady.close(resolve));
    }
  });

  it('fails when nothing answers', async () => {
    const port = new URL(service.baseUrl).port;
    await service.stop();
    expect(await check(port)).toBe(1);
  });
});

describe('compose.yaml', () => {
  const compose = parse(read('compose.yaml')) as {
    services: Record<string, Record<string, unknown> & { environment?: Record<string, string> }>;
  };
  const { service, postgres } = compose.services;

  it('builds the service from the Dockerfile and starts it as the Dockerfile does', () => {
    expect(service?.build).toBe('.');
    for (const override of ['command', 'entrypoint', 'user', 'init'])
      expect(service?.[override]).toBeUndefined();
  });

  it('points the service at its PostgreSQL, and waits until it is ready', () => {
    const url = new URL(
      String(service?.environment?.DATABASE_URL).replace(/\$\{POSTGRES_PASSWORD[^}]*\}/, 'password'),
    );
    const db = postgres?.environment ?? {};
    expect([url.protocol, url.hostname, url.username, url.pathname]).toEqual([
      'postgres:',
      'postgres',
      db.POSTGRES_USER,
      `/${db.POSTGRES_DB}`,
    ]);
    expect(service?.depends_on).toEqual({ postgres: { condition: 'service_healthy' } });
  });

  it('publishes the port the image listens on, and gives the service more time to stop than it takes', () => {
    expect(service?.ports).toEqual([`127.0.0.1:${env.PORT}:${env.PORT}`]);
    const grace = Number(/^(\d+)s$/.exec(String(service?.stop_grace_period))?.[1]);
    expect(grace).toBeGreaterThan(loadConfig({}).SHUTDOWN_TIMEOUT_SECONDS);
  });
});
