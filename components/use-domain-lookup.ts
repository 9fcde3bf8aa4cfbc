import { useCallback, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { type LookupOptions, lookUpDomain } from '#extension/look-up-domain.ts';
import type { LookupResult } from '#extension/lookup-result.ts';

/** Holds a lookup's answer: null while it is on its way. */
export function useDomainLookup(initial: LookupResult | null = null) {
  const [result, setResult] = useState<LookupResult | null>(initial);
  /** Counts the lookups followed: an answer that comes after a later lookup's does not replace it. */
  const followed = useRef(0);
  /**
   * Shows loading, then the answer of a lookup already sent. The answer is committed in the task that
   * brought it (flushSync), not in a task React schedules later, which a frame could come before: a
   * cached answer then reaches the screen in the next frame.
   */
  const follow = useCallback(async (answer: Promise<LookupResult>) => {
    const lookup = ++followed.current;
    setResult(null);
    const value = await answer;
    if (lookup === followed.current) flushSync(() => setResult(value));
  }, []);
  const run = useCallback(
    (domain: string, options?: LookupOptions) => follow(lookUpDomain(domain, options)),
    [follow],
  );
  return { result, run, follow };
}
