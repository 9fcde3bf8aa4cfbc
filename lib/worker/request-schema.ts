import { z } from 'zod';
import { MAX_QUERY_LENGTH } from '#extension/keyboard-command.ts';
import { MAX_ADDRESSES_PER_PAGE, MAX_BULK_DOMAINS } from '#extension/limits.ts';
import { LOCALES } from '#extension/locales.ts';
import { baseUrlSchema } from '#settings/schema.ts';

/** Every message into the background, checked for shape before anything is done with it. */
const domainSchema = z.string().min(1).max(253);
/** A bulk list's distinct domains, lower-case, as the page found them. */
const bulkDomainsSchema = z.array(domainSchema).min(1).max(MAX_BULK_DOMAINS);

export const requestSchema = z.discriminatedUnion('type', [
  /**
   * A lookup on a person's intent: a hover or a click in a card (`intent`, which says which: a card's lookups
   * have a budget per tab, lib/worker/card-lookup.ts), a manual lookup, a click on a domain in the popup.
   */
  z.object({
    type: z.literal('lookup'),
    domain: z.string().min(1).max(253),
    refresh: z.boolean().optional(),
    intent: z.enum(['hover', 'click']).optional(),
  }),
  /**
   * The answer already cached for a domain, or null: never the API. Sent as the pointer comes to an
   * address, so the card has it (and a stopped worker is awake) when the hover delay ends.
   */
  z.object({ type: z.literal('cached'), domain: z.string().min(1).max(253) }),
  /** The content script's distinct addresses on its tab (badge, popup). */
  z.object({
    type: z.literal('report-addresses'),
    addresses: z.array(z.string().min(3).max(320)).max(MAX_ADDRESSES_PER_PAGE),
  }),
  /** The popup's list: the tab's addresses with answers, looking up at most the tab's budget. */
  z.object({ type: z.literal('tab-summary'), tabId: z.number().int().nonnegative() }),
  z.object({ type: z.literal('test-key'), apiKey: z.string().max(500), baseUrl: baseUrlSchema }),
  z.object({ type: z.literal('open-options') }),
  /** What a content script needs of settings: storage itself is closed to content scripts (it holds the key). */
  z.object({ type: z.literal('content-settings'), hostname: z.string().max(253) }),
  /** The messages of the language in force; `have` is the locale the asker speaks already. */
  z.object({ type: z.literal('words'), have: z.enum(LOCALES).optional() }),
  /** Which settings the organisation set by policy, and their values: never the key's. */
  z.object({ type: z.literal('managed-settings') }),
  z.object({ type: z.literal('cache-stats') }),
  z.object({ type: z.literal('clear-cache') }),
  /** The balance the service last stated for the key in force, and when: never the API, never the key. */
  z.object({ type: z.literal('balance') }),
  /** Which of a bulk list's domains have an answer cached (they cost nothing): never the API. */
  z.object({ type: z.literal('bulk-plan'), domains: bulkDomainsSchema }),
  /** A person's click on the bulk page: the worker looks the domains up, whether the page stays open or not. */
  z.object({ type: z.literal('bulk-start'), domains: bulkDomainsSchema }),
  z.object({ type: z.literal('bulk-cancel') }),
  /** The bulk run's progress; asking wakes a stopped worker, which takes an unfinished run up again. */
  z.object({ type: z.literal('bulk-status') }),
  /** The answers of a bulk list's domains: what its run ended in, else what the cache holds. */
  z.object({ type: z.literal('bulk-answers'), domains: bulkDomainsSchema }),
  /** A person lets go of a list that is over: its answers are removed from storage. */
  z.object({ type: z.literal('bulk-dismiss') }),
]);

export type Request = z.infer<typeof requestSchema>;
export type RequestType = Request['type'];

/** The only request types a content script may send; the rest come from the extension's own pages. */
export const CONTENT_SCRIPT_REQUESTS: ReadonlySet<RequestType> = new Set([
  'lookup',
  'cached',
  'report-addresses',
  'open-options',
  'content-settings',
  'words',
]);

/** A content script's answer to the keyboard shortcut: what the person selected or focused. */
export const queryUnderFocusSchema = z.object({ query: z.string().max(MAX_QUERY_LENGTH) });
