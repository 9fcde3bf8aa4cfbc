import { BULK_RATE_LIMIT_DEFAULT_WAIT_MS } from '#extension/limits.ts';
import type { LookupResult } from '#extension/lookup-result.ts';
import type { BulkStatus } from '#extension/messaging.ts';
import type { BulkJob } from '#extension/stored.ts';
import { keptResult } from './kept-result.ts';

/*
 * What a bulk list's run makes of its job (bulkJobItem, lib/extension/stored.ts) as its answers come: pure
 * functions of the job, which bulk-run.ts keeps and writes.
 */

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
