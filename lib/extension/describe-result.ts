import type { ProviderConfidence, ProviderSource, WebmailInfo } from '#core/webmail-info.ts';
import { answerEvidence, plainName } from './answer-evidence.ts';
import { type MessageKey, t } from './i18n.ts';
import { MAX_NAME_IN_SENTENCE_LENGTH } from './limits.ts';
import type { LookupResult } from './lookup-result.ts';

/**
 * What a person can do about a state. `look-up` asks again on a click, as a plain lookup (an error was never
 * cached, so it reaches the service), never a refresh: that would skip the cache and cost a credit. While
 * `waiting`, it cannot be pressed: the service said when it may be asked again, and that is not yet.
 */
export type ResultAction =
  | { kind: 'open-options'; label: string }
  | { kind: 'link'; label: string; href: string }
  | { kind: 'look-up'; label: string; waiting?: boolean };

export interface ResultDescription {
  title: string;
  detail: string;
  action: ResultAction | null;
}

const openOptions = (): ResultAction => ({ kind: 'open-options', label: t('actionOpenSettings') });
const retry = (waiting = false): ResultAction => ({
  kind: 'look-up',
  label: t('actionTryAgain'),
  ...(waiting && { waiting }),
});

/** Whole seconds from `now` until `time` (epoch ms), as a countdown shows them: 0 once it has passed. */
function secondsUntil(time: number, now: number): number {
  return Math.max(0, Math.ceil((time - now) / 1000));
}

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

/**
 * The one place that turns a state into words a person can act on. `now` counts down the wait a 429 asked
 * for: the card renders again each second until it is over (lib/ui/use-tick-until.ts).
 */
export function describeResult(result: LookupResult | null, now = Date.now()): ResultDescription {
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
    case 'rate-limited': {
      if (result.retryAt === null) {
        return { title: t('stateRateLimitedTitle'), detail: t('stateRateLimitedDetail'), action: retry() };
      }
      const wait = secondsUntil(result.retryAt, now);
      return {
        title: t('stateRateLimitedTitle'),
        detail: wait > 0 ? t('stateRateLimitedWait', wait) : t('stateRateLimitedOver'),
        action: retry(wait > 0),
      };
    }
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

/**
 * Which sentence says what was seen, by the record that named the provider: with the gateway in front of the
 * mailbox, and without one. An MX that names the provider alone says nothing more than the provider does.
 */
const SEEN: Record<ProviderSource, { behindGateway: MessageKey; alone: MessageKey | null }> = {
  mx: { behindGateway: 'evidenceMxBehindGateway', alone: null },
  spf: { behindGateway: 'evidenceSpfBehindGateway', alone: 'evidenceSpf' },
  'ms-verification': {
    behindGateway: 'evidenceMsVerificationBehindGateway',
    alone: 'evidenceMsVerification',
  },
};

/** How sure, in words: nothing when the records name the mailbox; low reads less sure than medium. */
const SURENESS: Record<ProviderConfidence, MessageKey | null> = {
  high: null,
  medium: 'evidenceLikely',
  low: 'evidenceUnsure',
};

export interface EvidenceDescription {
  confidence: ProviderConfidence;
  /** What was seen, and where: "Microsoft 365, behind Proofpoint (from the domain's SPF record)."; '' for none. */
  seen: string;
  /** How sure that is, where it is not certain; '' otherwise. */
  sureness: string;
}

/**
 * What an answer saw of the domain's records, in words a person acts on: whether to trust "Open webmail".
 * Null for an answer that says nothing of them (a consumer domain, the hosted service) or only what we do not
 * know; the names in it are plain text, cut to length.
 */
export function describeEvidence(info: WebmailInfo): EvidenceDescription | null {
  const evidence = answerEvidence(info);
  if (!evidence) return null;
  const provider = plainName(info.nice_name, MAX_NAME_IN_SENTENCE_LENGTH);
  const { behindGateway, alone } = SEEN[evidence.source];
  const key = evidence.gateway ? behindGateway : alone;
  const sureness = SURENESS[evidence.confidence];
  const description = {
    confidence: evidence.confidence,
    seen: key && provider ? t(key, provider, evidence.gateway ?? '') : '',
    sureness: sureness ? t(sureness) : '',
  };
  return description.seen || description.sureness ? description : null;
}
