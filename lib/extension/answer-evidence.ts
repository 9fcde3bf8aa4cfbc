import type { MailboxEvidenceProperties } from '#core/catalog/classify.ts';
import type { ProviderConfidence, ProviderSource } from '#core/catalog/mailbox-evidence.ts';
import type { WebmailInfo } from '#core/webmail-info.ts';
import { MAX_GATEWAY_NAME_LENGTH } from './limits.ts';

/**
 * What an answer says it saw of the domain's records (lib/core/catalog/mailbox-evidence.ts writes it, as
 * additional properties of the spec's webmail info): which record named the provider, how sure that is,
 * and the security gateway in front of the mailbox.
 */
export interface AnswerEvidence {
  source: ProviderSource;
  confidence: ProviderConfidence;
  /** The gateway's name as plain text, one line, at most MAX_GATEWAY_NAME_LENGTH characters; null without one. */
  gateway: string | null;
}

// The values each property may take. Typed by the catalog's own types, so that a value added there and not
// here (or the reverse) fails to compile; the catalog's module itself holds its provider data, which stays
// out of the card's bundle.
const SOURCES: Record<ProviderSource, true> = { mx: true, spf: true, 'ms-verification': true };
const CONFIDENCES: Record<ProviderConfidence, true> = { high: true, medium: true, low: true };

const isKey = <K extends string>(values: Record<K, true>, value: unknown): value is K =>
  typeof value === 'string' && Object.hasOwn(values, value);

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
  if (!isKey(SOURCES, source) || !isKey(CONFIDENCES, confidence)) return null;
  return { source, confidence, gateway: plainName(gateway, MAX_GATEWAY_NAME_LENGTH) };
}
