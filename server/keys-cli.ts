import { parseArgs } from 'node:util';
import type { AccountSummary } from '#server/storage/storage.ts';
import { type Accounts, MAX_ALLOWANCE, MAX_CREDITS, MAX_SUBSCRIPTION_DAYS } from './accounts.ts';
import { UsageError } from './usage-error.ts';

const USAGE = `Usage:
  keys create [--credits N] [--subscription-days N [--allowance N]]   prints the new key on the last line
  keys topup KEY [--credits N] [--subscription-days N [--allowance N]]
  keys revoke KEY            the key stops working in every process within KEY_CACHE_SECONDS
  keys revoke --account ID   every key of the account (the request log names accounts, never keys)
  keys list`;

/** A whole number from 0 to `max` (1 to `max` for a subscription's days), or a usage error naming the flag. */
function count(value: string | undefined, flag: string, max: number, min = 0): number | undefined {
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
  const credits = count(values.credits, '--credits', MAX_CREDITS);
  const subscriptionDays = count(
    values['subscription-days'],
    '--subscription-days',
    MAX_SUBSCRIPTION_DAYS,
    1,
  );
  const allowance = count(values.allowance, '--allowance', MAX_ALLOWANCE);
  const grant = {
    ...(credits !== undefined && { credits }),
    ...(subscriptionDays !== undefined && { subscriptionDays }),
    ...(allowance !== undefined && { allowance }),
  };
  const [command, key] = positionals;

  switch (command) {
    case 'create': {
      const created = await accounts.create({ credits: 0, ...grant });
      return [
        `Created a key with ${credits ?? 0} credits${subscriptionDays ? ` and a ${subscriptionDays}-day subscription` : ''}.`,
        'It is shown only now; only its hash is stored:',
        created,
      ];
    }
    case 'topup': {
      if (!key) throw new UsageError(`keys topup needs the key\n${USAGE}`);
      if (credits === undefined && subscriptionDays === undefined) {
        throw new UsageError(`keys topup needs --credits or --subscription-days\n${USAGE}`);
      }
      if (!(await accounts.topUp(key, grant))) throw new UsageError('No such key, or it is revoked');
      return ['Topped up.'];
    }
    case 'revoke': {
      const accountId = count(values.account, '--account', Number.MAX_SAFE_INTEGER, 1);
      if ((key === undefined) === (accountId === undefined)) {
        throw new UsageError(`keys revoke needs the key or --account ID, not both\n${USAGE}`);
      }
      const revoked = await accounts.revoke(key !== undefined ? { key } : { accountId: accountId as number });
      if (revoked === 0) throw new UsageError('No such key that is not revoked already');
      return [`Revoked ${revoked} key${revoked === 1 ? '' : 's'}.`];
    }
    case 'list':
      return [
        'account  key          credits  subscription-until        allowance  lookups',
        ...(await accounts.list()).map(listLine),
      ];
    default:
      throw new UsageError(USAGE);
  }
}
