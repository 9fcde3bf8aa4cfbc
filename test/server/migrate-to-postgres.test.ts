import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { serviceStacksForFile } from '../support/service-stack.ts';

const run = promisify(execFile);
const stacks = serviceStacksForFile();

/** `npm run server -- migrate-to-postgres …`, as an operator runs it. */
const migrate = (...args: string[]) =>
  run('npm', ['run', '--silent', 'server', '--', 'migrate-to-postgres', ...args], {
    cwd: new URL('../..', import.meta.url).pathname,
  });

describe('moving a SQLite database to PostgreSQL (npm run server -- migrate-to-postgres)', () => {
  const stack = stacks.useStack('SQLite', { service: false });

  it('copies keys, balances and cached answers, so the service on PostgreSQL goes on where SQLite stopped', async () => {
    const before = await stack.startService();
    const spender = await before.createKey({ credits: 5 });
    const subscriber = await before.createKey({ credits: 2, subscriptionDays: 30, allowance: 7 });
    expect((await before.lookup({ email: 'gmail.com' }, spender)).status).toBe(200);
    const balances = [await before.balance(spender), await before.balance(subscriber)];
    await before.kill();

    const url = await stacks.postgres().createDatabase();
    const from = before.databaseEnv.DATABASE_PATH ?? expect.unreachable();
    const { stdout } = await migrate('--from', from, '--to', url);
    expect(stdout).toContain('Copied 2 accounts, 2 keys and 1 cached answers');
    expect(stdout).not.toContain('postgres://');

    const after = await stack.startService({ DATABASE_URL: url });
    expect([await after.balance(spender), await after.balance(subscriber)]).toEqual(balances);
    const asked = stack.dns.queries.get('gmail.com');
    expect((await after.lookup({ email: 'gmail.com' }, spender)).status).toBe(200);
    expect(stack.dns.queries.get('gmail.com')).toBe(asked);
    expect(await after.balance(spender)).toMatchObject({ credits: 3, lookups: 2 });
    // New accounts are numbered after the copied ones.
    const newcomer = await after.createKey({ credits: 1 });
    expect((await after.lookup({ email: 'gmail.com' }, newcomer)).status).toBe(200);

    await expect(migrate('--from', from, '--to', url)).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('already holds accounts'),
    });
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
