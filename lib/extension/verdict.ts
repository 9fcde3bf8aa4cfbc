/**
 * What an answer is, as data: its three flags by one name each, and its verdict, the one thing that matters
 * about it. Pure, and without words: describe-result.ts says each verdict in words, by a table keyed by it.
 * The API's names of the flags (`is_disposable`, `is_freemail`, `is_privacy_service`) stay at the wire.
 */
import type { NotFoundReason } from '#core/api/outcome.ts';
import type { WebmailInfo } from '#core/webmail-info.ts';
import type { LookupAnswer, LookupResult } from './lookup-result.ts';

/** The flags, in the order every list of them shows them: the card's details, the popup's marks, the CSV. */
export const FLAGS = ['disposable', 'freeMail', 'privacyRelay'] as const;
export type Flag = (typeof FLAGS)[number];
export type AnswerFlags = Readonly<Record<Flag, boolean>>;

/** The flags of an answer, from the API's names for them. */
export function flagsOf(info: WebmailInfo): AnswerFlags {
  return {
    disposable: info.is_disposable,
    freeMail: info.is_freemail,
    privacyRelay: info.is_privacy_service,
  };
}

/**
 * The verdicts of an answer that names a provider, the strongest first: an answer's is the first whose flag
 * it has set, and business mail where it has none. A list grouped by flag shows them in this order too.
 */
export const FOUND_VERDICTS = ['disposable', 'privacy-relay', 'free-mail', 'business-mail'] as const;
export type FoundVerdict = (typeof FOUND_VERDICTS)[number];

/** The flag each verdict stands for; business mail is the absence of them all. */
const FLAG_OF: Record<FoundVerdict, Flag | null> = {
  disposable: 'disposable',
  'privacy-relay': 'privacyRelay',
  'free-mail': 'freeMail',
  'business-mail': null,
};

/** The verdicts of an answer without a provider: a domain that takes no mail is not a mailbox we cannot name. */
const NOT_FOUND_VERDICTS = {
  'no-mx': 'will-bounce',
  unrecognised: 'unrecognised-provider',
  unstated: 'no-provider',
} as const satisfies Record<NotFoundReason, string>;
export type NotFoundVerdict = (typeof NOT_FOUND_VERDICTS)[NotFoundReason];

/**
 * What matters about an address, as one value: what a list sorts, groups and filters by, the CSV's `verdict`
 * column (its values are an export contract), and what the card's verdict line says.
 */
export type Verdict = FoundVerdict | NotFoundVerdict;

export function isFoundVerdict(value: string | null): value is FoundVerdict {
  return (FOUND_VERDICTS as readonly (string | null)[]).includes(value);
}

export function foundVerdict(flags: AnswerFlags): FoundVerdict {
  return (
    FOUND_VERDICTS.find((verdict) => {
      const flag = FLAG_OF[verdict];
      return flag === null || flags[flag];
    }) ?? 'business-mail'
  );
}

export function notFoundVerdict(reason: NotFoundReason): NotFoundVerdict {
  return NOT_FOUND_VERDICTS[reason];
}

/** The verdict of an answer, found or not. */
export function answerVerdict(answer: LookupAnswer): Verdict {
  return answer.state === 'found' ? foundVerdict(flagsOf(answer.info)) : notFoundVerdict(answer.reason);
}

/** The verdict of any state: null for one that is no answer (on its way, not looked up, an error). */
export function verdictOf(result: LookupResult | null): Verdict | null {
  return result?.state === 'found' || result?.state === 'not-found' ? answerVerdict(result) : null;
}
