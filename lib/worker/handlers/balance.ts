import type { PolicyInForce } from '#settings/policy.ts';
import { loadLookupTarget } from '#settings/storage.ts';
import type { Balances } from '#worker/balances.ts';
import type { Handlers } from '#worker/router.ts';

/** The balance the service last stated for the key and service address in force: never the key itself. */
export function balanceHandlers(policy: PolicyInForce, balances: Balances) {
  return {
    balance: async () => balances.of(await loadLookupTarget(policy)),
  } satisfies Pick<Handlers, 'balance'>;
}
