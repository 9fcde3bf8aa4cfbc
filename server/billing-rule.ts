/**
 * The billing rule, written once as SQL over a row of `accounts` so that each backend applies it inside the
 * statement that holds the row: each answer costs one unit, from the subscription's allowance while the
 * subscription is valid, then from credits; what neither covers is not paid. `answers` and `time` are SQL
 * expressions (a parameter, a column) for the answers asked and the time they were asked at.
 *
 * `CASE` rather than `least`/`min`, which SQLite and PostgreSQL spell differently. A null
 * `subscription_expires_at` (no subscription) compares as unknown, so it pays nothing.
 */
export function paidSql(answers: string, time: string): { fromAllowance: string; fromCredits: string } {
  const smaller = (a: string, b: string) => `(CASE WHEN ${a} < ${b} THEN ${a} ELSE ${b} END)`;
  const fromAllowance = `(CASE WHEN subscription_expires_at > ${time} THEN ${smaller(answers, 'subscription_allowance')} ELSE 0 END)`;
  return { fromAllowance, fromCredits: smaller(`${answers} - ${fromAllowance}`, 'credits') };
}

/** Whether the row's account could pay for one answer at `time`: checked before any lookup work. */
export function canPaySql(time: string): string {
  return `((subscription_expires_at > ${time} AND subscription_allowance > 0) OR credits > 0)`;
}
