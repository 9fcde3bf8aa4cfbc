import { browser } from 'wxt/browser';
import type { RequestFields, RequestType, Responses } from './protocol.ts';

/**
 * The messaging layer as its senders use it: sendRequest, typed by the protocol (protocol.ts). The protocol's
 * types are exported here too, for the pages and the card that send requests and read their answers.
 */
export type { BulkStatus, ContentSettings, Responses, TabSummary } from './protocol.ts';

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
  request: { type: T } & RequestFields<T>,
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
