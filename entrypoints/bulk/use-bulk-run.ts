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

/**
 * The run as it is now: asked on opening the page, and every second while it goes on or lookups of it are on
 * their way (after a Cancel, their answers still come).
 */
function useBulkStatus(ask: Ask) {
  const [status, setStatus] = useState<BulkStatus | null>(null);
  const running = status !== null && (status.state === 'running' || status.lookingUp > 0);
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

/**
 * The list's answers, once the run has stopped (finished, cancelled or stopped), and again as each answer on
 * its way at that moment comes (`done`).
 */
function useBulkAnswers(domains: readonly string[], status: BulkStatus | null, ask: Ask) {
  const [answers, setAnswers] = useState<Record<string, LookupResult | null> | null>(null);
  // How many domains the run that stopped has done; null while it goes on, or without one.
  const settled = status === null || status.state === 'running' ? null : status.done;
  useEffect(() => {
    // Those shown stay until the next come: a table that blinks empty as an answer is added loses one's place.
    if (settled === null || domains.length === 0) {
      setAnswers(null);
      return;
    }
    let current = true;
    void ask(() => sendRequest({ type: 'bulk-answers', domains: [...domains] })).then((answer) => {
      if (current) setAnswers(answer);
    });
    return () => {
      current = false;
    };
  }, [domains, settled, ask]);
  return answers;
}

/**
 * The bulk page's view of the worker's run: what a list will cost, its progress, starting and cancelling it,
 * its answers once it has stopped, and letting go of them. `domains` is the page's memoised list: a new array is a new list.
 */
export function useBulkRun(domains: readonly string[]) {
  const { ask, failure } = useAsk();
  const [status, setStatus] = useBulkStatus(ask);
  const plan = useBulkPlan(domains, status?.state === 'running', ask);
  const answers = useBulkAnswers(domains, status, ask);

  const start = useCallback(async () => {
    // The run that ended before is not this list's: while the worker starts the new one, its end (and with it
    // a table of this list's rows without answers) is not shown.
    setStatus(null);
    const next = await ask(() => sendRequest({ type: 'bulk-start', domains: [...domains] }));
    if (next) setStatus(next);
  }, [domains, ask, setStatus]);

  const cancel = useCallback(async () => {
    const next = await ask(() => sendRequest({ type: 'bulk-cancel' }));
    if (next) setStatus(next);
  }, [ask, setStatus]);

  /** Lets go of a list that is over, its answers with it; whether the worker did (not while a run goes on). */
  const dismiss = useCallback(async () => {
    const dismissed = (await ask(() => sendRequest({ type: 'bulk-dismiss' })))?.dismissed ?? false;
    if (dismissed) setStatus(null);
    return dismissed;
  }, [ask, setStatus]);

  return { status, plan, answers, failure, start, cancel, dismiss };
}
