import { type KeptBalance, runningSubscription } from '#extension/account-balance.ts';
import { currentLocale, formatAge, t, tCount } from '#extension/i18n.ts';
import { languageTag } from '#extension/locales.ts';

/** What a page shows of the balance: the figures it states (for test ids), and its words. */
export interface BalanceView {
  credits: number | null;
  /** What the subscription still gives this period, while it runs; null without one. */
  planRemaining: number | null;
  /** Its sentences, one after another as the language writes them. */
  text: string;
}

/** Japanese writes one sentence after another without a space (。 ends each); the others with one. */
const sentenceGap = () => (currentLocale() === 'ja' ? '' : ' ');

/** A date in the person's language, as the browser writes it (31 Dec 2026, 31.12.2026, 2026/12/31). */
function formatDate(iso: string): string {
  return new Intl.DateTimeFormat(languageTag(currentLocale()), { dateStyle: 'medium' }).format(new Date(iso));
}

/**
 * The balance the service last stated, in words, with its age at `now`: its credits (a sentence of its own
 * at 0), its running subscription, and when it was said. Null where it stated nothing that holds at `now`
 * (no balance, or only a subscription that has ended): then nothing is shown.
 */
export function balanceView(balance: KeptBalance | null, now: number): BalanceView | null {
  if (!balance) return null;
  const plan = runningSubscription(balance, now);
  if (balance.credits === null && !plan) return null;
  const sentences: string[] = [];
  if (balance.credits !== null)
    sentences.push(
      balance.credits === 0 ? t('balanceCreditsNone') : tCount('balanceCredits', balance.credits),
    );
  if (plan) {
    const until = formatDate(plan.endsAt);
    sentences.push(
      plan.remaining === 0 ? t('balancePlanNone', until) : tCount('balancePlan', plan.remaining, until),
    );
  }
  sentences.push(t('balanceAge', formatAge(Math.max(0, now - balance.seenAt))));
  return {
    credits: balance.credits,
    planRemaining: plan?.remaining ?? null,
    text: sentences.join(sentenceGap()),
  };
}
