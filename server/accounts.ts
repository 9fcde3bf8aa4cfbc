import { createHash, randomBytes } from 'node:crypto';
import type { AccountSummary, Charged, Storage, TopUp } from '#server/storage/storage.ts';
import { type ShownBalance, shownBalance } from './balance.ts';
import { LiveKeyList } from './live-keys.ts';

const KEY_PREFIX = 'wl_';
/** Characters of a key shown by `keys list`: enough to tell keys apart, too few to use one. */
const SHOWN_KEY_CHARACTERS = 8;
const DAY_MS = 24 * 3600 * 1000;
/** Known keys remembered with their account: hashing and a SQLite read were a fifth of a cached request. */
export const REMEMBERED_KEYS = 10_000;
/** Lookups a subscription allows in its period when the creator does not say. */
export const DEFAULT_SUBSCRIPTION_ALLOWANCE = 100_000;
/**
 * The most one grant may give: far above any purchase, and far enough below 2^53 that balances stay exact
 * numbers after any top-ups a person could make.
 */
export const MAX_CREDITS = 1_000_000_000;
export const MAX_ALLOWANCE = 1_000_000_000;
/** Ten years: longer than any subscription sold, and dates that every tool prints (a year past 275760 does not). */
export const MAX_SUBSCRIPTION_DAYS = 3_660;
/** How long a process trusts a key it checked, when not told: a revoked key is refused everywhere within it. */
export const DEFAULT_KEY_MEMORY_MS = 30_000;

/** Keys are stored hashed: a copied database does not give away working keys. */
export function hashKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** Whether an answer was paid for, and the balance its account had just after its charge (none if unknown). */
export interface Charge {
  paid: boolean;
  balance: ShownBalance | null;
}

interface PendingCharge {
  accountId: number;
  settle: (charge: Charge) => void;
  fail: (error: unknown) => void;
}

/**
 * Charge batches committed at once, at most. With PostgreSQL, a second batch is sent while the first is
 * under way and waits inside PostgreSQL for the accounts the first holds, rather than for its answer to
 * come back here and the next batch to be sent: cached lookups on PostgreSQL ran 10-20 % faster with two
 * than with one, and no faster with three (bench A/B, alternating rounds). The row locks, taken in id
 * order, keep the batches' charges apart. SQLite commits synchronously, one batch at a time whatever this is.
 */
const CHARGES_IN_FLIGHT = 2;

/**
 * Group commit: the charges asked for while no batch can start are made together, in one transaction that
 * holds the accounts (storage.charge), so under any concurrency, in this process or another, no balance
 * goes below zero and two answers never share one unit; and as no answer goes out before its charge is
 * committed, a crash loses neither an answer's charge nor a credit. One commit per request cost 80 % of
 * the cached path's time with SQLite (profiled under autocannon). While CHARGES_IN_FLIGHT batches are
 * being committed, the next gathers. Within a batch, the first asked for are the ones paid, and each is
 * told the balance as it stood right after its own unit was taken.
 */
class ChargeBatches {
  readonly #storage: Pick<Storage, 'charge'>;
  readonly #now: () => number;
  #pending: PendingCharge[] = [];
  #inFlight = 0;

  constructor(storage: Pick<Storage, 'charge'>, now: () => number) {
    this.#storage = storage;
    this.#now = now;
  }

