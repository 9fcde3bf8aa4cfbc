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
  const fromAllowance = `(CASE WHEN ${subscriptionRunsSql(time)} THEN ${smaller(answers, 'subscription_allowance')} ELSE 0 END)`;
  return { fromAllowance, fromCredits: smaller(`${answers} - ${fromAllowance}`, 'credits') };
}

/** Whether the row's account could pay for one answer at `time`: checked before any lookup work. */
export function canPaySql(time: string): string {
  return `((${subscriptionRunsSql(time)} AND subscription_allowance > 0) OR credits > 0)`;
}

/** Whether the row's subscription runs at `time`: its allowance pays until then. */
function subscriptionRunsSql(time: string): string {
  return `subscription_expires_at > ${time}`;
}

/** subscriptionRunsSql for a balance read into memory, for what an answer shows. */
export function subscriptionRuns(subscriptionExpiresAt: number, time: number): boolean {
  return subscriptionExpiresAt > time;
}
