import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { FREE_LOOKUPS, type ServiceProcess } from '../support/service-process.ts';
import { BACKENDS, serviceStacksForFile } from '../support/service-stack.ts';

const run = promisify(execFile);
const DASHBOARD_URL = 'https://billing.example/dashboard';
const stacks = serviceStacksForFile();

describe.each(BACKENDS)('on %s', (backend) => {
  const stack = stacks.useStack(backend, { env: { DASHBOARD_URL } });

  /** Moves every subscription's end into the past, as time passing would. */
  function expireSubscriptions(service: ServiceProcess): Promise<void> {
    return service.execute(`UPDATE accounts SET subscription_expires_at = ${Date.now() - 1000}`);
  }

  describe('billing', () => {
    it('uses one credit per answer and refuses with 401 pointing to the dashboard once they run out', async () => {
      const key = await stack.service.createKey({ credits: 2 });
      expect((await stack.service.lookup({ email: 'a@gmail.com' }, key)).status).toBe(200);
      expect((await stack.service.lookup({ email: 'b@gmail.com' }, key)).status).toBe(200);
      const refused = await stack.service.lookup({ email: 'c@gmail.com' }, key);
      expect(refused.status).toBe(401);
      expect(refused.json).toMatchObject({ success: false, data: null });
      expect((refused.json as { message: string }).message).toContain(DASHBOARD_URL);
      expect((refused.json as { message: string }).message).not.toMatch(/does not exist/);
      expect(await stack.service.balance(key)).toMatchObject({ credits: 0, lookups: 2 });
    });

    it('never answers 402', async () => {
      const key = await stack.service.createKey({ credits: 0 });
      expect((await stack.service.lookup({ email: 'gmail.com' }, key)).status).toBe(401);
    });

    it('refuses a key without credit before any lookup work: DNS is not asked', async () => {
      const key = await stack.service.createKey({ credits: 0 });
      const { status } = await stack.service.lookup({ email: 'never-asked.example.com' }, key);
      expect(status).toBe(401);
      expect(stack.dns.queries.has('never-asked.example.com')).toBe(false);
    });

    it('charges nothing for 400, 404 and 500', async () => {
      const key = await stack.service.createKey({ credits: 1 });
      const free = await stack.service.lookUpEach(FREE_LOOKUPS.emails, key);
      expect(free.map((answer) => answer.status)).toEqual(FREE_LOOKUPS.statuses);
      expect((await stack.service.balance(key)).credits).toBe(1);
      expect((await stack.service.lookup({ email: 'gmail.com' }, key)).status).toBe(200);
      expect((await stack.service.balance(key)).credits).toBe(0);
    });

    it('serves again after a top-up', async () => {
      const key = await stack.service.createKey({ credits: 0 });
      expect((await stack.service.lookup({ email: 'gmail.com' }, key)).status).toBe(401);
      await stack.service.topUp(key, { credits: 1 });
      expect((await stack.service.lookup({ email: 'gmail.com' }, key)).status).toBe(200);
    });

    it('spends subscription allowance before credits, and credits once the subscription expires', async () => {
      // A database of its own: expiring every subscription touches no other test's keys.
      const isolated = await stack.startService();
      const key = await isolated.createKey({ credits: 1, subscriptionDays: 30, allowance: 1 });
      expect((await isolated.lookup({ email: 'gmail.com' }, key)).status).toBe(200);
      expect(await isolated.balance(key)).toMatchObject({ subscriptionAllowance: 0, credits: 1 });
      expect((await isolated.lookup({ email: 'gmail.com' }, key)).status).toBe(200);
      expect(await isolated.balance(key)).toMatchObject({ credits: 0 });
      expect((await isolated.lookup({ email: 'gmail.com' }, key)).status).toBe(401);

      const lapsing = await isolated.createKey({ credits: 0, subscriptionDays: 30 });
      expect((await isolated.lookup({ email: 'gmail.com' }, lapsing)).status).toBe(200);
      await expireSubscriptions(isolated);
      const refused = await isolated.lookup({ email: 'gmail.com' }, lapsing);
      expect(refused.status).toBe(401);
      expect((refused.json as { message: string }).message).toMatch(/top up/);
    });

    it('answers exactly as many of 200 concurrent requests as there are credits (50), and ends at 0', async () => {
      const domains = [
        'gmail.com',
        'workspace-customer.example.com',
        'm365-customer.example.com',
        'duck.com',
      ];
      // Cached first, so the burst waits on billing alone, not on DNS from this busy test process.
      const warmUp = await stack.service.createKey({ credits: domains.length });
      for (const email of domains) expect((await stack.service.lookup({ email }, warmUp)).status).toBe(200);
      const key = await stack.service.createKey({ credits: 50 });
      const results = await Promise.all(
        Array.from({ length: 200 }, (_, i) =>
          stack.service.lookup({ email: `user${i}@${domains[i % domains.length]}` }, key),
        ),
      );
      const statuses = results.map((result) => result.status);
      expect(statuses.filter((status) => status === 200)).toHaveLength(50);
      expect(statuses.filter((status) => status === 401)).toHaveLength(150);
      expect(await stack.service.balance(key)).toMatchObject({ credits: 0, lookups: 50 });
    });

    it('loses no top-up that races with lookups', async () => {
      const key = await stack.service.createKey({ credits: 10 });
      const lookups = Array.from({ length: 60 }, () => stack.service.lookup({ email: 'gmail.com' }, key));
      const topUps = Array.from({ length: 5 }, (_, i) =>
        new Promise<void>((resolve) => setTimeout(resolve, i * 5)).then(() =>
          stack.service.topUp(key, { credits: 10 }),
        ),
      );
      const results = await Promise.all(lookups);
      await Promise.all(topUps);
      const answered = results.filter((result) => result.status === 200).length;
      expect((await stack.service.balance(key)).credits).toBe(10 + 5 * 10 - answered);
      expect((await stack.service.balance(key)).lookups).toBe(answered);
    });
  });

  describe('the keys CLI (npm run server -- keys …)', () => {
    const cli = (...args: string[]) =>
      run('npm', ['run', '--silent', 'server', '--', 'keys', ...args], {
        cwd: new URL('../..', import.meta.url).pathname,
        env: { ...process.env, ...stack.service.databaseEnv },
      });

    it('creates a key printed alone on the last line, tops it up and lists it without the full key', async () => {
      const created = await cli('create', '--credits', '1');
      const key = created.stdout.trim().split('\n').at(-1) ?? '';
      expect(key).toMatch(/^wl_[A-Za-z0-9_-]{32}$/);
      expect((await stack.service.lookup({ email: 'gmail.com' }, key)).status).toBe(200);
      expect((await stack.service.lookup({ email: 'gmail.com' }, key)).status).toBe(401);

      await cli('topup', key, '--credits', '3');
      expect((await stack.service.balance(key)).credits).toBe(3);

      const { stdout } = await cli('list');
      expect(stdout).toContain(key.slice(0, 11));
      expect(stdout).not.toContain(key);
    });

    it('creates a subscription key', async () => {
      const created = await cli('create', '--subscription-days', '30');
      const key = created.stdout.trim().split('\n').at(-1) ?? '';
      expect((await stack.service.lookup({ email: 'gmail.com' }, key)).status).toBe(200);
      expect((await stack.service.balance(key)).credits).toBe(0);
    });

    it('revokes a key, or every key of an account, and lists them as revoked', async () => {
      const created = await cli('create', '--credits', '5');
      const key = created.stdout.trim().split('\n').at(-1) ?? '';
      expect((await cli('revoke', key)).stdout).toContain('Revoked 1 key.');
      expect((await stack.service.lookup({ email: 'gmail.com' }, key)).status).toBe(401);
      await expect(cli('revoke', key)).rejects.toMatchObject({
        stderr: expect.stringContaining('No such key'),
      });

      const other = await stack.service.createKey({ credits: 5 });
      const accountId = Number(
        await stack.service.queryValue(
          `SELECT account_id FROM api_keys WHERE key_prefix = '${other.slice(0, 11)}'`,
        ),
      );
      expect((await cli('revoke', '--account', String(accountId))).stdout).toContain('Revoked 1 key.');
      expect((await stack.service.lookup({ email: 'gmail.com' }, other)).status).toBe(401);
      const { stdout } = await cli('list');
      expect(stdout).toMatch(new RegExp(`${key.slice(0, 11)}….* revoked \\d{4}-`));
    });

    it('refuses numbers past what a grant may hold, and lists an odd row rather than failing', async () => {
      await expect(cli('create', '--credits', '99999999999999999999')).rejects.toMatchObject({
        code: 2,
        stderr: expect.stringContaining('--credits takes a whole number from 0 to 1,000,000,000'),
      });
      await expect(cli('create', '--subscription-days', '200000000')).rejects.toMatchObject({
        code: 2,
        stderr: expect.stringContaining('--subscription-days takes a whole number from 1 to 3,660'),
      });
      const odd = await stack.service.createKey({ credits: 1, subscriptionDays: 1 });
      await stack.service.execute(
        `UPDATE accounts SET subscription_expires_at = 9000000000000000000 WHERE id = (SELECT account_id FROM api_keys WHERE key_prefix = '${odd.slice(0, 11)}')`,
      );
      const { stdout } = await cli('list');
      expect(stdout).toContain(`${odd.slice(0, 11)}…`);
      expect(stdout).toContain('?9000000000000000000');
    });

    it('fails with a usage message on bad input', async () => {
      await expect(cli('create', '--credits', 'many')).rejects.toMatchObject({
        stderr: expect.stringContaining('whole number'),
      });
      await expect(cli('topup', 'wl_unknown', '--credits', '1')).rejects.toMatchObject({
        stderr: expect.stringContaining('No such key'),
      });
    });
  });
});
