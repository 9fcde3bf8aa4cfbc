import { useCallback, useEffect, useState } from 'react';
import type { LookupResult } from '#extension/lookup-result.ts';
import { type BulkStatus, sendRequest } from '#extension/messaging.ts';

/** How often the page asks the worker how far the run is: each question also wakes a stopped worker. */
const STATUS_POLL_MS = 1_000;

export interface BulkPlan {
  /** The list's domains that have an answer cached: they cost nothing. */
  cached: number;
}

/**
 * The bulk page's view of the worker's run: what a list will cost, its progress (asked every second while
 * it runs), starting and cancelling it, and its answers once it has stopped.
 */
export function useBulkRun(domains: readonly string[]) {
  // `domains` is the page's memoised list: a new array means a new list.
  const [status, setStatus] = useState<BulkStatus | null>(null);
  const [plan, setPlan] = useState<BulkPlan | null>(null);
  const [answers, setAnswers] = useState<Record<string, LookupResult | null> | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const state = status?.state ?? null;
  const running = state === 'running';

  const ask = useCallback(async <T>(request: () => Promise<T>): Promise<T | null> => {
    try {
      const answer = await request();
      setFailure(null);
      return answer;
    } catch (error) {
      setFailure(String(error instanceof Error ? error.message : error));
      return null;
    }
  }, []);

  // The run as it is now: on opening the page, and every second while it goes on.
  useEffect(() => {
    let stopped = false;
    const poll = async () => {
      const next = await ask(() => sendRequest({ type: 'bulk-status' }));
      if (!stopped) setStatus(next);
    };
    void poll();
    if (!running) return () => {};
    const timer = setInterval(poll, STATUS_POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [running, ask]);

  // What the list will cost: asked again for a new list, and after a run (which changed what is cached).
  useEffect(() => {
    setPlan(null);
    if (domains.length === 0 || running) return;
    let current = true;
    void ask(() => sendRequest({ type: 'bulk-plan', domains: [...domains] })).then((answer) => {
      if (current && answer) setPlan({ cached: answer.cached.length });
    });
    return () => {
      current = false;
    };
  }, [domains, running, ask]);

  // The answers, once the run has stopped (finished, cancelled or stopped by the service).
  useEffect(() => {
    setAnswers(null);
    if (state === null || state === 'running' || domains.length === 0) return;
    let current = true;
    void ask(() => sendRequest({ type: 'bulk-answers', domains: [...domains] })).then((answer) => {
      if (current) setAnswers(answer);
    });
    return () => {
      current = false;
    };
  }, [domains, state, ask]);

  const start = useCallback(async () => {
    const next = await ask(() => sendRequest({ type: 'bulk-start', domains: [...domains] }));
    if (next) setStatus(next);
  }, [domains, ask]);

  const cancel = useCallback(async () => {
    const next = await ask(() => sendRequest({ type: 'bulk-cancel' }));
    if (next) setStatus(next);
  }, [ask]);

  return { status, plan, answers, failure, start, cancel };
}
