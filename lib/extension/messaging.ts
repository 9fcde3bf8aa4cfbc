import { browser } from 'wxt/browser';
import type { ManagedField } from '#settings/managed.ts';
import type { Settings } from '#settings/schema.ts';
import type { Request, RequestType } from '#worker/request-schema.ts';
import type { KeptBalance } from './account-balance.ts';
import type { Messages } from './i18n.ts';
import type { Locale } from './locales.ts';
import type { LookupResult } from './lookup-result.ts';

/**
 * The messaging layer as its senders use it: types and sendRequest only. The schema that checks messages
 * lives with the receiver (lib/worker/request-schema.ts), so zod stays out of the content script that runs
 * on every page.
 */
export type { Request, RequestType };

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

export interface Responses {
  lookup: LookupResult;
  cached: LookupResult | null;
  'report-addresses': { count: number };
  'tab-summary': TabSummary;
  /** Whether the key can be used, and one sentence that says so; the balance the service stated for it. */
  'test-key': { ok: boolean; text: string; balance: KeptBalance | null };
  'open-options': { opened: boolean };
  'content-settings': ContentSettings;
  /** The locale in force, with its messages unless the asker speaks it already. */
  words: { locale: Locale; messages: Messages | null };
  'managed-settings': { fields: ManagedField[]; settings: Partial<Settings> };
  /** How many answers the cache keeps, and whether storage took its last write. */
  'cache-stats': { entries: number; saved: boolean };
  'clear-cache': { entries: number; saved: boolean };
  balance: KeptBalance | null;
  'bulk-plan': { cached: string[] };
  'bulk-start': BulkStatus;
  'bulk-cancel': BulkStatus | null;
  'bulk-status': BulkStatus | null;
  'bulk-answers': Record<string, LookupResult | null>;
  /** Whether the list and its answers were let go: not while its run goes on. */
  'bulk-dismiss': { dismissed: boolean };
}

/**
 * The background did not answer a request, twice. Its words are the page's to choose (errorWords): the
 * messages stay out of the content script, which runs on every page.
 */
export class NoAnswerError extends Error {
  constructor() {
    super('The extension did not answer.');
  }
}

/**
 * Sends a request to the background and returns its typed answer. A service worker stopped while it held
 * the message (Chrome stops idle workers) leaves no answer; Chrome starts a fresh worker for the next
 * message, so the request is sent once more before giving up.
 */
export async function sendRequest<T extends RequestType>(
  request: Extract<Request, { type: T }>,
): Promise<Responses[T]> {
  for (let attempt = 1; ; attempt++) {
    try {
      const response: unknown = await browser.runtime.sendMessage(request);
      if (response !== undefined) return response as Responses[T];
      if (attempt >= 2) throw new NoAnswerError();
    } catch (error) {
      if (attempt >= 2) throw error;
    }
  }
}
