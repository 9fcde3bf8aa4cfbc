import type { KeptBalance } from './account-balance.ts';
import type { Messages } from './i18n.ts';
import type { Locale } from './locales.ts';
import type { LookupResult } from './lookup-result.ts';
import type { ManagedField, Settings } from './settings.ts';

/*
 * Every request into the background, in one map: its fields, its answer, and who may send it. Senders type
 * their requests by it (sendRequest, messaging.ts); the worker's handlers answer by it (lib/worker/router.ts),
 * and its schemas, which check each message before anything is done with it, are checked against it
 * (lib/worker/request-schema.ts), so a field added on one side only fails the type check. The schemas stay
 * with the receiver, and this file holds types and one small map: zod stays out of the content script.
 */

/**
 * Who may send a request. The extension's own pages may send every request; a content script, which runs
 * on any web page and does what that page steers it to, only those marked `content-script`. None of those
 * spends credits past a budget or hands out the key (Firefox lets content scripts read storage.local).
 */
export type RequestSender = 'content-script' | 'extension-page';

/** One request's entry: who may send it, and (as types alone, never present at run time) its fields and answer. */
export interface RequestEntry<Fields extends object, Answer> {
  readonly from: RequestSender;
  readonly shape?: (fields: Fields) => Answer;
}

/** A request a content script may send (and the extension's pages). */
const fromContentScripts = <Fields extends object, Answer>(): RequestEntry<Fields, Answer> => ({
  from: 'content-script',
});

/** A request only the extension's own pages may send. */
const fromExtensionPages = <Fields extends object, Answer>(): RequestEntry<Fields, Answer> => ({
  from: 'extension-page',
});

/** How the person asked a card for a lookup: a rest of the pointer or keyboard focus, or a click in the card. */
export const LOOKUP_INTENTS = ['hover', 'click'] as const;
export type LookupIntent = (typeof LOOKUP_INTENTS)[number];

/** A bulk list's domains: distinct, lower-case, as the page found them (MAX_BULK_DOMAINS at most). */
type BulkDomains = { domains: string[] };
/** How many answers the cache keeps, and whether storage took its last write. */
type CacheStats = { entries: number; saved: boolean };

export const PROTOCOL = {
  /**
   * A lookup on a person's intent: a hover or a click in a card (`intent`, which says which: a card's lookups
   * have a budget per tab, lib/worker/card-lookup.ts), a manual lookup, a click on a domain in the popup.
   */
  lookup: fromContentScripts<
    { domain: string; refresh?: boolean | undefined; intent?: LookupIntent | undefined },
    LookupResult
  >(),
  /**
   * The answer already cached for a domain, or null: never the API. Sent as the pointer comes to an
   * address, so the card has it (and a stopped worker is awake) when the hover delay ends.
   */
  cached: fromContentScripts<{ domain: string }, LookupResult | null>(),
  /** The content script's distinct addresses on its tab (badge, popup); the answer is the tab's count. */
  'report-addresses': fromContentScripts<{ addresses: string[] }, { count: number }>(),
  /** The popup's list: the tab's addresses with answers, looking up at most the tab's budget. */
  'tab-summary': fromExtensionPages<{ tabId: number }, TabSummary>(),
  /** Whether the key can be used, and one sentence that says so; the balance the service stated for it. */
  'test-key': fromExtensionPages<
    { apiKey: string; baseUrl: string },
    { ok: boolean; text: string; balance: KeptBalance | null }
  >(),
  'open-options': fromContentScripts<object, { opened: boolean }>(),
  /** What a content script needs of settings: storage itself is closed to content scripts (it holds the key). */
  'content-settings': fromContentScripts<{ hostname: string }, ContentSettings>(),
  /**
   * The messages of the language in force; `have` is the locale the asker speaks already. The answer is the
   * locale in force, with its messages unless the asker speaks it already.
   */
  words: fromContentScripts<{ have?: Locale | undefined }, { locale: Locale; messages: Messages | null }>(),
  /** Which settings the organisation set by policy, and their values: never the key's. */
  'managed-settings': fromExtensionPages<object, { fields: ManagedField[]; settings: Partial<Settings> }>(),
  'cache-stats': fromExtensionPages<object, CacheStats>(),
  'clear-cache': fromExtensionPages<object, CacheStats>(),
  /** The balance the service last stated for the key in force, and when: never the API, never the key. */
  balance: fromExtensionPages<object, KeptBalance | null>(),
  /** Which of a bulk list's domains have an answer cached (they cost nothing): never the API. */
  'bulk-plan': fromExtensionPages<BulkDomains, { cached: string[] }>(),
  /** A person's click on the bulk page: the worker looks the domains up, whether the page stays open or not. */
  'bulk-start': fromExtensionPages<BulkDomains, BulkStatus>(),
  'bulk-cancel': fromExtensionPages<object, BulkStatus | null>(),
  /** The bulk run's progress; asking wakes a stopped worker, which takes an unfinished run up again. */
  'bulk-status': fromExtensionPages<object, BulkStatus | null>(),
  /** The answers of a bulk list's domains: what its run ended in, else what the cache holds. */
  'bulk-answers': fromExtensionPages<BulkDomains, Record<string, LookupResult | null>>(),
  /**
   * A person lets go of a list that is over: its answers are removed from storage. The answer says whether
   * they were: not while its run goes on.
   */
  'bulk-dismiss': fromExtensionPages<object, { dismissed: boolean }>(),
};

