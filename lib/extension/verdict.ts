/**
 * What an answer is, as data: its three flags by one name each. The words for them are in
 * describe-result.ts; the API's names (`is_disposable`, `is_freemail`, `is_privacy_service`) stay at the wire.
 */
import type { WebmailInfo } from '#core/webmail-info.ts';

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
