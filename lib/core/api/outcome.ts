import type { WebmailInfo } from '#core/webmail-info.ts';

/**
 * Everything a lookup against the Webmail Info API can end in. Every UI state maps from one variant;
 * `message` is the service's own text where it sent one, else a plain sentence of ours.
 */
export type ApiOutcome =
  | { kind: 'found'; info: WebmailInfo; message: string }
  | { kind: 'not-found'; message: string }
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
