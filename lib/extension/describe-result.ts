import type { ProviderConfidence, ProviderSource, WebmailInfo } from '#core/webmail-info.ts';
import { answerEvidence, plainName } from './answer-evidence.ts';
import { secondsUntil } from './countdown.ts';
import { formatAge, type MessageKey, t, tCount } from './i18n.ts';
import { MAX_NAME_IN_SENTENCE_LENGTH } from './limits.ts';
import type { LookupProblem, LookupResult } from './lookup-result.ts';
import { type Flag, type FoundVerdict, notFoundVerdict, type Verdict, verdictOf } from './verdict.ts';

/** Each flag's name in words: the card's details, the popup's marks and groups, the bulk page's table. */
export const FLAG_WORDS: Record<Flag, MessageKey> = {
  disposable: 'flagDisposable',
  freeMail: 'flagFreeMail',
  privacyRelay: 'flagPrivacyRelay',
};

/**
 * Each verdict in words, in this one place: the line alone, and for a verdict that names the provider, the
 * line with its name (where it has none, the line alone is said). A verdict without a provider has the card's
 * detail under its line; one with a provider, the heading of its group in the popup's list grouped by flag.
 */
const VERDICT_WORDS = {
  disposable: { line: 'cardVerdictDisposable', named: null, group: 'flagDisposable' },
  'privacy-relay': { line: 'flagPrivacyRelay', named: 'cardVerdictPrivacyRelay', group: 'flagPrivacyRelay' },
  'free-mail': { line: 'flagFreeMail', named: 'cardVerdictFreeMail', group: 'flagFreeMail' },
  'business-mail': {
    line: 'cardVerdictBusinessMailUnnamed',
    named: 'cardVerdictBusinessMail',
    group: 'popupGroupNoFlag',
  },
  'will-bounce': { line: 'cardVerdictWillBounce', detail: 'cardVerdictWillBounceDetail' },
  'unrecognised-provider': { line: 'cardVerdictUnrecognised', detail: 'cardVerdictUnrecognisedDetail' },
  'no-provider': { line: 'stateNotFoundTitle', detail: 'stateNotFoundDetail' },
} as const satisfies Record<
  Verdict,
  { line: MessageKey } & ({ named: MessageKey | null; group: MessageKey } | { detail: MessageKey })
>;

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

/** Where an answer came from, in words, for the card's footer. */
export function describeSource(result: LookupResult, now: number): string {
  if (result.state !== 'found' && result.state !== 'not-found') return '';
  if (result.source === 'api') return t('sourceApi', formatAge(now - result.fetchedAt));
  return result.fallbackReason === 'no-key' ? t('sourceCatalogNoKey') : t('sourceCatalogUnreachable');
}

/** A lookup's failure in words: what the client or this extension said, by its code. */
const PROBLEM_WORDS: Record<LookupProblem['code'], (problem: LookupProblem) => string> = {
  cancelled: () => t('failureCancelled'),
  unreachable: () => t('failureUnreachable'),
  timeout: ({ seconds = 0 }) => tCount('failureTimeout', seconds),
  'too-large': () => t('failureTooLarge'),
  redirect: () => t('failureRedirect'),
  'no-data': () => t('failureNoData'),
  'not-json': ({ status = 0 }) => t('failureNotJson', String(status)),
  'unexpected-status': ({ status = 0 }) => t('failureUnexpectedStatus', String(status)),
  'server-failed': ({ status = 0 }) => t('failureServer', String(status)),
  'rate-limited': () => t('failureRateLimited'),
  'answer-too-large': () => t('storageAnswerTooLarge'),
};

/** Why a service could not be used: in our words where we said it, else the service's own. */
function failureWords(result: { message: string; problem?: LookupProblem | undefined }): string {
  return result.problem ? PROBLEM_WORDS[result.problem.code](result.problem) : result.message;
}

/**
 * The one place that turns a state into words a person can act on. `now` counts down the wait a 429 asked
 * for: the card renders again each second until it is over (components/use-countdown.ts).
 */
export function describeResult(result: LookupResult | null, now = Date.now()): ResultDescription {
  if (result === null) return { title: t('stateLoading'), detail: '', action: null };
  switch (result.state) {
    case 'found':
      return { title: result.info.nice_name, detail: result.info.name, action: null };
    case 'not-found': {
      const words = VERDICT_WORDS[notFoundVerdict(result.reason)];
      return { title: t(words.line), detail: t(words.detail), action: null };
    }
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
        detail: wait > 0 ? tCount('stateRateLimitedWait', wait) : t('stateRateLimitedOver'),
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
        detail: t('stateUnreachableDetail', failureWords(result)),
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

/** A verdict in words: the line a person reads. */
export interface VerdictWords {
  verdict: Verdict;
  /** The whole line: "Gmail · free mail", "Disposable address", "Will bounce: this domain takes no mail". */
  line: string;
  /**
   * Where the line names the provider, the words before and after its name: for a screen that shows the
   * name apart (the card, beside the provider's logo). The message's placeholder may be anywhere in it.
   */
  around: { before: string; after: string } | null;
}

/** Stands for the provider's name while a message is split around it: a character no message holds. */
const NAME_MARK = '\u{F8FF}';

/**
 * A verdict in words, with the provider's name from the API where the verdict names one: plain text in the
 * line, cut to length; without a name left, the line alone.
 */
export function verdictWords(verdict: Verdict, providerName: string | null): VerdictWords {
  const words = VERDICT_WORDS[verdict];
  const named = 'named' in words ? words.named : null;
  const name = named && plainName(providerName, MAX_NAME_IN_SENTENCE_LENGTH);
  if (!named || !name) return { verdict, line: t(words.line), around: null };
  const [before = '', after = ''] = t(named, NAME_MARK).split(NAME_MARK);
  return { verdict, line: t(named, name), around: { before, after } };
}

/** The popup's heading of a group of addresses by their verdict, for an answer that names a provider. */
export function verdictGroupWords(verdict: FoundVerdict): string {
  return t(VERDICT_WORDS[verdict].group);
}

/** The verdict of a state in words: null for one that is no answer (loading, an error). */
export function describeVerdict(result: LookupResult | null): VerdictWords | null {
  const verdict = verdictOf(result);
  if (verdict === null) return null;
  return verdictWords(verdict, result?.state === 'found' ? result.info.nice_name : null);
}
