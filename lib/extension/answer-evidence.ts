import {
  type MailboxEvidenceProperties,
  PROVIDER_CONFIDENCES,
  PROVIDER_SOURCES,
  type ProviderConfidence,
  type ProviderSource,
  type WebmailInfo,
} from '#core/webmail-info.ts';
import { MAX_GATEWAY_NAME_LENGTH } from './limits.ts';

/**
 * What an answer says it saw of the domain's records (found by lib/core/catalog/mailbox-evidence.ts, carried
 * as additional properties of the webmail info, lib/core/webmail-info.ts): which record named the provider,
 * how sure that is, and the security gateway in front of the mailbox.
 */
export interface AnswerEvidence {
  source: ProviderSource;
  confidence: ProviderConfidence;
  /** The gateway's name as plain text, one line, at most MAX_GATEWAY_NAME_LENGTH characters; null without one. */
  gateway: string | null;
}

const isOneOf = <K extends string>(values: readonly K[], value: unknown): value is K =>
  (values as readonly unknown[]).includes(value);

/**
 * A name from the API as one line of plain text for a sentence: breaks and tabs made spaces, control and
 * format characters dropped (a right-to-left override would reorder the sentence around it), spaces
 * collapsed, and cut to `max` characters with an ellipsis. Null when nothing is left.
 */
export function plainName(value: unknown, max: number): string | null {
  if (typeof value !== 'string') return null;
  const characters = [
    ...value
      .replace(/\s+/g, ' ')
      .replace(/[\p{Cc}\p{Cf}]/gu, '')
      .replace(/ {2,}/g, ' ')
      .trim(),
  ];
  if (characters.length === 0) return null;
  if (characters.length <= max) return characters.join('');
  const kept = characters.slice(0, max - 1).join('');
  return `${kept.trimEnd()}…`;
}

/**
 * The evidence an answer carries, or null when it carries none we know: the answer's properties come from
 * the network, so a source or a confidence that is not one of ours means nothing is said about either, and a
 * gateway that is not a name is left out.
 */
export function answerEvidence(info: WebmailInfo): AnswerEvidence | null {
  const {
    provider_source: source,
    provider_confidence: confidence,
    gateway,
  } = info as Partial<Record<keyof MailboxEvidenceProperties, unknown>>;
  if (!isOneOf(PROVIDER_SOURCES, source) || !isOneOf(PROVIDER_CONFIDENCES, confidence)) return null;
  return { source, confidence, gateway: plainName(gateway, MAX_GATEWAY_NAME_LENGTH) };
}
