import { t } from '../i18n.ts';
import type { LookupResult } from './result.ts';

/**
 * What a person can do about a state. `look-up` asks again on a click, as a plain lookup (an error was never
 * cached, so it reaches the service), never a refresh: that would skip the cache and cost a credit.
 */
export type ResultAction =
  | { kind: 'open-options'; label: string }
  | { kind: 'link'; label: string; href: string }
  | { kind: 'look-up'; label: string };

export interface ResultDescription {
  title: string;
  detail: string;
  action: ResultAction | null;
}

const openOptions = (): ResultAction => ({ kind: 'open-options', label: t('actionOpenSettings') });
const retry = (): ResultAction => ({ kind: 'look-up', label: t('actionTryAgain') });

/** How old an answer is, in words: "just now", "5 min ago", "3 h ago", "2 days ago". */
export function formatAge(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return t('ageJustNow');
  if (minutes < 60) return t('ageMinutes', minutes);
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return t('ageHours', hours);
  const days = Math.floor(hours / 24);
  return days === 1 ? t('ageOneDay') : t('ageDays', days);
}

/** Where an answer came from, in words, for the card's footer. */
export function describeSource(result: LookupResult, now: number): string {
  if (result.state !== 'found' && result.state !== 'not-found') return '';
  if (result.source === 'api') return t('sourceApi', formatAge(now - result.fetchedAt));
  return result.fallbackReason === 'no-key' ? t('sourceCatalogNoKey') : t('sourceCatalogUnreachable');
}

/** The one place that turns a state into words a person can act on. */
export function describeResult(result: LookupResult | null): ResultDescription {
  if (result === null) return { title: t('stateLoading'), detail: '', action: null };
  switch (result.state) {
    case 'found':
      return { title: result.info.nice_name, detail: result.info.name, action: null };
    case 'not-found':
      return {
        title: t('stateNotFoundTitle'),
        detail: t('stateNotFoundDetail'),
        action: null,
      };
    case 'no-key':
      return {
        title: t('stateNoKeyTitle'),
        detail: t('stateNoKeyDetail'),
        action: openOptions(),
      };
    case 'unknown-key':
      return {
        title: t('stateUnknownKeyTitle'),
        detail: t('stateUnknownKeyDetail'),
        action: openOptions(),
      };
    case 'billing':
      return {
        title: t('stateBillingTitle'),
        detail: t('stateBillingDetail'),
        action: result.topUpUrl
          ? { kind: 'link', label: t('actionTopUp'), href: result.topUpUrl }
          : openOptions(),
      };
    case 'rate-limited':
      return {
        title: t('stateRateLimitedTitle'),
        detail:
          result.retryAfterSeconds !== null
            ? t('stateRateLimitedWait', result.retryAfterSeconds)
            : t('stateRateLimitedDetail'),
        action: retry(),
      };
    case 'invalid':
      return {
        title: t('stateInvalidTitle'),
        detail: t('stateInvalidDetail'),
        action: null,
      };
    case 'unreachable':
      return {
        title: t('stateUnreachableTitle'),
        detail: t('stateUnreachableDetail', result.message),
        action: retry(),
      };
    case 'over-budget':
      return {
        title: t('stateOverBudgetTitle'),
        detail: t('stateOverBudgetDetail'),
        action: { kind: 'look-up', label: t('actionLookUp') },
      };
  }
}
