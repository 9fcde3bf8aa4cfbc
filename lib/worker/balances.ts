import type { Balance } from '#core/api/balance.ts';
import type { ClientOutcome } from '#core/api/outcome.ts';
import type { KeptBalance } from '#extension/account-balance.ts';
import { MAX_KEPT_BALANCES } from '#extension/limits.ts';
import { balancesItem } from '#extension/stored.ts';

/** Where lookups go and with which key: whose balance it is. */
export interface LookupTarget {
  baseUrl: string;
  apiKey: string;
}

type OwnedBalance = KeptBalance & { owner: string };

/**
 * Whose balance a figure is: a SHA-256 of the service's address and the key. The balance of one key never
 * shows for another key or another service, and storage gains no second copy of the key.
 */
export async function balanceOwner({ baseUrl, apiKey }: LookupTarget): Promise<string> {
  const text = `${baseUrl.replace(/\/+$/, '')}\n${apiKey}`;
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The lower of two counts, where both were said; else the one that was. */
function lower(a: number | null, b: number | null): number | null {
  return a === null ? b : b === null ? a : Math.min(a, b);
}

/**
 * What a new answer leaves known of the balance. An answer to a request sent after the kept figure arrived
 * was charged after it: its figure is the balance now, whatever it is (a top-up raises it). An answer to a
 * request that was on its way at the same time (a bulk run's four) may have been charged before or after,
 * and arrives in any order: a charge only lowers a balance, so the lower figure of the two is the later.
 */
function afterAnswer(kept: KeptBalance | undefined, stated: Balance, sentAt: number): Balance {
  if (!kept || sentAt > kept.seenAt) return stated;
  const plans = [kept.subscription, stated.subscription].filter((plan) => plan !== null);
  return {
    credits: lower(kept.credits, stated.credits),
    subscription: plans.sort((a, b) => a.remaining - b.remaining)[0] ?? null,
  };
}

/**
 * The last balance each service and key stated (balancesItem), as the pages show it: only what an answer
 * said, with when. An answer that says nothing leaves the last figure as it was (it shows its age); a key
 * the service does not know has none. Writes go one after another: a bulk run's answers come four at once.
 */
export class Balances {
  readonly #now: () => number;
  /** What was last written, for when storage refuses a write: the worker still shows it while it runs. */
  #kept: OwnedBalance[] | null = null;
  #writes: Promise<unknown> = Promise.resolve();

  constructor(now: () => number = Date.now) {
    this.#now = now;
  }

  /** Keeps what an answer to `target`, whose request was sent at `sentAt`, said of its balance. */
  note(target: LookupTarget, outcome: ClientOutcome, sentAt: number): Promise<void> {
    const { balance } = outcome;
    if (!balance && outcome.kind !== 'unknown-key') return Promise.resolve();
    const seenAt = this.#now();
    const write = this.#writes.then(async () => {
      const owner = await balanceOwner(target);
      const kept = await this.#read();
      const own = kept.find((balance) => balance.owner === owner);
      const others = kept.filter((balance) => balance !== own);
      if (!balance && !own) return;
      const next = balance ? [{ owner, ...afterAnswer(own, balance, sentAt), seenAt }, ...others] : others;
      await this.#write(next.slice(0, MAX_KEPT_BALANCES));
    });
    this.#writes = write.catch(() => {});
    return write;
  }

  /** An API call's outcome, once what it said of the balance is kept; keeping it never fails the lookup. */
  async noted(target: LookupTarget, call: Promise<ClientOutcome>): Promise<ClientOutcome> {
    const sentAt = this.#now();
    const outcome = await call;
    await this.note(target, outcome, sentAt).catch(() => {});
    return outcome;
  }

  /** The last balance stated for `target`, or null where none was. */
  async of(target: LookupTarget): Promise<KeptBalance | null> {
    await this.#writes;
    const owner = await balanceOwner(target);
    const kept = (await this.#read()).find((balance) => balance.owner === owner);
    if (!kept) return null;
    const { owner: _owner, ...balance } = kept;
    return balance;
  }

  async #read(): Promise<OwnedBalance[]> {
    return this.#kept ?? (await balancesItem.getValue());
  }

  async #write(balances: OwnedBalance[]): Promise<void> {
    this.#kept = balances;
    try {
      await balancesItem.setValue(balances);
    } catch {
      // A full storage.local: the figure still shows from memory until the worker stops.
    }
  }
}
