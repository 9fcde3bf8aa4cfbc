import { storage } from 'wxt/utils/storage';
import { z } from 'zod';
import { keptBalanceSchema } from './account-balance.ts';
import { type LookupAnswer, type LookupResult, lookupResultSchema } from './lookup-result.ts';
import { DEFAULT_SETTINGS, managedSettingsSchema, type Settings } from './settings.ts';
import { StoredFamily, StoredItem } from './stored-item.ts';

/*
 * Everything the extension keeps in the browser's storage, declared once: its area, its key, its format.
 * storage.local outlives the browser and holds the person's data, within STORAGE_QUOTA_BYTES (limits.ts);
 * storage.session is cleared when the browser closes, as tab ids are, and keeps what a worker the browser
 * stopped (Chrome: after 30 s idle) must find again. A stored format is people's data: a new one reads the
 * old, or migrates it (WXT's `version` and `migrations`). Only the worker and the extension's pages import
 * this file: storage holds the API key, and content scripts get what they need by message.
 */

// --- storage.local: the person's settings and key ---
// WXT's own items: the pages watch them, and the options page saves both in one write (lib/settings/store.ts).

/** The person's own settings, as the options page saves them (parsed where read: parseSettings). */
export const settingsItem = storage.defineItem<Settings>('local:settings', {
  fallback: DEFAULT_SETTINGS,
  version: 1,
});

/** The API key, kept apart from settings: only the background and the options page use it. */
export const apiKeyItem = storage.defineItem<string>('local:apiKey', { fallback: '', version: 1 });

/**
 * The organisation's policy as the background last read it from storage.managed (the fields it reads, each
 * checked), or `{}` once a read found none; null until a read is recorded. Chromium answers storage.managed
 * only once its policy service is up, seconds after the browser starts: until then every context goes by
 * this one (lib/settings/policy.ts). A policy over MAX_REMEMBERED_POLICY_BYTES is not kept.
 */
export const policySeenItem = new StoredItem('local:policySeen', managedSettingsSchema, null);

// --- storage.local: the bulk page's list, and its run in the worker ---

const bulkDraftSchema = z.object({
  text: z.string(),
  /** The file's name when the list came from a file (always read as a CSV); null for pasted text. */
  fileName: z.string().nullable(),
  /** Whether this list was started: the run in the worker, and its answers, are this list's. */
  started: z.boolean(),
});

/** The list on the bulk page as the person gave it: pasted text, or a .csv file's text and name. */
export type BulkDraft = z.infer<typeof bulkDraftSchema>;

/**
 * The bulk page's list, kept when the page is closed: its run goes on in the worker, and the page opened
 * again shows that run with its list, and gives back the same CSV. Written through keepBulkDraft
 * (entrypoints/bulk/bulk-draft.ts), within MAX_BULK_DRAFT_BYTES.
 */
export const bulkDraftItem = new StoredItem('local:bulkDraft', bulkDraftSchema, {
  text: '',
  fileName: null,
  started: false,
});

/**
 * What a bulk list's run ended in for one domain (an answer, a 404, an error), each within
 * MAX_KEPT_ANSWER_BYTES and all of one list's within MAX_BULK_ANSWER_BYTES: an item per domain, so that a
 * run writes each once. They are the list's own, whatever the answer cache keeps, until another list starts
 * or the person dismisses this one (lib/worker/bulk-run.ts).
 */
export const bulkAnswerFamily = new StoredFamily('local', 'bulkAnswer', lookupResultSchema);

/** Why a run stopped before its end: what the service answered (the key refused, no credits), or no room left. */
const stoppedBySchema = z.union([
  lookupResultSchema,
  /** The list's answers fill MAX_BULK_ANSWER_BYTES: no lookup starts whose answer the list could not keep. */
  z.literal('list-full'),
]);

/**
 * A bulk list's run, kept so that it outlives the worker and the page: its domains, what each ended in, and
 * whether it goes on. `done` says where each domain's result is: `kept` in its own item (bulkAnswerFamily),
 * written with the job in one write; in the job itself while the worker holds a result it has not written
 * yet. `keptBytes` is what the list's items take, counted against MAX_BULK_ANSWER_BYTES.
 */
const bulkJobSchema = z.object({
  domains: z.array(z.string()),
  done: z.record(z.string(), z.union([z.literal('kept'), lookupResultSchema])),
  keptBytes: z.number(),
  state: z.enum(['running', 'finished', 'cancelled', 'stopped']),
  waitUntil: z.number().nullable(),
  stoppedBy: stoppedBySchema.nullable(),
});

export type BulkJob = z.infer<typeof bulkJobSchema>;
export type BulkStoppedBy = z.infer<typeof stoppedBySchema>;

/** The one bulk job, or null: a new list's run takes the place of the last. */
export const bulkJobItem = new StoredItem('local:bulkJob', bulkJobSchema, null);

/**
 * Whether the stored job is behind its run (lib/worker/bulk-run.ts): kept in storage.session, which a full
 * storage.local does not refuse and a stopped worker does not lose.
 */
export const bulkJobBehindItem = new StoredItem('session:bulkJobBehind', z.boolean(), false);

// --- storage.local: the answer cache (lib/worker/answer-cache.ts) ---

const isAnswer = (result: LookupResult): result is LookupAnswer =>
  result.state === 'found' || result.state === 'not-found';

/** One domain's answer and when it expires (epoch ms); only answers are cached, never errors. */
const cachedAnswerSchema = z.object({
  answer: lookupResultSchema.refine(isAnswer),
  expiresAt: z.number(),
});

export type CachedAnswer = z.infer<typeof cachedAnswerSchema>;

/** The cached answers, one item per domain: a worker started again for a hover reads only the one it needs. */
export const answerFamily = new StoredFamily('local', 'answer', cachedAnswerSchema);

/** The stored domains, least recently used first: `[domain, expiresAt, bytes]`. */
const cacheIndexSchema = z.array(z.tuple([z.string(), z.number(), z.number()]));

export type StoredCacheIndex = z.infer<typeof cacheIndexSchema>;

/** The list of stored domains, for eviction, counting and clearing (lib/worker/cache-index.ts); null if none. */
export const answerIndexItem = new StoredItem('local:answerIndex', cacheIndexSchema, null);

// --- storage.session: what the worker keeps for each tab ---

/** Per frame id, the addresses that frame shows; the tab's list is their union. A DESIGN.md contract. */
export const tabAddressesFamily = new StoredFamily(
  'session',
  'tabAddresses',
  z.record(z.string(), z.array(z.string())),
);

/** The domains the popup has paid for on a tab's page (POPUP_LOOKUP_BUDGET at most). */
export const popupBudgetFamily = new StoredFamily('session', 'popupBudget', z.array(z.string()));

const hoverBudgetSchema = z.object({ left: z.number(), at: z.number() });

/** What is left of a tab's hover budget (HOVER_LOOKUP_BURST), and when it was last refilled (epoch ms). */
export type HoverBudget = z.infer<typeof hoverBudgetSchema>;

export const hoverBudgetFamily = new StoredFamily('session', 'hoverBudget', hoverBudgetSchema);

// --- storage.local: the balance the service last stated (lib/worker/balances.ts) ---

/**
 * The last balance stated for each service address and key lately used, most recent first, at most
 * MAX_KEPT_BALANCES. `owner` is a hash of the address and the key (balanceOwner): a balance shows only for
 * the key and the service that stated it, and the key itself is not written twice.
 */
export const balancesItem = new StoredItem(
  'local:balances',
  z.array(keptBalanceSchema.extend({ owner: z.string() })),
  [],
);
