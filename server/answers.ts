import type { Envelope, WebmailInfo } from '#core/webmail-info.ts';
import { balanceMembers, type ShownBalance } from './balance.ts';
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

/** A 200's envelope as JSON without its last two braces, and that text's length in bytes. */
interface OpenFoundBody {
  text: string;
  length: number;
}

/**
 * Each cached lookup answer keeps one webmail info object for as long as it is cached (and its entries are
 * never changed), so its 200 is serialised once for that object, without the balance, which is the asking
 * account's and closes the body on each answer: serialising the envelope on every hit was about 5 % of a
 * cached lookup (CPU profile under autocannon).
 */
const openFoundBodies = new WeakMap<WebmailInfo, OpenFoundBody>();

/** The 200 answer carrying this webmail info, and the balance of the account that asked. */
export function foundAnswer(info: WebmailInfo, balance: ShownBalance | null): Answer {
  let open = openFoundBodies.get(info);
  if (!open) {
    const { body, length } = answer(200, MESSAGES.found, info);
    // JSON.stringify ends an envelope whose data is an object with `}}`.
    open = { text: body.slice(0, -2), length: length - 2 };
    openFoundBodies.set(info, open);
  }
  // The members are ASCII: one byte per character.
  const tail = `${balance ? balanceMembers(balance) : ''}}}`;
  return { status: 200, body: open.text + tail, length: open.length + tail.length };
}
