import { subscriptionRuns } from './billing-rule.ts';

/**
 * What an answer tells the holder of a known key is left: on every answer as headers, and on a 200 as
 * additional properties of `data` (docs/openapi.yaml describes both). Figures are the account's at a moment
 * between the request's arrival and its answer, after the request's own charge; never made up: an answer
 * whose balance could not be read carries none.
 */
export interface ShownBalance {
  credits: number;
  /** Null unless a subscription runs at the time of the answer. */
  subscription: {
    /** Lookups its allowance still gives in the current period. */
    lookupsRemaining: number;
    /** When it ends, as RFC 3339 UTC text; null for a stored time no date can show. */
    endsAt: string | null;
  } | null;
}

export const BALANCE_HEADERS = {
  credits: 'Webmail-Credits-Remaining',
  subscriptionRemaining: 'Webmail-Subscription-Remaining',
  subscriptionEnds: 'Webmail-Subscription-Ends',
} as const;

export const BALANCE_PROPERTIES = {
  credits: 'credits_remaining',
  subscriptionRemaining: 'subscription_lookups_remaining',
  subscriptionEnds: 'subscription_ends_at',
} as const;

/** The last end formatted: an account's answers all carry the same one, so most calls format nothing. */
let formatted = { time: Number.NaN, text: null as string | null };

function dateText(time: number): string | null {
  if (time !== formatted.time) {
    const date = new Date(time);
    formatted = { time, text: Number.isNaN(date.getTime()) ? null : date.toISOString() };
  }
  return formatted.text;
}

/** A balance (storage's Balance) as an answer at `time` shows it: the subscription only while it runs. */
export function shownBalance(
  credits: number,
  subscriptionAllowance: number,
  subscriptionExpiresAt: number | null,
  time: number,
): ShownBalance {
  if (subscriptionExpiresAt === null || !subscriptionRuns(subscriptionExpiresAt, time))
    return { credits, subscription: null };
  return {
    credits,
    subscription: { lookupsRemaining: subscriptionAllowance, endsAt: dateText(subscriptionExpiresAt) },
  };
}

/** Sets the balance's headers on `headers`. */
export function addBalanceHeaders(headers: Record<string, string | number>, balance: ShownBalance): void {
  headers[BALANCE_HEADERS.credits] = balance.credits;
  const { subscription } = balance;
  if (!subscription) return;
  headers[BALANCE_HEADERS.subscriptionRemaining] = subscription.lookupsRemaining;
  if (subscription.endsAt !== null) headers[BALANCE_HEADERS.subscriptionEnds] = subscription.endsAt;
}

/**
 * The balance's properties as JSON members, each after a comma, to close a `data` object that has members
 * already. Numbers and RFC 3339 text need no escaping.
 */
export function balanceMembers(balance: ShownBalance): string {
  const credits = `,"${BALANCE_PROPERTIES.credits}":${balance.credits}`;
  const { subscription } = balance;
  if (!subscription) return credits;
  const remaining = `,"${BALANCE_PROPERTIES.subscriptionRemaining}":${subscription.lookupsRemaining}`;
  if (subscription.endsAt === null) return `${credits}${remaining}`;
  return `${credits}${remaining},"${BALANCE_PROPERTIES.subscriptionEnds}":"${subscription.endsAt}"`;
}
