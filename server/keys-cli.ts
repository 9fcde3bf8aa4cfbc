import { parseArgs } from 'node:util';
import type { AccountSummary } from '#server/storage/storage.ts';
import { type Accounts, type Grant, MAX_ALLOWANCE, MAX_CREDITS, MAX_SUBSCRIPTION_DAYS } from './accounts.ts';
import { UsageError } from './usage-error.ts';

const USAGE = `Usage:
  keys create [--credits N] [--subscription-days N [--allowance N]]   prints the new key on the last line
  keys topup KEY [--credits N] [--subscription-days N [--allowance N]]
  keys revoke KEY            the key stops working in every process within KEY_CACHE_SECONDS
  keys revoke --account ID   every key of the account (the request log names accounts, never keys)
  keys list`;

/** A whole number from 0 to `max` (1 to `max` for a subscription's days), or a usage error naming the flag. */
function parseCount(value: string | undefined, flag: string, max: number, min = 0): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value)) throw new UsageError(`${flag} takes a whole number, not "${value}"`);
  const number = Number(value);
  if (number < min || number > max) {
    throw new UsageError(
      `${flag} takes a whole number from ${min} to ${max.toLocaleString('en')}, not ${value}`,
    );
  }
  return number;
}

/** A time as ISO text, or the stored number where no date can show it: one odd row never fails the list. */
function timeText(time: number | null): string {
  if (time === null) return '-';
  const date = new Date(time);
  return Number.isNaN(date.getTime()) ? `?${time}` : date.toISOString();
}

function listLine(row: AccountSummary): string {
  return [
    String(row.id).padEnd(8),
    `${row.keyPrefix}…`.padEnd(12),
    String(row.credits).padStart(7),
    timeText(row.subscriptionExpiresAt).padEnd(24),
    String(row.subscriptionAllowance).padStart(9),
    String(row.lookups).padStart(8),
    row.revokedAt === null ? '' : ` revoked ${timeText(row.revokedAt)}`,
  ]
    .join(' ')
    .trimEnd();
}

/** The credits, days and allowance the flags give, each checked against its range. */
function grantOf(values: { credits?: string; 'subscription-days'?: string; allowance?: string }): Grant {
  const credits = parseCount(values.credits, '--credits', MAX_CREDITS);
  const subscriptionDays = parseCount(
    values['subscription-days'],
    '--subscription-days',
    MAX_SUBSCRIPTION_DAYS,
    1,
  );
  const allowance = parseCount(values.allowance, '--allowance', MAX_ALLOWANCE);
  return {
    ...(credits !== undefined && { credits }),
    ...(subscriptionDays !== undefined && { subscriptionDays }),
    ...(allowance !== undefined && { allowance }),
  };
}

async function createKey(accounts: Accounts, grant: Grant): Promise<string[]> {
  const created = await accounts.create({ credits: 0, ...grant });
  return [
    `Created a key with ${grant.credits ?? 0} credits${grant.subscriptionDays ? ` and a ${grant.subscriptionDays}-day subscription` : ''}.`,
    'It is shown only now; only its hash is stored:',
    created,
  ];
}

async function topUp(accounts: Accounts, key: string | undefined, grant: Grant): Promise<string[]> {
  if (!key) throw new UsageError(`keys topup needs the key\n${USAGE}`);
  if (grant.credits === undefined && grant.subscriptionDays === undefined) {
    throw new UsageError(`keys topup needs --credits or --subscription-days\n${USAGE}`);
  }
  if (!(await accounts.topUp(key, grant))) throw new UsageError('No such key, or it is revoked');
  return ['Topped up.'];
}

async function revoke(
  accounts: Accounts,
  key: string | undefined,
  account: string | undefined,
): Promise<string[]> {
  const accountId = parseCount(account, '--account', Number.MAX_SAFE_INTEGER, 1);
  if ((key === undefined) === (accountId === undefined)) {
    throw new UsageError(`keys revoke needs the key or --account ID, not both\n${USAGE}`);
  }
  const revoked = await accounts.revoke(key !== undefined ? { key } : { accountId: accountId as number });
  if (revoked === 0) throw new UsageError('No such key that is not revoked already');
  return [`Revoked ${revoked} key${revoked === 1 ? '' : 's'}.`];
}

async function list(accounts: Accounts): Promise<string[]> {
  return [
    'account  key          credits  subscription-until        allowance  lookups',
    ...(await accounts.list()).map(listLine),
  ];
}

/** The `keys` command: creates, tops up, revokes and lists API keys. Returns the lines to print. */
export async function runKeysCommand(args: string[], accounts: Accounts): Promise<string[]> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      credits: { type: 'string' },
      'subscription-days': { type: 'string' },
      allowance: { type: 'string' },
      account: { type: 'string' },
    },
  });
  const grant = grantOf(values);
  const [command, key] = positionals;
  switch (command) {
    case 'create':
      return createKey(accounts, grant);
    case 'topup':
      return topUp(accounts, key, grant);
    case 'revoke':
      return revoke(accounts, key, values.account);
    case 'list':
      return list(accounts);
    default:
      throw new UsageError(USAGE);
  }
}
