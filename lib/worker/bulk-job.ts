import { BULK_RATE_LIMIT_DEFAULT_WAIT_MS, MAX_KEPT_ANSWER_BYTES } from '#extension/limits.ts';
import type { LookupResult } from '#extension/lookup-result.ts';
import type { BulkStatus } from '#extension/protocol.ts';
import { type BulkJob, bulkAnswerFamily } from '#extension/stored.ts';
import { keptResult } from './kept-result.ts';

/*
 * What a bulk list's run makes of its job (bulkJobItem, lib/extension/stored.ts) as its answers come: pure
 * functions of the job, which bulk-run.ts keeps and writes.
 */

export function startJob(domains: readonly string[]): BulkJob {
  return {
    domains: [...new Set(domains)],
    done: {},
    keptBytes: 0,
    state: 'running',
    waitUntil: null,
    stoppedBy: null,
  };
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

/** The most a domain's result can take in storage, its key included: what a lookup reserves of the budget. */
const mostBytesOf = (domain: string) => bulkAnswerFamily.key(domain).length + MAX_KEPT_ANSWER_BYTES;

/**
 * Whether the list's budget of kept answers (`maxBytes`: MAX_BULK_ANSWER_BYTES) has room for the results of
 * these lookups at their largest, beside what it keeps already.
 */
export function hasRoomFor(job: BulkJob, domains: Iterable<string>, maxBytes: number): boolean {
  let bytes = job.keptBytes;
  for (const domain of domains) bytes += mostBytesOf(domain);
  return bytes <= maxBytes;
}

/** A run whose list has no room left for another answer: it stops, and says why. */
export function listFull(job: BulkJob): BulkJob {
  return job.state === 'running'
    ? { ...job, state: 'stopped', waitUntil: null, stoppedBy: 'list-full' }
    : job;
}

/**
 * What one domain's lookup makes of the job. A 429 leaves the domain to ask again once the service said it
 * may be; a refused key or a spent balance stops the run; anything else is the domain's result, kept in the
 * job (the run writes it as an item of its own). A lookup that was on its way when the run was cancelled or
 * stopped still counts (it was paid for), and changes nothing else.
 */
export function recordResult(job: BulkJob, domain: string, result: LookupResult, now: number): BulkJob {
  if (domain in job.done) return job;
  const running = job.state === 'running';
  if (result.state === 'rate-limited') {
    if (!running) return job;
    const until = result.retryAt ?? now + BULK_RATE_LIMIT_DEFAULT_WAIT_MS;
    return { ...job, waitUntil: Math.max(job.waitUntil ?? 0, until) };
  }
  if (STOPS_THE_RUN.has(result.state))
    return running ? { ...job, state: 'stopped', waitUntil: null, stoppedBy: kept(result) } : job;
  const record = kept(result);
  const next: BulkJob = {
    ...job,
    done: { ...job.done, [domain]: record },
    keptBytes: job.keptBytes + bulkAnswerFamily.bytes(domain, record),
  };
  if (!running) return next;
  next.waitUntil = waitLeft(job, now) > 0 ? job.waitUntil : null;
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

/**
 * Where the run is; `saved` is whether storage holds the job as it is now, `lookingUp` how many of its
 * lookups are on their way.
 */
export function statusOf(job: BulkJob, saved: boolean, lookingUp: number): BulkStatus {
  return {
    saved,
    state: job.state,
    total: job.domains.length,
    done: Object.keys(job.done).length,
    lookingUp,
    waitUntil: job.waitUntil,
    stoppedBy: job.stoppedBy,
  };
}
