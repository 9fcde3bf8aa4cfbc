import type { LookupResult } from './result.ts';

export type ResultAction =
  | { kind: 'open-options'; label: string }
  | { kind: 'link'; label: string; href: string }
  | { kind: 'retry'; label: string };

export interface ResultDescription {
  title: string;
  detail: string;
  action: ResultAction | null;
}

const OPEN_OPTIONS = { kind: 'open-options', label: 'Open settings' } as const;
const RETRY = { kind: 'retry', label: 'Try again' } as const;

/** Why a privacy relay has no links: shown in place of them. */
export const RELAY_EXPLANATION =
  'This address is a privacy relay: mail to it is forwarded to a hidden mailbox, so there is no webmail to open or search.';

/** How old an answer is, in words: "just now", "5 min ago", "3 h ago", "2 days ago". */
export function formatAge(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  const days = Math.floor(hours / 24);
  return `${days} day${days === 1 ? '' : 's'} ago`;
}

/** Where an answer came from, in words, for the card's footer. */
export function describeSource(result: LookupResult, now: number): string {
  if (result.state !== 'found' && result.state !== 'not-found') return '';
  if (result.source === 'api') return `From the Webmail Info API, ${formatAge(now - result.fetchedAt)}`;
  return result.fallbackReason === 'no-key'
    ? 'From the built-in catalog: no API key is set'
    : 'From the built-in catalog: the lookup service could not be reached';
}

/** The one place that turns a state into words a person can act on. */
export function describeResult(result: LookupResult | null): ResultDescription {
  if (result === null) return { title: 'Looking up…', detail: '', action: null };
  switch (result.state) {
    case 'found':
      return { title: result.info.nice_name, detail: result.info.name, action: null };
    case 'not-found':
      return {
        title: 'No mail provider found',
        detail: 'This domain has no mail servers, or its provider is not one the service recognises.',
        action: null,
      };
    case 'no-key':
      return {
        title: 'Add your API key',
        detail:
          'The built-in catalog does not know this domain. With a Webmail Info API key, every domain can be looked up.',
        action: OPEN_OPTIONS,
      };
    case 'unknown-key':
      return {
        title: 'Your API key was not accepted',
        detail: 'The service says this key does not exist. Check it in settings.',
        action: OPEN_OPTIONS,
      };
    case 'billing':
      return {
        title: 'No lookups left on your plan',
        detail:
          'Your subscription has ended or your credits are used up. Top up to keep looking up addresses.',
        action: result.topUpUrl ? { kind: 'link', label: 'Top up', href: result.topUpUrl } : OPEN_OPTIONS,
      };
    case 'rate-limited':
      return {
        title: 'Too many lookups at once',
        detail:
          result.retryAfterSeconds !== null
            ? `The service asks to wait ${result.retryAfterSeconds} s before the next lookup.`
            : 'The service asks to slow down; try again in a moment.',
        action: RETRY,
      };
    case 'invalid':
      return {
        title: 'This is not an address or domain',
        detail: 'Check what you entered and try again.',
        action: null,
      };
    case 'unreachable':
      return {
        title: 'The lookup service cannot be used right now',
        detail: `${result.message} Check your connection, or the service address in settings, then try again.`,
        action: RETRY,
      };
  }
}
