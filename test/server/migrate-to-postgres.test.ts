import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { backendsForFile, dnsFixtureForFile } from '../support/backends.ts';
import { startServiceProcess } from '../support/service-process.ts';

const run = promisify(execFile);
const backends = backendsForFile();
const dns = dnsFixtureForFile();

/** `npm run server -- migrate-to-postgres …`, as an operator runs it. */
const migrate = (...args: string[]) =>
  run('npm', ['run', '--silent', 'server', '--', 'migrate-to-postgres', ...args], {
    cwd: new URL('../..', import.meta.url).pathname,
  });

describe('moving a SQLite database to PostgreSQL (npm run server -- migrate-to-postgres)', () => {
  it('copies keys, balances and cached answers, so the service on PostgreSQL goes on where SQLite stopped', async () => {
    const env = { DNS_SERVERS: dns.address, DNS_TIMEOUT_MS: '400' };
    const before = await startServiceProcess(env);
    const spender = await before.createKey({ credits: 5 });
    const subscriber = await before.createKey({ credits: 2, subscriptionDays: 30, allowance: 7 });
    expect((await before.lookup({ email: 'gmail.com' }, spender)).status).toBe(200);
    const balances = [await before.balance(spender), await before.balance(subscriber)];
    await before.kill();

    const url = (await backends.postgresFor('PostgreSQL')?.createDatabase()) ?? expect.unreachable();
    const from = before.databaseEnv.DATABASE_PATH ?? expect.unreachable();
    const { stdout } = await migrate('--from', from, '--to', url);
    expect(stdout).toContain('Copied 2 accounts, 2 keys and 1 cached answers');
    expect(stdout).not.toContain('postgres://');

    const after = await startServiceProcess({ ...env, DATABASE_URL: url });
    try {
      expect([await after.balance(spender), await after.balance(subscriber)]).toEqual(balances);
      const asked = dns.queries.get('gmail.com');
      expect((await after.lookup({ email: 'gmail.com' }, spender)).status).toBe(200);
      expect(dns.queries.get('gmail.com')).toBe(asked);
      expect(await after.balance(spender)).toMatchObject({ credits: 3, lookups: 2 });
      // New accounts are numbered after the copied ones.
      const newcomer = await after.createKey({ credits: 1 });
      expect((await after.lookup({ email: 'gmail.com' }, newcomer)).status).toBe(200);

      await expect(migrate('--from', from, '--to', url)).rejects.toMatchObject({
        code: 2,
        stderr: expect.stringContaining('already holds accounts'),
      });
    } finally {
      await after.stop();
      await before.stop();
    }
  });

  it('fails with a usage message when there is nothing to copy or nowhere to copy it', async () => {
    await expect(
      migrate('--from', '/nonexistent/webmail.db', '--to', 'postgres://127.0.0.1:1/x'),
    ).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('No SQLite database at /nonexistent/webmail.db'),
    });
    await expect(migrate('--from', '/nonexistent/webmail.db')).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('needs --to or DATABASE_URL'),
    });
  });
});
