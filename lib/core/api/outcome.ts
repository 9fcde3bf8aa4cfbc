import type { WebmailInfo } from '#core/webmail-info.ts';

/**
 * Why the service found no provider, told apart by its 404 message (spec section 7): the domain takes no
 * mail (it does not exist, or has no MX records: mail to it bounces), or it takes mail at servers no
 * provider is known by. `unstated` is any other 404 text: no provider, and nothing more said.
 */
export const NOT_FOUND_REASONS = ['no-mx', 'unrecognised', 'unstated'] as const;
export type NotFoundReason = (typeof NOT_FOUND_REASONS)[number];

/** The service's 404 messages, exactly as it sends them (README's API table; server/messages.ts). */
const NOT_FOUND_MESSAGES: Record<string, NotFoundReason> = {
  'Not found - domain missing or no MX records set': 'no-mx',
  'Not found - unrecognised provider': 'unrecognised',
};

/** Which 404 a message is: matched whole, never by a word in it, so a changed text reads as `unstated`. */
export function notFoundReason(message: string): NotFoundReason {
  return Object.hasOwn(NOT_FOUND_MESSAGES, message)
    ? (NOT_FOUND_MESSAGES[message] as NotFoundReason)
    : 'unstated';
}

/**
 * Everything a lookup against the Webmail Info API can end in. Every UI state maps from one variant;
 * `message` is the service's own text where it sent one, else a plain sentence of ours.
 */
export type ApiOutcome =
  | { kind: 'found'; info: WebmailInfo; message: string }
  | { kind: 'not-found'; reason: NotFoundReason; message: string }
  | { kind: 'invalid-request'; message: string }
  | { kind: 'unknown-key'; message: string }
  /** No subscription or credits left (401, or the legacy 402). `topUpUrl` is taken from the message. */
  | { kind: 'billing'; message: string; topUpUrl: string | null }
  | { kind: 'rate-limited'; message: string; retryAfterSeconds: number | null }
  | { kind: 'server-error'; status: number; message: string }
  | { kind: 'network-error'; message: string }
  | { kind: 'timeout'; message: string }
  /** The answer does not follow the contract (not JSON, wrong shape, a redirect, too large). */
  | { kind: 'malformed-response'; status: number; message: string };

export type ApiOutcomeKind = ApiOutcome['kind'];
