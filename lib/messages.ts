import { browser } from 'wxt/browser';
import { z } from 'zod';
import { MAX_ADDRESSES_PER_PAGE } from './limits.ts';
import type { LookupResult } from './lookup/result.ts';
import { baseUrlSchema } from './settings.ts';

/** Every message into the background, checked for shape before anything is done with it. */
export const requestSchema = z.discriminatedUnion('type', [
  /** A lookup on a person's intent: a hover, a manual lookup, a click on a domain in the popup. */
  z.object({
    type: z.literal('lookup'),
    domain: z.string().min(1).max(253),
    refresh: z.boolean().optional(),
  }),
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
  z.object({ type: z.literal('cache-stats') }),
  z.object({ type: z.literal('clear-cache') }),
]);

export type Request = z.infer<typeof requestSchema>;
export type RequestType = Request['type'];

export interface ContentSettings {
  enabled: boolean;
  hoverDelayMs: number;
  searchQueryTemplate: string;
  gmailIntegration: boolean;
}

export interface TabSummary {
  addresses: string[];
  /** Per domain: the answer, or null where the budget left it unlooked-up. */
  results: Record<string, LookupResult | null>;
  budgetLeft: number;
}

export interface Responses {
  lookup: LookupResult;
  'report-addresses': { count: number };
  'tab-summary': TabSummary;
  'test-key': { ok: boolean; title: string; detail: string };
  'open-options': { opened: boolean };
  'content-settings': ContentSettings;
  'cache-stats': { entries: number };
  'clear-cache': { entries: number };
}

/** The only request types a content script may send; the rest come from the extension's own pages. */
export const CONTENT_SCRIPT_REQUESTS: ReadonlySet<RequestType> = new Set([
  'lookup',
  'report-addresses',
  'open-options',
  'content-settings',
]);

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
      if (attempt >= 2) throw new Error('The extension did not answer; reload the page.');
    } catch (error) {
      if (attempt >= 2) throw error;
    }
  }
}
