import { execFile, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATH } from '#core/webmail-info.ts';
import { type DnsFixtureServer, startDnsFixtureServer } from '../support/dns-fixture-server.ts';
import { documentedFetch } from '../support/openapi-answers.ts';
import { closeAll } from '../support/teardown.ts';
import {
  INSTALL_COMMAND,
  INSTALL_INPUTS,
  KEYS_COMMAND,
  SERVICE_FILES,
  START_COMMAND,
} from './production-commands.ts';

const run = promisify(execFile);
const ROOT = new URL('../..', import.meta.url).pathname;
/**
 * npm ci compiles better-sqlite3 (node-gyp) from npm's cache: about two minutes of both cores here, and a
 * machine three times slower gets room for it.
 */
const INSTALL_TIMEOUT_MS = 12 * 60_000;
const STARTUP_TIMEOUT_MS = 60_000;

/**
 * The service from a production install (`npm ci --omit=dev`), as docs/self-hosting.md tells an operator to
 * run it and the Dockerfile builds it (production-commands.ts): the manifest and lockfile, the install, then
 * the service's files; no tests' support, no extension build. Fails, never skips, when something the service
 * needs at run time is only a dev dependency, or is not among the files a deployment copies.
 */
describe('a production install (npm ci --omit=dev)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'webmail-production-'));
  let dns: DnsFixtureServer;
  let install: { stdout: string; stderr: string };

  beforeAll(async () => {
    dns = await startDnsFixtureServer();
    const copy = (entry: string) => cpSync(join(ROOT, entry), join(dir, entry), { recursive: true });
    for (const entry of INSTALL_INPUTS) copy(entry);
    const [npm = 'npm', ...installArgs] = INSTALL_COMMAND;
    install = await run(npm, installArgs, {
      cwd: dir,
      timeout: INSTALL_TIMEOUT_MS,
      maxBuffer: 64 * 1024 * 1024,
    });
    for (const entry of SERVICE_FILES) copy(entry);
  }, INSTALL_TIMEOUT_MS + 60_000);

  afterAll(() =>
    closeAll({
      'DNS fixture server': dns,
      'the install': () => rmSync(dir, { recursive: true, force: true }),
    }),
  );

  const keysIn = (...args: string[]) =>
    run(KEYS_COMMAND[0] ?? 'npm', [...KEYS_COMMAND.slice(1), ...args], {
      cwd: dir,
      env: { ...process.env, DATABASE_PATH: join(dir, 'data', 'service.db') },
    });

  it('installs the service’s packages only, and every install script it runs is reviewed', async () => {
    expect(`${install.stdout}\n${install.stderr}`).not.toMatch(/allowScripts|install scripts/i);
    const { stdout } = await run('npm', ['approve-scripts', '--allow-scripts-pending'], { cwd: dir });
    expect(stdout).toContain('No packages with unreviewed install scripts');
    for (const needed of ['better-sqlite3', 'pg', 'tsx', 'zod', 'prom-client', 'yaml'])
      expect(existsSync(join(dir, 'node_modules', needed))).toBe(true);
    for (const extensionOnly of ['react', 'wxt', 'vitest', 'zustand', 'playwright-core'])
      expect(existsSync(join(dir, 'node_modules', extensionOnly))).toBe(false);
  });

  it(
    'starts as docs/self-hosting.md says, is ready, serves its OpenAPI document, answers a lookup, and stops on SIGTERM',
    async () => {
      const created = await keysIn('create', '--credits', '1');
      const key = created.stdout.trim().split('\n').at(-1) ?? '';
      // START_COMMAND's node is the one running the tests.
      const child = spawn(process.execPath, START_COMMAND.slice(1), {
        cwd: dir,
        env: {
          ...process.env,
          PORT: '0',
          DATABASE_PATH: join(dir, 'data', 'service.db'),
          DNS_SERVERS: dns.address,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
      try {
        const output: string[] = [];
        const baseUrl = await new Promise<string>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error(output.join(''))), STARTUP_TIMEOUT_MS);
          const collect = (chunk: Buffer) => {
            output.push(chunk.toString());
            const match = /listening on (http:\/\/\S+)/.exec(output.join(''));
            if (match?.[1]) {
              clearTimeout(timer);
              resolve(match[1]);
            }
          };
          child.stdout.on('data', collect);
          child.stderr.on('data', collect);
          child.once('exit', (code) => reject(new Error(`exited with ${code}:\n${output.join('')}`)));
        });
        expect((await documentedFetch(`${baseUrl}/readyz`)).status).toBe(200);
        expect((await documentedFetch(`${baseUrl}/openapi.json`)).status).toBe(200);
        const response = await documentedFetch(`${baseUrl}${API_PATH}`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({ email: 'someone@gmail.com' }),
        });
        expect(response.status).toBe(200);
        expect((await response.json()).data.nice_name).toBe('Gmail');
      } finally {
        child.kill('SIGTERM');
      }
      expect(await exited).toBe(0);
    },
    STARTUP_TIMEOUT_MS,
  );
});
