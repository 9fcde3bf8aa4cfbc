import type { WebmailInfo } from '#core/webmail-info.ts';

/**
 * What the service's DNS lookup concludes about a domain, before it becomes an answer (server/answers.ts):
 * the lookup makes it, the lookup cache keeps it, the request handler answers with it.
 */
export type DomainVerdict =
  | { kind: 'found'; info: WebmailInfo }
  | { kind: 'no-mx' }
  | { kind: 'unrecognised' };
