import type { ApiOutcome } from '#core/api/outcome.ts';
import { MAX_RATE_LIMIT_WAIT_MS } from '#extension/limits.ts';
import type { LookupResult } from '#extension/lookup-result.ts';

/**
 * What an API outcome means to a card, the popup and the options page's key test: the one place where the
 * client's outcomes become the states people see. A service that could not be heard is `unreachable`. `now` dates an answer and turns a 429's wait into a time.
 */
export function resultOfOutcome(outcome: ApiOutcome, now: number): LookupResult {
  switch (outcome.kind) {
    case 'found':
      return { state: 'found', info: outcome.info, source: 'api', fetchedAt: now };
    case 'not-found':
      return {
        state: 'not-found',
        reason: outcome.reason,
        message: outcome.message,
        source: 'api',
        fetchedAt: now,
      };
    case 'unknown-key':
      return { state: 'unknown-key', message: outcome.message };
    case 'billing':
      return { state: 'billing', message: outcome.message, topUpUrl: outcome.topUpUrl };
    case 'rate-limited': {
      // A time, not a number of seconds: the answer reaches a card later, and a card asked again later.
      const wait = outcome.retryAfterSeconds;
      return {
        state: 'rate-limited',
        message: outcome.message,
        retryAt: wait === null ? null : now + Math.min(wait * 1000, MAX_RATE_LIMIT_WAIT_MS),
      };
    }
    case 'invalid-request':
      return { state: 'invalid', message: outcome.message };
    case 'server-error':
    case 'network-error':
    case 'timeout':
    case 'malformed-response':
      return outcome.problem
        ? { state: 'unreachable', message: outcome.message, problem: outcome.problem }
        : { state: 'unreachable', message: outcome.message };
  }
}
