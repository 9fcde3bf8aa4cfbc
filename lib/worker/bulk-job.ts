import { z } from 'zod';
import { BULK_RATE_LIMIT_DEFAULT_WAIT_MS } from '#extension/limits.ts';
import { type LookupResult, lookupResultSchema } from '#extension/lookup-result.ts';
import type { BulkStatus } from '#extension/messaging.ts';
import { keptResult } from './kept-result.ts';

/**
 * A bulk list's run, as kept in chrome.storage.local so that it outlives the worker and the page: its
 * domains, what each ended in, and whether it goes on. A domain's answer from the API lands in the answer
 * cache (where a resumed run finds it free); the job records `cached` for it, and keeps itself only what the
 * cache does not hold (a 404, a catalog answer, an error, an answer storage refused), each within
 * MAX_KEPT_ANSWER_BYTES, so that it stays small: MAX_BULK_DOMAINS records at most.
 */
export const bulkJobSchema = z.object({
  domains: z.array(z.string()),
  done: z.record(z.string(), z.union([z.literal('cached'), lookupResultSchema])),
  state: z.enum(['running', 'finished', 'cancelled', 'stopped']),
  waitUntil: z.number().nullable(),
  stoppedBy: lookupResultSchema.nullable(),
});

export type BulkJob = z.infer<typeof bulkJobSchema>;

/** The storage key of the one bulk job: a new list's run takes the place of the last. */
export const BULK_JOB_KEY = 'bulkJob';
/** The session storage key that says the stored job is behind its run (bulk-run.ts). */
export const BULK_JOB_BEHIND_KEY = 'bulkJobBehind';

export function startJob(domains: readonly string[]): BulkJob {
  return { domains: [...new Set(domains)], done: {}, state: 'running', waitUntil: null, stoppedBy: null };
}

/** The domains still to look up, in the list's order. */
export function pendingDomains(job: BulkJob): string[] {
  return job.domains.filter((domain) => !(domain in job.done));
}

/** Answers that refuse every other lookup too: the run stops, and the page says what to do. */
const STOPS_THE_RUN: ReadonlySet<LookupResult['state']> = new Set(['unknown-key', 'billing']);

/** What the job keeps of a result: within MAX_KEPT_ANSWER_BYTES, or words that say it was too large. */
function kept(result: LookupResult): LookupResult {
  return (
    keptResult(result) ?? {
      state: 'unreachable',
      message: 'The answer was larger than this extension keeps for one domain.',
      problem: { code: 'answer-too-large' },
    }
  );
}

/**
 * What one domain's lookup makes of the job. A 429 leaves the domain to ask again once the service said it
 * may be; a refused key or a spent balance stops the run; anything else is the domain's answer, recorded as
 * `cached` when the answer cache has it in storage (`inCache`), else kept in the job itself.
 */
export function recordResult(
  job: BulkJob,
  domain: string,
  result: LookupResult,
  now: number,
  { inCache = false } = {},
): BulkJob {
  if (job.state !== 'running') return job;
  if (result.state === 'rate-limited') {
    const until = result.retryAt ?? now + BULK_RATE_LIMIT_DEFAULT_WAIT_MS;
    return { ...job, waitUntil: Math.max(job.waitUntil ?? 0, until) };
  }
  if (STOPS_THE_RUN.has(result.state)) return { ...job, state: 'stopped', stoppedBy: kept(result) };
  const waitUntil = waitLeft(job, now) > 0 ? job.waitUntil : null;
  const done = { ...job.done, [domain]: inCache ? ('cached' as const) : kept(result) };
  const next: BulkJob = { ...job, waitUntil, done };
  return pendingDomains(next).length === 0 ? { ...next, state: 'finished', waitUntil: null } : next;
}

/** A person's Cancel: lookups on their way finish (their answers are kept), no other starts. */
export function cancelJob(job: BulkJob): BulkJob {
  return job.state === 'running' ? { ...job, state: 'cancelled', waitUntil: null } : job;
}

/** How long the run must wait before asking again (ms): 0 when it may ask now. */
export function waitLeft(job: BulkJob, now: number): number {
  return job.waitUntil === null ? 0 : Math.max(0, job.waitUntil - now);
}

/** Where the run is; `saved` is whether storage holds the job as it is now. */
export function statusOf(job: BulkJob, saved: boolean): BulkStatus {
  return {
    saved,
    state: job.state,
    total: job.domains.length,
    done: Object.keys(job.done).length,
    waitUntil: job.waitUntil,
    stoppedBy: job.stoppedBy,
  };
}
