import { useCallback, useRef, useState } from 'react';
import { lookUpDomain } from '#extension/look-up-domain.ts';
import type { LookupResult } from '#extension/lookup-result.ts';

/** A domain's answer: null while not looked up, 'loading' while it is. */
export type DomainState = LookupResult | 'loading' | null;

/**
 * The answers for many domains (the popup's list), starting from those the background had, each looked up
 * on its own. Per domain, an answer that comes after a later lookup's does not replace it.
 */
export function useDomainResults(initial: Record<string, DomainState>) {
  const [results, setResults] = useState<Record<string, DomainState>>(initial);
  const latest = useRef(new Map<string, number>());
  const run = useCallback(async (domain: string, refresh = false) => {
    const lookup = (latest.current.get(domain) ?? 0) + 1;
    latest.current.set(domain, lookup);
    setResults((current) => ({ ...current, [domain]: 'loading' }));
    const value = await lookUpDomain(domain, { refresh });
    if (latest.current.get(domain) === lookup) setResults((current) => ({ ...current, [domain]: value }));
  }, []);
  return { results, run };
}
