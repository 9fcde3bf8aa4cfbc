import { useEffect, useState } from 'react';
import { storage } from 'wxt/utils/storage';
import { type KeptBalance, lookupsPaidFor } from '#extension/account-balance.ts';
import { t, tCount } from '#extension/i18n.ts';
import { sendRequest } from '#extension/messaging.ts';
import { apiKeyItem, balancesItem, settingsItem } from '#extension/stored.ts';
import { balanceView } from './balance-sentences.ts';

/** How often a shown balance's age is said again ("Updated 2 minutes ago"). */
const AGE_REFRESH_MS = 30_000;

/**
 * The balance the service last stated for the key in force, as the worker keeps it; null where none was.
 * Asked again whenever the worker keeps a new one, or the key or the service address changes.
 */
export function useBalance(): KeptBalance | null {
  const [balance, setBalance] = useState<KeptBalance | null>(null);
  useEffect(() => {
    let asked = 0;
    let open = true;
    const ask = async () => {
      const mine = ++asked;
      try {
        const answer = await sendRequest({ type: 'balance' });
        // Only the latest question's answer: an earlier one may arrive after it.
        if (open && mine === asked) setBalance(answer);
      } catch {
        // A worker that cannot answer shows no balance rather than an old one.
      }
    };
    void ask();
    const unwatch = [balancesItem.key, apiKeyItem.key, settingsItem.key].map((key) =>
      storage.watch(key, () => void ask()),
    );
    return () => {
      open = false;
      for (const stop of unwatch) stop();
    };
  }, []);
  return balance;
}

/** The time now, again every AGE_REFRESH_MS: an age shown goes on growing. */
function useNow(): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), AGE_REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * The balance in words, with its figures as `data-credits` and `data-subscription-remaining` for tools and
 * tests; nothing at all where the service stated none.
 */
export function BalanceNote({ balance }: { balance: KeptBalance | null }) {
  const view = balanceView(balance, Math.max(useNow(), balance?.seenAt ?? 0));
  if (!view) return null;
  return (
    <p
      className="balance"
      data-testid="balance"
      data-credits={view.credits ?? undefined}
      data-subscription-remaining={view.planRemaining ?? undefined}
    >
      {view.text}
    </p>
  );
}

/**
 * Before a list's start button: a warning when the list may cost more lookups (`cost`) than the balance the
 * service last stated pays for. Nothing where no balance is known. The person may still start: the service
 * stops the run when the balance runs out.
 */
export function OverBalanceWarning({ balance, cost }: { balance: KeptBalance | null; cost: number }) {
  const left = lookupsPaidFor(balance, useNow());
  if (left === null || cost <= left) return null;
  return (
    <p className="over-balance" data-testid="bulk-over-balance" data-left={left} role="note">
      {left === 0 ? t('bulkOverBalanceNone') : tCount('bulkOverBalance', left)}
    </p>
  );
}
