import type { WebmailInfo } from '#core/webmail-info.ts';
import type { Balance } from './balance.ts';

/**
 * Why the service found no provider, told apart by its 404 message (spec section 7): the domain takes no
 * mail (it does not exist, or has no MX records: mail to it bounces), or it takes mail at servers no
 * provider is known by. `unstated` is any other 404 text: no provider, and nothing more said.
 */
export const NOT_FOUND_REASONS = ['no-mx', 'unrecognised', 'unstated'] as const;
export type NotFoundReason = (typeof NOT_FOUND_REASONS)[number];

/**
 * The spec gives each 404's meaning, not its exact words (section 7: "domain missing or no MX records set",
 * "unrecognised provider"), so a message is read by that phrase, in any case and spelling of "unrecognised";
 * this service prefixes "Not found - " (server/messages.ts). Anything else says no more than "not found".
 */
const NOT_FOUND_MEANINGS: readonly [RegExp, NotFoundReason][] = [
  [/\bdomain missing or no mx records\b/i, 'no-mx'],
  [/\bunrecogni[sz]ed provider\b/i, 'unrecognised'],
];

/** Which 404 a message is, by the spec's meaning phrase; `unstated` when it holds neither. */
export function notFoundReason(message: string): NotFoundReason {
  return NOT_FOUND_MEANINGS.find(([meaning]) => meaning.test(message))?.[1] ?? 'unstated';
}

/**
 * Why a lookup failed where the client says so itself: the service could not be heard, or sent nothing of
 * its own to say. The core has no words for people; the extension words each code in the person's language
 * (lib/extension/describe-result.ts), and `message` keeps the English for logs.
 */
export const CLIENT_PROBLEMS = [
  'cancelled',
  'unreachable',
  'timeout',
  'too-large',
  'redirect',
  'no-data',
  'not-json',
  'unexpected-status',
  'server-failed',
  'rate-limited',
] as const;
export interface ClientProblem {
  code: (typeof CLIENT_PROBLEMS)[number];
  /** The HTTP status, for the codes that name one. */
  status?: number;
  /** How long the client waited, for `timeout`. */
  seconds?: number;
}

/**
 * Everything a lookup against the Webmail Info API can end in. Every UI state maps from one variant;
 * `message` is the service's own text where it sent one, else a plain sentence of ours, and then `problem`
 * says which.
 */
export type ApiOutcome =
  | { kind: 'found'; info: WebmailInfo; message: string }
  | { kind: 'not-found'; reason: NotFoundReason; message: string }
  | { kind: 'invalid-request'; message: string }
  | { kind: 'unknown-key'; message: string }
  /** No subscription or credits left (401, or the legacy 402). `topUpUrl` is taken from the message. */
  | { kind: 'billing'; message: string; topUpUrl: string | null }
  | { kind: 'rate-limited'; message: string; retryAfterSeconds: number | null; problem?: ClientProblem }
  | { kind: 'server-error'; status: number; message: string; problem?: ClientProblem }
  | { kind: 'network-error'; message: string; problem?: ClientProblem }
  | { kind: 'timeout'; message: string; problem?: ClientProblem }
  /** The answer does not follow the contract (not JSON, wrong shape, a redirect, too large). */
  | { kind: 'malformed-response'; status: number; message: string; problem?: ClientProblem };

export type ApiOutcomeKind = ApiOutcome['kind'];

/**
 * What getWebmailInfo ends in: the outcome, and what the service said with it of the key's balance (null
 * where it said nothing, or could not be heard).
 */
export type ClientOutcome = ApiOutcome & { balance: Balance | null };
