import { parseArgs } from 'node:util';
import type { Accounts } from './accounts.ts';
import { UsageError } from './usage-error.ts';

const USAGE = `Usage:
  keys create [--credits N] [--subscription-days N [--allowance N]]   prints the new key on the last line
  keys topup KEY [--credits N] [--subscription-days N [--allowance N]]
  keys list`;

function count(value: string | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value)) throw new UsageError(`${flag} takes a whole number, not "${value}"`);
  return Number(value);
}

/** The `keys` command: creates, tops up and lists API keys. Returns the lines to print. */
export async function runKeysCommand(args: string[], accounts: Accounts): Promise<string[]> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      credits: { type: 'string' },
      'subscription-days': { type: 'string' },
      allowance: { type: 'string' },
    },
  });
  const credits = count(values.credits, '--credits');
  const subscriptionDays = count(values['subscription-days'], '--subscription-days');
  const allowance = count(values.allowance, '--allowance');
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
      if (!(await accounts.topUp(key, grant))) throw new UsageError('No such key');
      return ['Topped up.'];
    }
    case 'list':
      return [
        'account  key          credits  subscription-until        allowance  lookups',
        ...(await accounts.list()).map((row) =>
          [
            String(row.id).padEnd(8),
            `${row.keyPrefix}…`.padEnd(12),
            String(row.credits).padStart(7),
            (row.subscriptionExpiresAt ? new Date(row.subscriptionExpiresAt).toISOString() : '-').padEnd(24),
            String(row.subscriptionAllowance).padStart(9),
            String(row.lookups).padStart(8),
          ].join(' '),
        ),
      ];
    default:
      throw new UsageError(USAGE);
  }
}
