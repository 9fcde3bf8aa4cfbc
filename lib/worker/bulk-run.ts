import { storage } from 'wxt/utils/storage';
import { sleep } from '#core/sleep.ts';
import { BULK_CONCURRENCY, MAX_BULK_ANSWER_BYTES } from '#extension/limits.ts';
import type { LookupResult } from '#extension/lookup-result.ts';
import type { BulkStatus } from '#extension/protocol.ts';
import { type BulkJob, bulkAnswerFamily, bulkJobBehindItem, bulkJobItem } from '#extension/stored.ts';
import {
  cancelJob,
  hasRoomFor,
  listFull,
  pendingDomains,
  recordResult,
  startJob,
  statusOf,
  waitLeft,
} from './bulk-job.ts';

export interface BulkRunDeps {
  /** One domain's lookup, the cache first (lib/worker/lookup-service.ts): a cached answer costs nothing. */
  lookup: (domain: string) => Promise<LookupResult>;
  /** Keeps an alarm while a run is unfinished (true), to wake a stopped worker; clears it (false). */
  keepAwake: (running: boolean) => Promise<void>;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  concurrency?: number;
  /** The bytes one list's answers may take in storage (MAX_BULK_ANSWER_BYTES). */
  maxAnswerBytes?: number;
}

/** One list as this worker runs it: each list has its own, so that an answer counts only for the list that asked. */
class ListRun {
  /** Its domains whose lookup is on its way. */
  readonly inFlight = new Set<string>();
  /** Its domains whose result storage holds in an item of its own (bulkAnswerFamily). */
  readonly stored: Set<string>;

  constructor(job: BulkJob | null = null) {
    const done = Object.entries(job?.done ?? {});
    this.stored = new Set(done.filter(([, record]) => record === 'kept').map(([domain]) => domain));
  }
}

/** The job as storage keeps it: each result in an item of its own, written with it, the job saying `kept`. */
function storedForm(job: BulkJob): BulkJob {
  const done = Object.fromEntries(
    Object.entries(job.done).map(([domain, record]) => [
      domain,
      typeof record === 'string' ? record : 'kept',
    ]),
  );
  return { ...job, done };
}

const unreachable = (error: unknown): LookupResult => ({
  // Coded as the client codes a service it could not reach, so the list says so in words, not the error's.
  state: 'unreachable',
  message: String(error),
  problem: { code: 'unreachable' },
});

/**
 * Runs a bulk list in the worker, a few lookups at a time, so that it goes on with its page closed. The job
 * (bulkJobItem) is written to storage after each answer, with that answer as an item of its own
 * (bulkAnswerFamily): the list keeps what it paid for, whatever the answer cache meets (expiry, eviction,
 * "Clear cache"), until another list starts or the person dismisses this one, within MAX_BULK_ANSWER_BYTES:
 * no lookup starts whose answer would not fit. A worker the browser stopped takes the run up where it was
 * when it is woken again (`resume`: on start, by the run's alarm, by the page asking for progress), and never
 * pays twice. A 429 holds every lane until the service's Retry-After.
 *
 * When storage refuses the job (a full store), what it holds is behind the run, and a run taken up from it
 * would pay again for what was paid since: it is removed with its answers (read back into memory first), and
 * marked as behind (bulkJobBehindItem: Firefox's database can refuse a removal too when it is full), the
 * alarm is off, and the run goes on in this worker alone, its status saying its progress is not saved. No
 * later worker takes up a job marked behind; a later write that goes through makes the run one a stopped
 * worker takes up again.
 */
export class BulkRunner {
  readonly #deps: BulkRunDeps;
  readonly #now: () => number;
  readonly #sleep: (ms: number) => Promise<void>;
  readonly #concurrency: number;
  readonly #maxAnswerBytes: number;
  /** The job as this worker knows it; undefined until read from storage. */
  #job: BulkJob | null | undefined;
  #list = new ListRun();
  /** Whether storage holds the job as this worker knows it. */
  #saved = true;
  /** Whether the alarm is set, as this worker last made it; null before it did. */
  #awake: boolean | null = null;
  /** Domains of lists before whose answers storage would not remove: tried again before each write. */
  readonly #removing = new Set<string>();
  #writes: Promise<void> = Promise.resolve();
  #running: Promise<void> | null = null;

  constructor(deps: BulkRunDeps) {
    this.#deps = deps;
    this.#now = deps.now ?? Date.now;
    this.#sleep = deps.sleep ?? sleep;
    this.#concurrency = deps.concurrency ?? BULK_CONCURRENCY;
    this.#maxAnswerBytes = deps.maxAnswerBytes ?? MAX_BULK_ANSWER_BYTES;
  }

