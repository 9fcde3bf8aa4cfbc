import { z } from 'zod';
import { CLIENT_PROBLEMS, NOT_FOUND_REASONS } from '#core/api/outcome.ts';
import { webmailInfoSchema } from '#core/webmail-info-schema.ts';

/** Where an answer came from: the Webmail Info API, or the catalog built into the extension. */
export type LookupSource = 'api' | 'catalog';

/** Why a built-in answer is shown instead of the API's. */
export type FallbackReason = 'no-key' | 'unreachable';

/**
 * Why a lookup failed, as a code the words are chosen by where they are shown (describe-result.ts), in the
 * language of that moment: the client's codes, and an answer too large for this extension to keep.
 */
const problemSchema = z.object({
  code: z.enum([...CLIENT_PROBLEMS, 'answer-too-large']),
  status: z.number().optional(),
  seconds: z.number().optional(),
});
export type LookupProblem = z.infer<typeof problemSchema>;

const answerFields = {
  source: z.enum(['api', 'catalog']),
  /** When the answer was fetched (epoch ms): the card shows its age. */
  fetchedAt: z.number(),
  fallbackReason: z.enum(['no-key', 'unreachable']).optional(),
};

/**
 * What a lookup of one domain ends in, for every screen that shows it. Answers (found, not found) can be
 * cached; the other states never are.
 */
export const lookupResultSchema = z.discriminatedUnion('state', [
  z.object({ state: z.literal('found'), info: webmailInfoSchema, ...answerFields }),
  z.object({
    state: z.literal('not-found'),
    /** Whether the domain takes no mail (it will bounce) or a mailbox we cannot name; unstated in an answer cached before it was kept. */
    reason: z.enum(NOT_FOUND_REASONS).default('unstated'),
    message: z.string(),
    ...answerFields,
  }),
  z.object({ state: z.literal('no-key') }),
  z.object({ state: z.literal('unknown-key'), message: z.string() }),
  z.object({ state: z.literal('billing'), message: z.string(), topUpUrl: z.string().nullable() }),
  z.object({
    state: z.literal('rate-limited'),
    message: z.string(),
    /** When the service may be asked again (epoch ms), from its Retry-After; null when it did not say. */
    retryAt: z.number().nullable(),
  }),
  z.object({ state: z.literal('invalid'), message: z.string() }),
  /** The service could not be reached or answered badly, and the catalog does not know the domain. */
  z.object({ state: z.literal('unreachable'), message: z.string(), problem: problemSchema.optional() }),
  /** The tab's budget of lookups without a click is spent (HOVER_LOOKUP_BURST): a click in the card asks. */
  z.object({ state: z.literal('over-budget') }),
]);

export type LookupResult = z.infer<typeof lookupResultSchema>;
export type LookupState = LookupResult['state'];
export type LookupAnswer = Extract<LookupResult, { state: 'found' | 'not-found' }>;
