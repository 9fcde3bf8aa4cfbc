import { useCallback, useEffect, useState } from 'react';
import type { LookupResult } from '#extension/lookup-result.ts';
import { type BulkStatus, sendRequest } from '#extension/messaging.ts';
import { errorWords } from '#extension/page-words.ts';

/** How often the page asks the worker how far the run is: each question also wakes a stopped worker. */
const STATUS_POLL_MS = 1_000;

export interface BulkPlan {
  /** The list's domains that have an answer cached: they cost nothing. */
  cached: number;
}

/** Asks the worker something: its answer, or null, with what went wrong kept for the page to say. */
type Ask = <T>(request: () => Promise<T>) => Promise<T | null>;

/** The page's questions to the worker, and what went wrong with the last one (null once one is answered). */
function useAsk(): { ask: Ask; failure: string | null } {
  const [failure, setFailure] = useState<string | null>(null);
  const ask = useCallback<Ask>(async (request) => {
    try {
      const answer = await request();
      setFailure(null);
      return answer;
    } catch (error) {
      setFailure(errorWords(error));
      return null;
    }
  }, []);
  return { ask, failure };
}

/** The run as it is now: asked on opening the page, and every second while it goes on. */
function useBulkStatus(ask: Ask) {
  const [status, setStatus] = useState<BulkStatus | null>(null);
  const running = status?.state === 'running';
  useEffect(() => {
    let stopped = false;
    const poll = async () => {
      const next = await ask(() => sendRequest({ type: 'bulk-status' }));
      if (!stopped) setStatus(next);
    };
    void poll();
    // Stopped either way: a poll still on its way when start() sets the status must not overwrite it.
    const timer = running ? setInterval(poll, STATUS_POLL_MS) : undefined;
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [running, ask]);
  return [status, setStatus] as const;
}

/** What the list will cost: asked again for a new list, and after a run (which changed what is cached). */
function useBulkPlan(domains: readonly string[], running: boolean, ask: Ask): BulkPlan | null {
  const [plan, setPlan] = useState<BulkPlan | null>(null);
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
  return plan;
}

/** The list's answers, once the run has stopped (finished, cancelled or stopped by the service). */
function useBulkAnswers(domains: readonly string[], state: BulkStatus['state'] | null, ask: Ask) {
  const [answers, setAnswers] = useState<Record<string, LookupResult | null> | null>(null);
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
  return answers;
}

/**
 * The bulk page's view of the worker's run: what a list will cost, its progress, starting and cancelling it,
 * and its answers once it has stopped. `domains` is the page's memoised list: a new array is a new list.
 */
export function useBulkRun(domains: readonly string[]) {
  const { ask, failure } = useAsk();
  const [status, setStatus] = useBulkStatus(ask);
  const state = status?.state ?? null;
  const plan = useBulkPlan(domains, state === 'running', ask);
  const answers = useBulkAnswers(domains, state, ask);

  const start = useCallback(async () => {
    const next = await ask(() => sendRequest({ type: 'bulk-start', domains: [...domains] }));
    if (next) setStatus(next);
  }, [domains, ask, setStatus]);

  const cancel = useCallback(async () => {
    const next = await ask(() => sendRequest({ type: 'bulk-cancel' }));
    if (next) setStatus(next);
  }, [ask, setStatus]);

  return { status, plan, answers, failure, start, cancel };
}
