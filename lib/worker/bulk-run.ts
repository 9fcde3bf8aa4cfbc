import { BULK_CONCURRENCY } from '#extension/limits.ts';
import type { LookupResult } from '#extension/lookup-result.ts';
import type { BulkStatus } from '#extension/messaging.ts';
import {
  type BulkJob,
  bulkJobSchema,
  cancelJob,
  pendingDomains,
  recordResult,
  startJob,
  statusOf,
  waitLeft,
} from './bulk-job.ts';

export interface BulkRunDeps {
  /** Where the job is kept: chrome.storage.local in the extension, a variable in tests. */
  store: { get(): Promise<unknown>; set(job: BulkJob): Promise<void> };
  /** One domain's lookup, the cache first (lib/worker/lookup-service.ts): a cached answer costs nothing. */
  lookup: (domain: string) => Promise<LookupResult>;
  /** Writes the answers the cache holds in memory to storage: done, a domain is paid for and kept. */
  flushAnswers: () => Promise<void>;
  /** Keeps an alarm while a run is unfinished (true), to wake a stopped worker; clears it (false). */
  keepAwake: (running: boolean) => Promise<void>;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  concurrency?: number;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs a bulk list in the worker, a few lookups at a time, so that it goes on with its page closed. The job
 * is written to storage after each answer; a worker the browser stopped takes it up where it was when it is
 * woken again (`resume`: on start, by the run's alarm, by the page asking for progress). Each answer is in
 * the answer cache before the job counts its domain done, so a resumed run finds what it paid for and never
 * pays twice. A 429 holds every lane until the service's Retry-After.
 */
export function createBulkRunner(deps: BulkRunDeps) {
  const now = deps.now ?? Date.now;
  const sleep = deps.sleep ?? defaultSleep;
  const concurrency = deps.concurrency ?? BULK_CONCURRENCY;
  /** The job as this worker knows it; undefined until read from storage. */
  let job: BulkJob | null | undefined;
  let writes: Promise<void> = Promise.resolve();
  let running: Promise<void> | null = null;

  async function current(): Promise<BulkJob | null> {
    if (job === undefined) {
      const stored = await deps.store.get();
      // A job started while storage was read is the newer.
      if (job === undefined) {
        const parsed = bulkJobSchema.safeParse(stored);
        job = parsed.success ? parsed.data : null;
      }
    }
    return job;
  }

  /** Keeps `next` and writes it; writes go one after another, each the latest job. */
  function save(next: BulkJob): Promise<void> {
    job = next;
    const write = writes.then(() => deps.store.set(next));
    writes = write.catch(() => {});
    return write;
  }

  async function lookUp(domain: string): Promise<LookupResult> {
    try {
      const result = await deps.lookup(domain);
      if (result.state === 'found' && result.source === 'api') await deps.flushAnswers();
      return result;
    } catch (error) {
      return { state: 'unreachable', message: String(error) };
    }
  }

  async function lane(inFlight: Set<string>): Promise<void> {
    for (;;) {
      if (job?.state !== 'running') return;
      const wait = waitLeft(job, now());
      if (wait > 0) {
        await sleep(wait);
        continue;
      }
      const domain = pendingDomains(job).find((candidate) => !inFlight.has(candidate));
      if (domain === undefined) return;
      inFlight.add(domain);
      const result = await lookUp(domain);
      inFlight.delete(domain);
      if (job) await save(recordResult(job, domain, result, now()));
    }
  }

  async function run(): Promise<void> {
    await deps.keepAwake(true);
    const inFlight = new Set<string>();
    // Again while a new list was started as the last lanes of the one before ended.
    while (job?.state === 'running' && pendingDomains(job).length > 0)
      await Promise.all(Array.from({ length: concurrency }, () => lane(inFlight)));
    await writes;
    if (job?.state !== 'running') await deps.keepAwake(false);
  }

  const runner = {
    /** Takes an unfinished, uncancelled run up again; one run at a time, however often it is asked. */
    resume(): Promise<void> {
      running ??= (async () => {
        if ((await current())?.state === 'running') await run();
      })().finally(() => {
        running = null;
      });
      return running;
    },
    /** A person's click: a new run of these domains in place of any before. */
    async start(domains: readonly string[]): Promise<BulkStatus> {
      await current();
      const started = startJob(domains);
      await save(started);
      void runner.resume();
      return statusOf(started);
    },
    async cancel(): Promise<BulkStatus | null> {
      const known = await current();
      if (!known) return null;
      const cancelled = cancelJob(known);
      await save(cancelled);
      await deps.keepAwake(false);
      return statusOf(cancelled);
    },
    /** Where the run is; asking takes an unfinished run up again in a worker that was stopped. */
    async status(): Promise<BulkStatus | null> {
      const known = await current();
      if (known?.state === 'running') void runner.resume();
      return job ? statusOf(job) : null;
    },
    /** What the run ended in for a domain whose answer the cache does not hold (a 404, an error). */
    async recorded(domain: string): Promise<LookupResult | null> {
      const kept = (await current())?.done[domain];
      return kept === undefined || kept === 'cached' ? null : kept;
    },
  };
  return runner;
}

export type BulkRunner = ReturnType<typeof createBulkRunner>;
