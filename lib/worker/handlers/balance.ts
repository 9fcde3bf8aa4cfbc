import { loadLookupTarget } from '#settings/storage.ts';
import type { Balances } from '#worker/balances.ts';
import type { Handlers } from '#worker/router.ts';

/** The balance the service last stated for the key and service address in force: never the key itself. */
export function balanceHandlers(balances: Balances) {
  return {
    balance: async () => balances.of(await loadLookupTarget()),
  } satisfies Pick<Handlers, 'balance'>;
}
