/**
 * The API client's limits, with their reasons. They are here, in the core, because the client is (it runs in
 * Node for its tests and the service's); the core imports nothing of the extension, so limits.ts names these
 * and does not hold them.
 */

/** One attempt may take this long before it is abandoned (the hosted service answers in well under 1 s). */
export const REQUEST_TIMEOUT_MS = 10_000;
/** Retries after the first attempt, for network errors and 5xx only: a 4xx will not change on retry. */
export const MAX_RETRIES = 2;
/** First backoff delay; doubled on each retry, with up to 50 % jitter so tabs do not retry in step. */
export const RETRY_BASE_DELAY_MS = 300;
/** A Retry-After longer than this is not waited for: the user is waiting on a hover card. */
export const MAX_RETRY_AFTER_MS = 5_000;
/** A valid answer is a few hundred bytes; anything far larger is not the contract and is not read whole. */
export const MAX_RESPONSE_BYTES = 64 * 1024;
