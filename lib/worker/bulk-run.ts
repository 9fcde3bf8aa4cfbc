import { BULK_CONCURRENCY } from '#extension/limits.ts';
import type { LookupResult } from '#extension/lookup-result.ts';
import type { BulkStatus } from '#extension/messaging.ts';
import { type BulkJob, bulkJobBehindItem, bulkJobItem } from '#extension/stored.ts';
import { cancelJob, pendingDomains, recordResult, startJob, statusOf, waitLeft } from './bulk-job.ts';

export interface BulkRunDeps {
  /** One domain's lookup, the cache first (lib/worker/lookup-service.ts): a cached answer costs nothing. */
  lookup: (domain: string) => Promise<LookupResult>;
  /** Writes the answer the cache holds for a domain to storage; whether storage holds it now. */
  keepAnswer: (domain: string) => Promise<boolean>;
  /** Keeps an alarm while a run is unfinished (true), to wake a stopped worker; clears it (false). */
  keepAwake: (running: boolean) => Promise<void>;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  concurrency?: number;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs a bulk list in the worker, a few lookups at a time, so that it goes on with its page closed. The job
 * (bulkJobItem) is written to storage after each answer; a worker the browser stopped takes it up where it
 * was when it is woken again (`resume`: on start, by the run's alarm, by the page asking for progress). Each
 * answer is in the answer cache before the job counts its domain done, so a resumed run finds what it paid
 * for and never pays twice. A 429 holds every lane until the service's Retry-After.
 *
 * When storage refuses the job (a full store), what it holds is behind the run, and a run taken up from it
 * would pay again for what was paid since: it is removed, and marked as behind (bulkJobBehindItem: Firefox's
 * database can refuse a removal too when it is full), the alarm is off, and the run goes on in this worker
 * alone, its status saying its progress is not saved. No later worker takes up a job marked behind; a later
 * write that goes through makes the run one a stopped worker takes up again.
 */
export class BulkRunner {
  readonly #deps: BulkRunDeps;
  readonly #now: () => number;
  readonly #sleep: (ms: number) => Promise<void>;
  readonly #concurrency: number;
  /** The job as this worker knows it; undefined until read from storage. */
  #job: BulkJob | null | undefined;
  /** Whether storage holds the job as this worker knows it. */
  #saved = true;
  /** Whether the alarm is set, as this worker last made it; null before it did. */
  #awake: boolean | null = null;
  #writes: Promise<void> = Promise.resolve();
  #running: Promise<void> | null = null;

  constructor(deps: BulkRunDeps) {
    this.#deps = deps;
    this.#now = deps.now ?? Date.now;
    this.#sleep = deps.sleep ?? defaultSleep;
    this.#concurrency = deps.concurrency ?? BULK_CONCURRENCY;
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

  /** A person's click: a new run of these domains in place of any before. */
  async start(domains: readonly string[]): Promise<BulkStatus> {
    await this.#current();
    await this.#save(startJob(domains));
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

  /** Where the run is; asking takes an unfinished run up again in a worker that was stopped. */
  async status(): Promise<BulkStatus | null> {
    if ((await this.#current())?.state === 'running') void this.resume();
    return this.#status();
  }

  /** What the run ended in for a domain whose answer the cache does not hold (a 404, an error). */
  async recorded(domain: string): Promise<LookupResult | null> {
    const kept = (await this.#current())?.done[domain];
    return kept === undefined || kept === 'cached' ? null : kept;
  }

  #status(): BulkStatus | null {
    return this.#job ? statusOf(this.#job, this.#saved) : null;
  }

  async #current(): Promise<BulkJob | null> {
    if (this.#job === undefined) {
      const [stored, behind] = await Promise.all([bulkJobItem.getValue(), bulkJobBehindItem.getValue()]);
      // A job started while storage was read is the newer.
      if (this.#job === undefined) {
        this.#job = behind ? null : stored;
        // Until a write goes through, what storage holds is not this worker's job.
        this.#saved = !behind;
      }
    }
    return this.#job;
  }

  /** Keeps `next` and writes it; writes go one after another, each the latest job. Never fails. */
  #save(next: BulkJob): Promise<void> {
    this.#job = next;
    this.#writes = this.#writes.then(() => this.#write(next));
    return this.#writes;
  }

  async #write(next: BulkJob): Promise<void> {
    const wasSaved = this.#saved;
    this.#saved = await bulkJobItem.setValue(next).then(
      () => true,
      () => false,
    );
    if (this.#saved !== wasSaved) await bulkJobBehindItem.setValue(!this.#saved).catch(() => {});
    if (wasSaved && !this.#saved) await bulkJobItem.removeValue().catch(() => {});
    await this.#setAwake(next.state === 'running' && this.#saved).catch(() => {});
  }

  async #setAwake(awake: boolean): Promise<void> {
    if (this.#awake === awake) return;
    this.#awake = awake;
    await this.#deps.keepAwake(awake);
  }

  async #lookUp(domain: string): Promise<{ result: LookupResult; inCache: boolean }> {
    try {
      const result = await this.#deps.lookup(domain);
      const fromApi = result.state === 'found' && result.source === 'api';
      return { result, inCache: fromApi && (await this.#deps.keepAnswer(domain)) };
    } catch (error) {
      // Coded as the client codes a service it could not reach, so the list says so in words, not the error's.
      const result: LookupResult = {
        state: 'unreachable',
        message: String(error),
        problem: { code: 'unreachable' },
      };
      return { result, inCache: false };
    }
  }

  async #lane(inFlight: Set<string>): Promise<void> {
    for (;;) {
      const job = this.#job;
      if (job?.state !== 'running') return;
      const wait = waitLeft(job, this.#now());
      if (wait > 0) {
        await this.#sleep(wait);
        continue;
      }
      const domain = pendingDomains(job).find((candidate) => !inFlight.has(candidate));
      if (domain === undefined) return;
      inFlight.add(domain);
      const { result, inCache } = await this.#lookUp(domain);
      inFlight.delete(domain);
      const current = this.#job;
      // A run cancelled meanwhile counts nothing more, and has nothing more to write.
      const next = current && recordResult(current, domain, result, this.#now(), { inCache });
      if (next && next !== current) await this.#save(next);
    }
  }

  async #run(): Promise<void> {
    if (this.#saved) await this.#setAwake(true);
    const inFlight = new Set<string>();
    // Again while a new list was started as the last lanes of the one before ended.
    while (this.#job?.state === 'running' && pendingDomains(this.#job).length > 0)
      await Promise.all(Array.from({ length: this.#concurrency }, () => this.#lane(inFlight)));
    await this.#writes;
    if (this.#job?.state !== 'running') await this.#setAwake(false);
  }
}
