import { z } from 'zod';

/**
 * The last balance the service stated for the key in force (lib/core/api/balance.ts), and when it was seen:
 * what the worker keeps and the pages show, with its age. Never a figure the service did not send.
 */
export const keptBalanceSchema = z.object({
  credits: z.number().int().nonnegative().nullable(),
  subscription: z.object({ remaining: z.number().int().nonnegative(), endsAt: z.iso.datetime() }).nullable(),
  /** When the answer that stated it arrived (epoch ms). */
  seenAt: z.number(),
});

export type KeptBalance = z.infer<typeof keptBalanceSchema>;

/** The subscription's figures while it runs at `now`; null without one, or once it has ended. */
export function runningSubscription(
  balance: KeptBalance,
  now: number,
): { remaining: number; endsAt: string } | null {
  const { subscription } = balance;
  return subscription && Date.parse(subscription.endsAt) > now ? subscription : null;
}

/**
 * The most lookups the balance pays for at `now`: the subscription's allowance while it runs, then the
 * credits (the service's billing rule, server/billing-rule.ts). Null where the service did not say how many
 * credits are left: a sum with an unknown part would be made up.
 */
export function lookupsPaidFor(balance: KeptBalance | null, now: number): number | null {
  if (balance?.credits === null || balance?.credits === undefined) return null;
  return balance.credits + (runningSubscription(balance, now)?.remaining ?? 0);
}
