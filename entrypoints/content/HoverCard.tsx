import { useCallback, useEffect, useState } from 'react';
import { ResultCard } from '@/components/ResultCard.tsx';
import { domainOf } from '@/lib/email/extract.ts';
import type { LookupResult } from '@/lib/lookup/result.ts';
import { sendRequest } from '@/lib/messages.ts';

export interface HoverCardProps {
  address: string;
  searchQueryTemplate: string;
  onClose: () => void;
}

/** The card shown over a page: asks the background about the address's domain and shows the answer. */
export function HoverCard({ address, searchQueryTemplate, onClose }: HoverCardProps) {
  const [result, setResult] = useState<LookupResult | null>(null);
  const lookup = useCallback(
    async (refresh: boolean) => {
      setResult(null);
      try {
        setResult(await sendRequest({ type: 'lookup', domain: domainOf(address), refresh }));
      } catch {
        setResult({
          state: 'unreachable',
          message: 'The extension was updated or stopped; reload the page.',
        });
      }
    },
    [address],
  );
  useEffect(() => {
    void lookup(false);
  }, [lookup]);

  return (
    <div data-testid="hover-card" role="dialog" aria-label={`Mail provider of ${address}`} aria-live="polite">
      <ResultCard
        address={address}
        result={result}
        searchQueryTemplate={searchQueryTemplate}
        onRefresh={() => void lookup(true)}
        onOpenOptions={() => {
          void sendRequest({ type: 'open-options' });
          onClose();
        }}
      />
    </div>
  );
}
