import { useCallback, useState } from 'react';
import type { LookupResult } from '@/lib/lookup/result.ts';
import { sendRequest } from '@/lib/messages.ts';

/**
 * Asks the background about a domain and holds the answer: null while it is on its way. A worker that
 * cannot answer (the extension was reloaded) becomes a plain "unreachable" state, never an exception.
 */
export function useDomainLookup(initial: LookupResult | null = null) {
  const [result, setResult] = useState<LookupResult | null>(initial);
  const run = useCallback(async (domain: string, refresh = false) => {
    setResult(null);
    try {
      setResult(await sendRequest({ type: 'lookup', domain, refresh }));
    } catch {
      setResult({ state: 'unreachable', message: 'The extension was updated or stopped; reload the page.' });
    }
  }, []);
  return { result, run };
}
