import { z } from 'zod';
import { MAX_DOMAIN_LENGTH } from '#core/email/rfc-limits.ts';
import {
  MAX_ADDRESSES_PER_PAGE,
  MAX_API_KEY_LENGTH,
  MAX_BULK_DOMAINS,
  MAX_FOUND_ADDRESS_LENGTH,
  MAX_QUERY_LENGTH,
} from '#extension/limits.ts';
import { LOCALES } from '#extension/locales.ts';
import {
  LOOKUP_INTENTS,
  type QueryUnderFocusAnswer,
  type Request,
  type RequestType,
} from '#extension/protocol.ts';
import { baseUrlSchema } from '#extension/settings.ts';

/*
 * Every message into the background, checked for shape before anything is done with it: one schema per
 * request of the protocol (lib/extension/protocol.ts), which the type check holds to it (HeldToProtocol).
 */

/** A domain as a request names it. */
const domainSchema = z.string().min(1).max(MAX_DOMAIN_LENGTH);
/** A bulk list's distinct domains, lower-case, as the page found them. */
const bulkDomainsSchema = z.array(domainSchema).min(1).max(MAX_BULK_DOMAINS);

const requests = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('lookup'),
    domain: domainSchema,
    refresh: z.boolean().optional(),
    intent: z.enum(LOOKUP_INTENTS).optional(),
  }),
  z.object({ type: z.literal('cached'), domain: domainSchema }),
  z.object({
    type: z.literal('report-addresses'),
    addresses: z.array(z.string().min(3).max(MAX_FOUND_ADDRESS_LENGTH)).max(MAX_ADDRESSES_PER_PAGE),
  }),
  z.object({ type: z.literal('tab-summary'), tabId: z.number().int().nonnegative() }),
  z.object({
    type: z.literal('test-key'),
    apiKey: z.string().max(MAX_API_KEY_LENGTH),
    baseUrl: baseUrlSchema,
  }),
  z.object({ type: z.literal('open-options') }),
  // A page's host name: empty on pages without one (file:, about:).
  z.object({ type: z.literal('content-settings'), hostname: z.string().max(MAX_DOMAIN_LENGTH) }),
  z.object({ type: z.literal('words'), have: z.enum(LOCALES).optional() }),
  z.object({ type: z.literal('managed-settings') }),
  z.object({ type: z.literal('cache-stats') }),
  z.object({ type: z.literal('clear-cache') }),
  z.object({ type: z.literal('balance') }),
  z.object({ type: z.literal('bulk-plan'), domains: bulkDomainsSchema }),
  z.object({ type: z.literal('bulk-start'), domains: bulkDomainsSchema }),
  z.object({ type: z.literal('bulk-cancel') }),
  z.object({ type: z.literal('bulk-status') }),
  z.object({ type: z.literal('bulk-answers'), domains: bulkDomainsSchema }),
  z.object({ type: z.literal('bulk-dismiss') }),
]);

const queryUnderFocus = z.object({ query: z.string().max(MAX_QUERY_LENGTH) });

/** Whether two types are the same, property by property and modifier by modifier (not merely assignable). */
type Same<A, B> = (<G>() => G extends A ? 1 : 2) extends <G>() => G extends B ? 1 : 2 ? true : false;

/**
 * The request types whose schema and protocol entry differ (a field one has and the other has not, an
 * optional one, another type), and those with a schema and no entry or an entry and no schema: never, when
 * the two agree. Both what the schema takes and what it gives are compared.
 */
export type Drift<Schema extends z.ZodType<{ type: string }>> =
  | {
      [T in RequestType]: Same<Extract<z.output<Schema>, { type: T }>, Request<T>> extends true
        ? Same<Extract<z.input<Schema>, { type: T }>, Request<T>> extends true
          ? never
          : T
        : T;
    }[RequestType]
  | Exclude<z.output<Schema>['type'], RequestType>;

/** A schema of requests as it is when it agrees with the protocol; else what the type check says drifted. */
export type HeldToProtocol<Schema extends z.ZodType<{ type: string }>> = [Drift<Schema>] extends [never]
  ? Schema
  : { drifted: Drift<Schema> };

/** Every request's schema: where one drifts from the protocol, the type check fails here and names it. */
export const requestSchema: HeldToProtocol<typeof requests> = requests;

/** A content script's answer to the keyboard shortcut (QueryUnderFocusAnswer): what the person selected or focused. */
export const queryUnderFocusSchema: Same<z.output<typeof queryUnderFocus>, QueryUnderFocusAnswer> extends true
  ? typeof queryUnderFocus
  : { driftedFrom: QueryUnderFocusAnswer } = queryUnderFocus;