  /** Takes an unfinished, uncancelled run up again; one run at a time, however often it is asked. */
  resume(): Promise<void> {
    this.#running ??= (async () => {
      if ((await this.#current())?.state === 'running') await this.#run();
    })().finally(() => {
      this.#running = null;
    });
    return this.#running;
  }

  /** A person's click: a new run of these domains in place of any before, whose answers leave storage. */
  async start(domains: readonly string[]): Promise<BulkStatus> {
    await this.#current();
    await this.#replace(startJob(domains));
    void this.resume();
    return this.#status() as BulkStatus;
  }

  /**
   * A person's Cancel: no lookup starts after it (those on their way finish, and their answers are kept), the
   * alarm is off before anything else is tried, and a job storage refuses is removed, so nothing takes it up.
   */
  async cancel(): Promise<BulkStatus | null> {
    const known = await this.#current();
    if (!known) return null;
    this.#job = cancelJob(known);
    await this.#setAwake(false).catch(() => {});
    await this.#save(this.#job);
    return this.#status();
  }

  /**
   * A person lets go of a list that is over: the job and its answers leave storage, and answers still on
   * their way count for nothing. A run going on is left as it is. Whether the list was let go.
   */
  async dismiss(): Promise<boolean> {
    if ((await this.#current())?.state === 'running') return false;
    await this.#replace(null);
    await this.#setAwake(false).catch(() => {});
    return true;
  }

  /** Where the run is; asking takes an unfinished run up again in a worker that was stopped. */
  async status(): Promise<BulkStatus | null> {
    if ((await this.#current())?.state === 'running') void this.resume();
    return this.#status();
  }

  /** What the list ended in for these domains, from memory or storage; null for a domain it has not looked up. */
  async answers(domains: readonly string[]): Promise<Record<string, LookupResult | null>> {
    const done = (await this.#current())?.done ?? {};
    const answers: Record<string, LookupResult | null> = {};
    const inStorage: string[] = [];
    for (const domain of domains) {
      const record = Object.hasOwn(done, domain) ? done[domain] : undefined;
      answers[domain] = typeof record === 'object' ? record : null;
      if (record === 'kept') inStorage.push(domain);
    }
    if (inStorage.length > 0)
      for (const [domain, result] of await bulkAnswerFamily.getMany(inStorage)) answers[domain] = result;
    return answers;
  }

  #status(): BulkStatus | null {
    return this.#job ? statusOf(this.#job, this.#saved, this.#list.inFlight.size) : null;
  }

  async #current(): Promise<BulkJob | null> {
    if (this.#job === undefined) {
      const [stored, behind] = await Promise.all([bulkJobItem.getValue(), bulkJobBehindItem.getValue()]);
      // A job started while storage was read is the newer.
      if (this.#job === undefined) {
        this.#job = behind ? null : stored;
        this.#list = new ListRun(this.#job);
        // Until a write goes through, what storage holds is not this worker's job.
        this.#saved = !behind;
      }
    }
    return this.#job;
  }

  /** Keeps `next` and writes it; writes go one after another, each the latest job. Never fails. */
  #save(next: BulkJob): Promise<void> {
    this.#job = next;
    const list = this.#list;
    this.#writes = this.#writes.then(() => this.#write(next, list));
    return this.#writes;
  }

  /** Another list, or none: the last one's job and answers leave storage, then the new job is written. */
  #replace(next: BulkJob | null): Promise<void> {
    const last = this.#job ?? null;
    const list = new ListRun();
    this.#job = next;
    this.#list = list;
    this.#writes = this.#writes.then(async () => {
      const removed = await this.#removeList(last);
      if (next) await this.#write(next, list);
      else await this.#markSaved(removed);
    });
    return this.#writes;
  }

  /**
   * Removes a list's job and answers in one call: the last list as this worker knew it, and as storage holds
   * it (behind it, or a job this worker did not take up). Whether storage took the removal; answers it
   * refused are tried again later.
   */
  async #removeList(last: BulkJob | null): Promise<boolean> {
    const stored = await bulkJobItem.getValue().catch(() => null);
    const domains = [...new Set([...(last?.domains ?? []), ...(stored?.domains ?? [])])];
    const keys = domains.map((domain) => bulkAnswerFamily.itemKey(domain));
    return storage.removeItems([bulkJobItem.key, ...keys]).then(
      () => true,
      () => {
        for (const domain of domains) this.#removing.add(domain);
        return false;
      },
    );
  }

  async #write(next: BulkJob, list: ListRun): Promise<void> {
    await this.#retryRemovals();
    const fresh = Object.entries(next.done).filter(
      (entry): entry is [string, LookupResult] => typeof entry[1] === 'object' && !list.stored.has(entry[0]),
    );
    const wasSaved = this.#saved;
    const saved = await storage
      .setItems([
        bulkJobItem.entry(storedForm(next)),
        ...fresh.map(([domain, result]) => bulkAnswerFamily.entry(domain, result)),
      ])
      .then(
        () => true,
        () => false,
      );
    if (saved) for (const [domain] of fresh) list.stored.add(domain);
    await this.#markSaved(saved);
    if (wasSaved && !saved) await this.#letGo(next, list);
    await this.#setAwake(next.state === 'running' && saved).catch(() => {});
  }

  /** Whether storage holds the job as this worker knows it now, marked in storage.session when it changes. */
  async #markSaved(saved: boolean): Promise<void> {
    const wasSaved = this.#saved;
    this.#saved = saved;
    if (saved !== wasSaved) await bulkJobBehindItem.setValue(!saved).catch(() => {});
  }

  /**
   * Storage refused the job: what it holds is behind the run. The answers only storage holds are read back
   * into memory, where the run goes on, and the job leaves storage with every answer memory holds.
   */
  async #letGo(job: BulkJob, list: ListRun): Promise<void> {
    const onlyStored = Object.keys(job.done).filter((domain) => job.done[domain] === 'kept');
    const read = await bulkAnswerFamily.getMany(onlyStored).catch(() => new Map<string, LookupResult>());
    const current = this.#job;
    if (list !== this.#list || !current) {
      await bulkJobItem.removeValue().catch(() => {});
      return;
    }
    this.#job = { ...current, done: { ...current.done, ...Object.fromEntries(read) } };
    const held = [...list.stored].filter((domain) => typeof this.#job?.done[domain] === 'object');
    await storage
      .removeItems([bulkJobItem.key, ...held.map((domain) => bulkAnswerFamily.itemKey(domain))])
      .then(() => {
        for (const domain of held) list.stored.delete(domain);
      })
      .catch(() => {});
  }

  /** Answers of lists before whose removal storage refused, but the domains of the list now (it owns them). */
  async #retryRemovals(): Promise<void> {
    if (this.#removing.size === 0) return;
    for (const domain of this.#job?.domains ?? []) this.#removing.delete(domain);
    const domains = [...this.#removing];
    await storage.removeItems(domains.map((domain) => bulkAnswerFamily.itemKey(domain))).then(
      () => {
        for (const domain of domains) this.#removing.delete(domain);
      },
      () => {},
    );
  }

  async #setAwake(awake: boolean): Promise<void> {
    if (this.#awake === awake) return;
    this.#awake = awake;
    await this.#deps.keepAwake(awake);
  }

  async #lookUp(domain: string): Promise<LookupResult> {
    try {
      return await this.#deps.lookup(domain);
    } catch (error) {
      return unreachable(error);
    }
  }

  async #lane(): Promise<void> {
    for (;;) {
      const list = this.#list;
      const job = this.#job;
      if (job?.state !== 'running') return;
      const wait = waitLeft(job, this.#now());
      if (wait > 0) {
        await this.#sleep(wait);
        continue;
      }
      const domain = pendingDomains(job).find((candidate) => !list.inFlight.has(candidate));
      if (domain === undefined) return;
      if (!hasRoomFor(job, [...list.inFlight, domain], this.#maxAnswerBytes)) {
        // The lookups on their way may leave room (an answer seldom takes its most): the last of them decides.
        if (list.inFlight.size === 0) await this.#save(listFull(job));
        return;
      }
      list.inFlight.add(domain);
      const result = await this.#lookUp(domain);
      list.inFlight.delete(domain);
      const current = this.#job;
      // Another list started meanwhile, or this one was dismissed: the answer is not theirs (the cache keeps it).
      if (list !== this.#list || !current) continue;
      const next = recordResult(current, domain, result, this.#now());
      if (next !== current) await this.#save(next);
    }
  }

  async #run(): Promise<void> {
    if (this.#saved) await this.#setAwake(true);
    // Again while a new list was started as the last lanes of the one before ended.
    do {
      while (this.#job?.state === 'running' && pendingDomains(this.#job).length > 0)
        await Promise.all(Array.from({ length: this.#concurrency }, () => this.#lane()));
      await this.#writes;
    } while (this.#job?.state === 'running' && pendingDomains(this.#job).length > 0);
    if (this.#job?.state !== 'running') await this.#setAwake(false);
  }
}
