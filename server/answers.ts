import type { Envelope, WebmailInfo } from '#core/webmail-info.ts';
import { MESSAGES } from './messages.ts';

/** A response ready to send: its status and its envelope (spec §2.1), serialised once. */
export interface Answer {
  status: number;
  body: string;
  /** The body's length in bytes, for Content-Length. */
  length: number;
  /** JSON unless said otherwise (the metrics are Prometheus's text). */
  contentType?: string;
}

/** The envelope for every answer, the operations endpoints' too (their 200 has `data: null`). */
function answer(status: number, message: string, data: WebmailInfo | null = null): Answer {
  const envelope: Envelope = { success: status === 200, message, data };
  const body = JSON.stringify(envelope);
  return { status, body, length: Buffer.byteLength(body) };
}

/** Every answer whose text never changes. */
export const ANSWERS = {
  badRequest: answer(400, MESSAGES.badRequest),
  unknownKey: answer(401, MESSAGES.unknownKey),
  noMx: answer(404, MESSAGES.noMx),
  unrecognised: answer(404, MESSAGES.unrecognised),
  noRoute: answer(404, MESSAGES.noRoute),
  methodNotAllowed: answer(405, MESSAGES.methodNotAllowed),
  operationMethodNotAllowed: answer(405, MESSAGES.operationMethodNotAllowed),
  requestTimeout: answer(408, MESSAGES.requestTimeout),
  rateLimited: answer(429, MESSAGES.rateLimited),
  unknownError: answer(500, MESSAGES.unknownError),
  alive: answer(200, MESSAGES.alive),
  ready: answer(200, MESSAGES.ready),
  notReady: answer(503, MESSAGES.notReady),
  shuttingDown: answer(503, MESSAGES.shuttingDown),
} as const;

/** The 401 for a key with nothing left to pay with, pointing to where it can be topped up. */
export function billingAnswer(dashboardUrl: string): Answer {
  return answer(401, MESSAGES.billing(dashboardUrl));
}

/**
 * Each cached lookup answer keeps one webmail info object for as long as it is cached (and its entries are
 * never changed), so its 200 is serialised once for that object: serialising it on every hit was about 5 %
 * of a cached lookup (CPU profile under autocannon).
 */
const foundAnswers = new WeakMap<WebmailInfo, Answer>();

/** The 200 answer carrying this webmail info. */
export function foundAnswer(info: WebmailInfo): Answer {
  let found = foundAnswers.get(info);
  if (!found) {
    found = answer(200, MESSAGES.found, info);
    foundAnswers.set(info, found);
  }
  return found;
}
