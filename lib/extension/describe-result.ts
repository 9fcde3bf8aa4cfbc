import { NOT_FOUND_REASONS, type NotFoundReason } from '#core/api/outcome.ts';
import type { ProviderConfidence, ProviderSource, WebmailInfo } from '#core/webmail-info.ts';
import { answerEvidence, plainName } from './answer-evidence.ts';
import { secondsUntil } from './countdown.ts';
import { formatAge, type MessageKey, t, tCount } from './i18n.ts';
import { MAX_NAME_IN_SENTENCE_LENGTH } from './limits.ts';
import type { LookupAnswer, LookupProblem, LookupResult } from './lookup-result.ts';
import type { Flag } from './verdict.ts';

/** Each flag's name in words: the card's details, the popup's marks and groups, the bulk page's table. */
export const FLAG_WORDS: Record<Flag, MessageKey> = {
  disposable: 'flagDisposable',
  freeMail: 'flagFreeMail',
  privacyRelay: 'flagPrivacyRelay',
};

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
export function failureWords(result: { message: string; problem?: LookupProblem | undefined }): string {
  return result.problem ? PROBLEM_WORDS[result.problem.code](result.problem) : result.message;
}

/** Why no provider was found, in words: a domain that takes no mail is not a mailbox we cannot name. */
const NOT_FOUND_WORDS: Record<NotFoundReason, () => { title: string; detail: string }> = {
  'no-mx': () => ({ title: t('cardVerdictWillBounce'), detail: t('cardVerdictWillBounceDetail') }),
  unrecognised: () => ({ title: t('cardVerdictUnrecognised'), detail: t('cardVerdictUnrecognisedDetail') }),
  unstated: () => ({ title: t('stateNotFoundTitle'), detail: t('stateNotFoundDetail') }),
};

/**
 * The one place that turns a state into words a person can act on. `now` counts down the wait a 429 asked
 * for: the card renders again each second until it is over (components/use-countdown.ts).
 */
export function describeResult(result: LookupResult | null, now = Date.now()): ResultDescription {
  if (result === null) return { title: t('stateLoading'), detail: '', action: null };
  switch (result.state) {
    case 'found':
      return { title: result.info.nice_name, detail: result.info.name, action: null };
    case 'not-found':
      return { ...NOT_FOUND_WORDS[result.reason](), action: null };
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

/**
 * What matters about an address, as one kind: what a list sorts and filters by (the CSV's `verdict`), and
 * what the card's verdict line says. A found provider is one of the first four, the first that holds.
 */
export type VerdictKind =
  | 'disposable'
  | 'privacy-relay'
  | 'free-mail'
  | 'business-mail'
  | 'will-bounce'
  | 'unrecognised-provider'
  | 'no-provider';

export interface Verdict {
  kind: VerdictKind;
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

/** The line of a kind that names the provider, and the line for an answer whose name is empty. */
const VERDICT_WITH_NAME: Record<
  'privacy-relay' | 'free-mail' | 'business-mail',
  { named: MessageKey; unnamed: MessageKey }
> = {
  'privacy-relay': { named: 'cardVerdictPrivacyRelay', unnamed: 'flagPrivacyRelay' },
  'free-mail': { named: 'cardVerdictFreeMail', unnamed: 'flagFreeMail' },
  'business-mail': { named: 'cardVerdictBusinessMail', unnamed: 'cardVerdictBusinessMailUnnamed' },
};

function foundKind(info: WebmailInfo): 'disposable' | keyof typeof VERDICT_WITH_NAME {
  if (info.is_disposable) return 'disposable';
  if (info.is_privacy_service) return 'privacy-relay';
  return info.is_freemail ? 'free-mail' : 'business-mail';
}

const NOT_FOUND_KIND: Record<NotFoundReason, VerdictKind> = {
  'no-mx': 'will-bounce',
  unrecognised: 'unrecognised-provider',
  unstated: 'no-provider',
};

/** One line saying what matters about an answer, in place of three flags of which two are usually "no". */
export function verdictOf(answer: LookupAnswer): Verdict {
  if (answer.state === 'not-found') {
    return {
      kind: NOT_FOUND_KIND[answer.reason],
      line: NOT_FOUND_WORDS[answer.reason]().title,
      around: null,
    };
  }
  const kind = foundKind(answer.info);
  if (kind === 'disposable') return { kind, line: t('cardVerdictDisposable'), around: null };
  const { named, unnamed } = VERDICT_WITH_NAME[kind];
  const name = plainName(answer.info.nice_name, MAX_NAME_IN_SENTENCE_LENGTH);
  if (!name) return { kind, line: t(unnamed), around: null };
  const [before = '', after = ''] = t(named, NAME_MARK).split(NAME_MARK);
  return { kind, line: t(named, name), around: { before, after } };
}

/**
 * The line of a domain with no provider, from its verdict's kind alone (a list's row keeps the kind, as the
 * CSV does); null for a kind that names a provider, or none.
 */
export function notFoundLine(kind: string): string | null {
  const reason = NOT_FOUND_REASONS.find((each) => NOT_FOUND_KIND[each] === kind);
  return reason ? NOT_FOUND_WORDS[reason]().title : null;
}

/** The verdict of any state: null for one that is no answer (loading, an error). The card and the popup's rows show it. */
export function describeVerdict(result: LookupResult | null): Verdict | null {
  return result?.state === 'found' || result?.state === 'not-found' ? verdictOf(result) : null;
}
