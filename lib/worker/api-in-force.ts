import { type ApiClientOptions, getWebmailInfo, type WebmailInfoRequest } from '#core/api/client.ts';
import type { ApiOutcome } from '#core/api/outcome.ts';
import type { LookupTarget } from '#settings/storage.ts';
import type { Balances } from './balances.ts';

type CallApi = (request: WebmailInfoRequest) => Promise<ApiOutcome>;

/**
 * The API call with the key and address in force (LookupService's callApi), null without a key. A call whose
 * target this run's policy read supersedes (lib/settings/policy.ts) stops at that moment, so no retry sends a
 * key the policy no longer sets, and is asked again with the target in force then. The balance each answer
 * states is kept in `balances`, for the target it was asked with.
 */
export function apiInForce(
  target: () => Promise<LookupTarget>,
  client: Pick<ApiClientOptions, 'fetch'> = {},
  balances?: Balances,
): () => Promise<CallApi | null> {
  const call = async (
    request: WebmailInfoRequest,
    { apiKey, baseUrl, superseded }: LookupTarget,
  ): Promise<ApiOutcome> => {
    const answer = getWebmailInfo(request, { ...client, apiKey, baseUrl, signal: superseded });
    const outcome = await (balances ? balances.noted({ apiKey, baseUrl }, answer) : answer);
    if (!superseded.aborted) return outcome;
    const next = await target();
    // No key left in force: the call ends as cancelled (the catalog answers, as for a service not reached).
    return next.apiKey ? call(request, next) : outcome;
  };
  return async () => {
    const first = await target();
    return first.apiKey ? (request) => call(request, first) : null;
  };
}
