import { browser } from 'wxt/browser';
import { MAX_REMEMBERED_POLICY_BYTES, POLICY_FIRST_READ_WAIT_MS } from '#extension/limits.ts';
import type { ManagedSettings } from '#extension/settings.ts';
import { policySeenItem } from '#extension/stored.ts';
import { storedBytes } from '#extension/stored-size.ts';
import { parseManagedSettings, policyFields } from './managed.ts';

/*
 * The organisation's policy in force, as the background holds it. Chromium answers storage.managed only once
 * its policy service is up: 3 s after the browser starts on a 2-core machine, 3-8 s on people's machines
 * (ghostery-extension#3367), and nothing tells a policy not loaded yet from none (w3c/webextensions#547).
 * Firefox answers at once. So the background records the policy each read gives (policySeenItem) and goes by
 * the last one recorded until this run's read lands, as Ghostery does (ghostery-extension#3368).
 *
 * The rule: the policy read this run; else the one last recorded; else (none ever recorded: a first run) this
 * run's read, waited for (POLICY_FIRST_READ_WAIT_MS at most: past it, no policy until the read lands). A read
 * that finds no policy is recorded too, as `{}`, so that later starts wait for nothing, and a first run under
 * a policy uses the organisation's key from its first lookup.
 *
 * A policy set while the browser was closed, over a record of none, is in force from the moment its read
 * lands, seconds after the start; until then lookups go with the person's own key to the person's own
 * service address, as they did the day before. That is the person's key, sent where the person chose, with a
 * domain alone; holding every start's lookups for the policy service instead would cost everyone, at every
 * start, the seconds this saves, for what happens once per deployment. The same holds for a policy changed
 * while the browser was closed: the organisation's old key goes to the organisation's old address until the
 * read lands, and from then on never (PolicyNow.superseded); and for a first run whose policy service has not
 * answered within POLICY_FIRST_READ_WAIT_MS, where the alternative is no lookup at all.
 */

/** Where the background reads the policy, and keeps it for the next start. */
export interface PolicySources {
  /** What storage.managed holds; it may throw (Firefox without a managed storage manifest: no policy). */
  read(): Promise<unknown>;
  /** The policy last recorded, or null when none ever was. */
  recall(): Promise<ManagedSettings | null>;
  /** Records the policy read; null forgets the record (the next start then waits for its read). */
  record(policy: ManagedSettings | null): Promise<void>;
}

/** The policy in force, and a signal raised when this run's read changes where lookups go. */
export interface PolicyNow {
  policy: ManagedSettings;
  /**
   * Aborted once a read or a change lands that sends lookups elsewhere (another key or address): a call made
   * with this policy's target stops there (no retry carries its key again) and is asked again.
   */
  superseded: AbortSignal;
}

/** Where lookups go by a policy: what decides whether a change of policy supersedes calls under way. */
function targetOf(policy: ManagedSettings): string {
  return JSON.stringify([policy.apiKey ?? null, policy.baseUrl ?? null]);
}

/** The policy in force in the background: one per worker (a run), read once, its changes followed. */
export class PolicyInForce {
  readonly #sources: PolicySources;
  readonly #firstReadWaitMs: number;
  /** The policy's fields as read this run, with the changes reported since; null until the read lands. */
  #read: ManagedSettings | null = null;
  #reading: Promise<void> | null = null;
  #recalled: Promise<ManagedSettings | null> | null = null;
  /** The target of the policy last handed out, while no landing has superseded it. */
  #handedOut: string | null = null;
  #superseding = new AbortController();
  /** Records are written one after another, in the order of the reads they keep. */
  #keeping: Promise<void> = Promise.resolve();

  constructor(sources: PolicySources, { firstReadWaitMs = POLICY_FIRST_READ_WAIT_MS } = {}) {
    this.#sources = sources;
    this.#firstReadWaitMs = firstReadWaitMs;
  }

  /** Starts this run's read of storage.managed, once; it resolves when the read has landed. */
  read(): Promise<void> {
    this.#reading ??= this.#sources.read().then(
      (stored) => this.#land(policyFields(stored)),
      () => this.#land(policyFields({})),
    );
    return this.#reading;
  }

  /** The policy in force (parsed: its key brings its address), by the rule at the top of this file. */
  async current(): Promise<ManagedSettings> {
    return (await this.now()).policy;
  }

  /** The policy in force and the signal that supersedes it, taken at the same moment. */
  async now(): Promise<PolicyNow> {
    const reading = this.read();
    const recalled = this.#read ? null : await this.#recall();
    if (!this.#read && !recalled) await this.#firstRead(reading);
    const policy = parseManagedSettings(this.#read ?? recalled);
    this.#handedOut = targetOf(policy);
    return { policy, superseded: this.#superseding.signal };
  }

  /**
   * A change the browser reports while it runs (storage.onChanged, area `managed`: each key's new value), in
   * force from this moment. Before the read lands it is left to the read, which answers with it.
   */
  applyChange(changes: Record<string, { newValue?: unknown }>): void {
    if (!this.#read) return;
    const next: Record<string, unknown> = { ...this.#read };
    for (const [key, { newValue }] of Object.entries(changes)) {
      if (newValue === undefined) delete next[key];
      else next[key] = newValue;
    }
    this.#land(policyFields(next));
  }

  /** This run's read, on a first run: waited for, within POLICY_FIRST_READ_WAIT_MS. */
  async #firstRead(reading: Promise<void>): Promise<void> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const waited = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, this.#firstReadWaitMs);
    });
    await Promise.race([reading, waited]);
    clearTimeout(timer);
  }

  #recall(): Promise<ManagedSettings | null> {
    this.#recalled ??= this.#sources.recall().catch(() => null);
    return this.#recalled;
  }

  /** The policy read is in force from now: calls made with another target stop, and it is recorded. */
  #land(fields: ManagedSettings): void {
    this.#read = fields;
    if (this.#handedOut !== null && this.#handedOut !== targetOf(parseManagedSettings(fields))) {
      this.#superseding.abort();
      this.#superseding = new AbortController();
      this.#handedOut = null;
    }
    this.#keeping = this.#keeping.then(() => this.#keep(fields));
  }

  /**
   * Records the policy for the next start, unless the record says the same. One over
   * MAX_REMEMBERED_POLICY_BYTES, or one storage refuses, is forgotten instead: a start then waits for its read
   * rather than go by an older record.
   */
  async #keep(fields: ManagedSettings): Promise<void> {
    const recorded = await this.#recall();
    const json = JSON.stringify(fields);
    if (recorded && JSON.stringify(recorded) === json) return;
    this.#recalled = Promise.resolve(fields);
    const kept = storedBytes(fields) <= MAX_REMEMBERED_POLICY_BYTES ? fields : null;
    await this.#sources.record(kept).catch(() => this.#sources.record(null).catch(() => {}));
  }
}

/** The browser's storage.managed, and the record in storage.local (lib/extension/stored.ts). */
export function browserPolicySources(): PolicySources {
  return {
    read: () => browser.storage.managed.get(),
    recall: () => policySeenItem.getValue(),
    record: (policy) => (policy ? policySeenItem.setValue(policy) : policySeenItem.removeValue()),
  };
}

/**
 * The background's policy: read from its start, so that the record is brought up to date whoever asks, and
 * followed while it runs.
 */
export function followPolicy(): PolicyInForce {
  const policy = new PolicyInForce(browserPolicySources());
  browser.storage.onChanged.addListener((changes, area) => {
    if (area === 'managed') policy.applyChange(changes);
  });
  void policy.read();
  return policy;
}