export type RequestType = keyof typeof PROTOCOL;

/**
 * The one question the background asks a tab (tabs.sendMessage), on the lookup shortcut: what the person
 * selected or focused there (lib/page/query-under-focus.ts answers, lib/worker/lookup-window.ts asks).
 */
export const QUERY_UNDER_FOCUS = 'query-under-focus';
export interface QueryUnderFocusAnswer {
  /** The selected text, else the focused element's address, within MAX_QUERY_LENGTH; empty for neither. */
  query: string;
}

type Shape<T extends RequestType> = NonNullable<(typeof PROTOCOL)[T]['shape']>;

/** A request's fields, besides its type. */
export type RequestFields<T extends RequestType> = Parameters<Shape<T>>[0];

/** One object type of an intersection, as its properties read (a request as sent, as zod's output writes it). */
type Flat<O> = { [K in keyof O]: O[K] };

/** A request as sent: its type and its fields. */
export type Request<T extends RequestType = RequestType> = T extends RequestType
  ? Flat<{ type: T } & RequestFields<T>>
  : never;

/** Each request's answer. */
export type Responses = { [T in RequestType]: ReturnType<Shape<T>> };

export interface ContentSettings {
  enabled: boolean;
  hoverDelayMs: number;
  searchQueryTemplate: string;
  gmailIntegration: boolean;
  outlookIntegration: boolean;
  sendingAddresses: string[];
  /** The language in force: the card asks for its words when it is not the one it speaks. */
  locale: Locale;
}

export interface TabSummary {
  addresses: string[];
  /** Per domain: the answer, or null where the budget left it unlooked-up. */
  results: Record<string, LookupResult | null>;
  budgetLeft: number;
}

/** Where a bulk run is: it goes on in the worker, whether its page is open or not. */
export interface BulkStatus {
  state: 'running' | 'finished' | 'cancelled' | 'stopped';
  total: number;
  done: number;
  /** While a 429 holds the run: when it asks again (epoch ms). */
  waitUntil: number | null;
  /** Lookups on their way: after a Cancel, their answers still come, and count. */
  lookingUp: number;
  /**
   * What stopped it: the service's answer (the key refused, nothing left to pay with), or `list-full` when the
   * list's answers fill what is kept for one list (MAX_BULK_ANSWER_BYTES); null otherwise.
   */
  stoppedBy: LookupResult | 'list-full' | null;
  /**
   * Whether its progress is kept in storage. When the browser refuses to keep it (a full store), the run goes
   * on in the worker, with nothing to take it up again should the browser stop the worker.
   */
  saved: boolean;
}
