import { z } from 'zod';
import { BULK_RATE_LIMIT_DEFAULT_WAIT_MS } from '#extension/limits.ts';
import { type LookupResult, lookupResultSchema } from '#extension/lookup-result.ts';
import type { BulkStatus } from '#extension/messaging.ts';

/**
 * A bulk list's run, as kept in chrome.storage.local so that it outlives the worker and the page: its
 * domains, what each ended in, and whether it goes on. A domain's answer from the API lands in the answer
 * cache (where a resumed run finds it free); the job records `cached` for it, and keeps itself only what the
 * cache does not (a 404, a catalog answer, an error), so that it stays small.
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

export function startJob(domains: readonly string[]): BulkJob {
  return { domains: [...new Set(domains)], done: {}, state: 'running', waitUntil: null, stoppedBy: null };
}

/** The domains still to look up, in the list's order. */
export function pendingDomains(job: BulkJob): string[] {
  return job.domains.filter((domain) => !(domain in job.done));
}

/** Answers that refuse every other lookup too: the run stops, and the page says what to do. */
const STOPS_THE_RUN: ReadonlySet<LookupResult['state']> = new Set(['unknown-key', 'billing']);

/**
 * What one domain's lookup makes of the job. A 429 leaves the domain to ask again once the service said it
 * may be; a refused key or a spent balance stops the run; anything else is the domain's answer.
 */
export function recordResult(job: BulkJob, domain: string, result: LookupResult, now: number): BulkJob {
  if (job.state !== 'running') return job;
  if (result.state === 'rate-limited') {
    const until = result.retryAt ?? now + BULK_RATE_LIMIT_DEFAULT_WAIT_MS;
    return { ...job, waitUntil: Math.max(job.waitUntil ?? 0, until) };
  }
  if (STOPS_THE_RUN.has(result.state)) return { ...job, state: 'stopped', stoppedBy: result };
  const kept = result.state === 'found' && result.source === 'api' ? 'cached' : result;
  const waitUntil = waitLeft(job, now) > 0 ? job.waitUntil : null;
  const next: BulkJob = { ...job, waitUntil, done: { ...job.done, [domain]: kept } };
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

export function statusOf(job: BulkJob): BulkStatus {
  return {
    state: job.state,
    total: job.domains.length,
    done: Object.keys(job.done).length,
    waitUntil: job.waitUntil,
    stoppedBy: job.stoppedBy,
  };
}