  /** Whether the account paid for one answer (not when it has nothing left), once that is committed. */
  charge(accountId: number): Promise<Charge> {
    return new Promise((settle, fail) => {
      if (this.#pending.length === 0 && this.#inFlight < CHARGES_IN_FLIGHT)
        setImmediate(() => this.#commit());
      this.#pending.push({ accountId, settle, fail });
    });
  }

  async #commit(): Promise<void> {
    if (this.#pending.length === 0 || this.#inFlight >= CHARGES_IN_FLIGHT) return;
    const batch = this.#pending;
    this.#pending = [];
    this.#inFlight++;
    try {
      const time = this.#now();
      settle(batch, await this.#storage.charge(answersAsked(batch), time), time);
    } catch (error) {
      for (const entry of batch) entry.fail(error);
    } finally {
      this.#inFlight--;
      if (this.#pending.length > 0) void this.#commit();
    }
  }
}

/** How many answers each account of the batch asked to pay for. */
function answersAsked(batch: readonly PendingCharge[]): Map<number, number> {
  const asked = new Map<number, number>();
  for (const { accountId } of batch) asked.set(accountId, (asked.get(accountId) ?? 0) + 1);
  return asked;
}

/**
 * Tells each charge of the batch whether it was paid (an account's first charges, as many as it paid for)
 * and the balance once the units up to its own were taken: allowance first, then credits (paidSql).
 */
function settle(batch: readonly PendingCharge[], charged: Map<number, Charged>, time: number): void {
  const taken = new Map<number, number>();
  for (const entry of batch) {
    const outcome = charged.get(entry.accountId);
    if (!outcome) {
      entry.settle({ paid: false, balance: null });
      continue;
    }
    const before = taken.get(entry.accountId) ?? 0;
    const paid = before < outcome.fromAllowance + outcome.fromCredits;
    const units = paid ? before + 1 : before;
    taken.set(entry.accountId, units);
    entry.settle({ paid, balance: balanceAfterUnits(outcome, units, time) });
  }
}

/** The balance, as shown at `time`, once the batch had taken its first `units` units of the account. */
function balanceAfterUnits({ fromAllowance, fromCredits, after }: Charged, units: number, time: number) {
  const allowanceStillToTake = Math.max(0, fromAllowance - units);
  const creditsStillToTake = fromAllowance + fromCredits - units - allowanceStillToTake;
  return shownBalance(
    after.credits + creditsStillToTake,
    after.subscriptionAllowance + allowanceStillToTake,
    after.subscriptionExpiresAt,
    time,
  );
}

/** What an account has now: its balance as shown, and whether it could pay for one answer. */
export interface Standing {
  canPay: boolean;
  balance: ShownBalance;
}

interface PendingRead {
  accountIds: Set<number>;
  read: Promise<Map<number, Standing>>;
}

/**
 * Balances read for answers that charge nothing, shared: the accounts asked about in one turn of the event
 * loop are read together once it ends, so a flood of refusals costs one read per turn, not one per request.
 * A read always starts after the requests it serves arrived: a figure is never older than its request.
 */
class BalanceReads {
  readonly #storage: Pick<Storage, 'readBalances'>;
  readonly #now: () => number;
  #next: PendingRead | null = null;

  constructor(storage: Pick<Storage, 'readBalances'>, now: () => number) {
    this.#storage = storage;
    this.#now = now;
  }

  async read(accountId: number): Promise<Standing | null> {
    this.#next ??= this.#schedule();
    this.#next.accountIds.add(accountId);
    return (await this.#next.read).get(accountId) ?? null;
  }

  #schedule(): PendingRead {
    const accountIds = new Set<number>();
    const read = new Promise<void>((resolve) => setImmediate(resolve)).then(async () => {
      this.#next = null;
      const time = this.#now();
      const balances = await this.#storage.readBalances([...accountIds], time);
      const standings = new Map<number, Standing>();
      for (const [id, balance] of balances) {
        const { credits, subscriptionAllowance, subscriptionExpiresAt } = balance;
        const shown = shownBalance(credits, subscriptionAllowance, subscriptionExpiresAt, time);
        standings.set(id, { canPay: balance.canPay, balance: shown });
      }
      return standings;
    });
    return { accountIds, read };
  }
}

interface RememberedKey {
  accountId: number;
  checkedAt: number;
}

export interface AccountsOptions {
  now?: () => number;
  /** How long a key found in the database is trusted without asking again: the bound on revocation. */
  keyMemoryMs?: number;
}

/** What a new account or a top-up is given: credits, and a subscription of some days with its allowance. */
export interface Grant {
  credits?: number;
  subscriptionDays?: number;
  allowance?: number;
}

/** API keys and the accounts behind them: finding a key's account, charging answers, and managing keys. */
export class Accounts {
  readonly #storage: Storage;
  readonly #now: () => number;
  readonly #keyMemoryMs: number;
  readonly #liveKeys: LiveKeyList;
  readonly #charges: ChargeBatches;
  readonly #balances: BalanceReads;
  /**
   * The account of each key checked recently. A key never moves to another account, but any process can
   * revoke it: so it is asked again once its memory is older than keyMemoryMs.
   */
  readonly #accountByKey = new Map<string, RememberedKey>();

  constructor(
    storage: Storage,
    { now = Date.now, keyMemoryMs = DEFAULT_KEY_MEMORY_MS }: AccountsOptions = {},
  ) {
    this.#storage = storage;
    this.#now = now;
    this.#keyMemoryMs = keyMemoryMs;
    this.#liveKeys = new LiveKeyList(storage, { now });
    this.#charges = new ChargeBatches(storage, now);
    this.#balances = new BalanceReads(storage, now);
  }

  /** The account behind a key, or null for a key that is unknown or revoked. */
  async accountForKey(key: string): Promise<number | null> {
    const remembered = this.#remembered(key);
    if (remembered) return remembered.accountId;
    const checkedAt = this.#now();
    const id = await this.#storage.accountIdForKeyHash(hashKey(key));
    if (id === null) {
      this.#accountByKey.delete(key);
      return null;
    }
    if (this.#accountByKey.size >= REMEMBERED_KEYS) this.#accountByKey.clear();
    this.#accountByKey.set(key, { accountId: id, checkedAt });
    return id;
  }

  /** Whether the key is one this process checked recently and found working: no database needed to use it. */
  knows(key: string): boolean {
    return this.#remembered(key) !== undefined;
  }

  /** The account of a key this process checked recently and found working; undefined otherwise. */
  rememberedAccount(key: string): number | undefined {
    return this.#remembered(key)?.accountId;
  }

  #remembered(key: string): RememberedKey | undefined {
    const entry = this.#accountByKey.get(key);
    return entry && this.#now() - entry.checkedAt < this.#keyMemoryMs ? entry : undefined;
  }

  /**
   * Whether the key is on the list of keys that are not revoked, read after this call (LiveKeyList): a
   * guess is not, and is told so without a query of its own.
   */
  isListed(key: string): Promise<boolean> {
    return this.#liveKeys.has(hashKey(key));
  }

  /**
   * The account's balance, read after this call, and whether it could pay for one answer: checked before
   * any lookup work, and shown on answers that charge nothing. Null for an account that does not exist.
   */
  standing(accountId: number): Promise<Standing | null> {
    return this.#balances.read(accountId);
  }

  /**
   * Charges one answer, atomically with every other charge: whether it was paid (not when the account has
   * nothing left to pay with), and the balance right after, once the charge is committed.
   */
  charge(accountId: number): Promise<Charge> {
    return this.#charges.charge(accountId);
  }

  /**
   * Creates an account with one key and returns the key (shown once; only its hash is stored). A key is
   * made up unless one is given (the local demo key).
   */
  async create(grant: Grant & { credits: number; key?: string }): Promise<string> {
    const key = grant.key ?? `${KEY_PREFIX}${randomBytes(24).toString('base64url')}`;
    const createdAt = this.#now();
    const subscription = subscriptionOf(grant);
    await this.#storage.createAccount({
      keyHash: hashKey(key),
      keyPrefix: key.slice(0, KEY_PREFIX.length + SHOWN_KEY_CHARACTERS),
      credits: grant.credits,
      subscriptionExpiresAt: subscription ? createdAt + subscription.durationMs : null,
      subscriptionAllowance: subscription?.allowance ?? 0,
      createdAt,
    });
    return key;
  }

  /** Adds credits and/or subscription days to the key's account; false when the key is unknown. */
  topUp(key: string, grant: Grant): Promise<boolean> {
    const topUp = { credits: grant.credits ?? 0, subscription: subscriptionOf(grant) };
    return this.#storage.topUp(hashKey(key), topUp, this.#now());
  }

  /** Revokes the key, or every key of an account; returns how many keys were revoked now. */
  revoke(selection: { key: string } | { accountId: number }): Promise<number> {
    return this.#storage.revokeKeys(
      'key' in selection ? { keyHash: hashKey(selection.key) } : { accountId: selection.accountId },
      this.#now(),
    );
  }

  list(): Promise<AccountSummary[]> {
    return this.#storage.listAccounts();
  }
}

/** The subscription a grant gives: none unless it names days; the default allowance unless it names one. */
function subscriptionOf(grant: Grant): TopUp['subscription'] {
  if (!grant.subscriptionDays) return null;
  return {
    durationMs: grant.subscriptionDays * DAY_MS,
    allowance: grant.allowance ?? DEFAULT_SUBSCRIPTION_ALLOWANCE,
  };
}
