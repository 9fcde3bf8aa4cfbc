import type { WebmailInfo } from '#core/webmail-info.ts';

/**
 * What a service said, on one answer, of what its key's account has left (docs/openapi.yaml): the
 * `Webmail-*` headers on any answer to a known key, and on a 200 the same figures as `data` properties. A
 * service may say nothing (the hosted one need not): then there is no balance, and nothing is shown.
 */
export interface Balance {
  /** Credits left after the answer; null where the service did not say. */
  credits: number | null;
  /** The subscription in force: lookups its allowance still gives this period, and when it ends (ISO 8601). */
  subscription: { remaining: number; endsAt: string } | null;
}

/** The headers, lower-case as `Headers` reads them. */
export const BALANCE_HEADERS = {
  credits: 'webmail-credits-remaining',
  subscriptionRemaining: 'webmail-subscription-remaining',
  subscriptionEnds: 'webmail-subscription-ends',
} as const;

/** The 200 answer's `data` properties that say the same: the account's, not the domain's. */
export const BALANCE_PROPERTIES = {
  credits: 'credits_remaining',
  subscriptionRemaining: 'subscription_lookups_remaining',
  subscriptionEnds: 'subscription_ends_at',
} as const;

/** A count as a header writes it: digits only, short enough to be a safe integer's (2^53 has 16). */
const COUNT_TEXT = /^\d{1,16}$/;

/**
 * RFC 3339's date-time (the `format: date-time` of the document): a date, `T`, a time, its zone. Checked
 * again by its parts, so that 2026-02-30 or 25:00 is no date.
 */
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/i;

/** A non-negative safe integer, as JSON holds one; null for anything else (a number as text included). */
function count(value: unknown): number | null {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : null;
}

/** A count as a header writes it; null for anything else. */
function countText(value: string | null): number | null {
  return value !== null && COUNT_TEXT.test(value) ? count(Number(value)) : null;
}

/** A date-time's numbers: year, month, day, hours, minutes, seconds, and its zone's hours and minutes. */
type DateTimeParts = [number, number, number, number, number, number, number, number];

/** Whether a date-time's parts name a real moment: 2026-02-30, 24:00 and a zone of +25:00 do not. */
function realParts([year, month, day, hours, minutes, seconds, zoneHours, zoneMinutes]: DateTimeParts) {
  const date = new Date(Date.UTC(year, month - 1, day));
  const realDay =
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return realDay && hours < 24 && minutes < 60 && seconds < 60 && zoneHours < 24 && zoneMinutes < 60;
}

/** An RFC 3339 date-time that names a real moment, as ISO 8601 in UTC; null for anything else. */
function dateTime(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const parts = DATE_TIME.exec(value);
  if (!parts) return null;
  const zone = (parts[8] ?? '').toUpperCase();
  const numbers = [...parts.slice(1, 7), zone.slice(1, 3), zone.slice(4)].map(Number) as DateTimeParts;
  const time = Date.parse(value.toUpperCase());
  return realParts(numbers) && Number.isFinite(time) ? new Date(time).toISOString() : null;
}

/**
 * The balance an answer states: each figure from its header, else from the 200's `data`, and only where it
 * is what the document says it is (a non-negative integer, a real date); anything else is not read, never
 * guessed at. A subscription needs both its figures. Null when the answer states nothing.
 */
export function readBalance(headers: Headers, data: Record<string, unknown> | null): Balance | null {
  const header = (name: keyof typeof BALANCE_HEADERS) => headers.get(BALANCE_HEADERS[name]);
  const property = (name: keyof typeof BALANCE_PROPERTIES) => data?.[BALANCE_PROPERTIES[name]];
  const credits = countText(header('credits')) ?? count(property('credits'));
  const remaining = countText(header('subscriptionRemaining')) ?? count(property('subscriptionRemaining'));
  const endsAt = dateTime(header('subscriptionEnds')) ?? dateTime(property('subscriptionEnds'));
  const subscription = remaining !== null && endsAt !== null ? { remaining, endsAt } : null;
  return credits === null && subscription === null ? null : { credits, subscription };
}

/**
 * A 200's webmail info without the balance properties: they are the account's at one moment, and the info
 * is the domain's, cached and shown long after (the balance travels apart, in the outcome).
 */
export function withoutBalance(info: WebmailInfo): WebmailInfo {
  const domainOnly = { ...info };
  for (const name of Object.values(BALANCE_PROPERTIES)) delete domainOnly[name];
  return domainOnly;
}
