import type { Balance } from './storage/storage.ts';

/**
 * The billing rule: each answer costs one unit, from the subscription's allowance while the subscription is
 * valid, then from credits. Splits `count` answers asked at `time` into what each source pays; what neither
 * covers is not paid. Both storage backends apply it to the balance they hold locked.
 */
export function splitCharge(
  balance: Balance,
  count: number,
  time: number,
): { fromAllowance: number; fromCredits: number } {
  const subscriptionValid = (balance.subscriptionExpiresAt ?? 0) > time;
  const fromAllowance = subscriptionValid ? Math.min(count, balance.subscriptionAllowance) : 0;
  return { fromAllowance, fromCredits: Math.min(count - fromAllowance, balance.credits) };
}
