import { useEffect } from 'react';
import { ResultCard } from '@/components/ResultCard.tsx';
import { useDomainLookup } from '@/components/use-domain-lookup.ts';
import { domainOf } from '@/lib/email/extract.ts';
import { sendRequest } from '@/lib/messages.ts';

export interface HoverCardProps {
  address: string;
  searchQueryTemplate: string;
  onClose: () => void;
}

/** The card shown over a page: asks the background about the address's domain and shows the answer. */
export function HoverCard({ address, searchQueryTemplate, onClose }: HoverCardProps) {
  const { result, run } = useDomainLookup();
  const domain = domainOf(address);
  useEffect(() => {
    void run(domain);
  }, [run, domain]);

  return (
    <div data-testid="hover-card" role="dialog" aria-label={`Mail provider of ${address}`} aria-live="polite">
      <ResultCard
        address={address}
        result={result}
        searchQueryTemplate={searchQueryTemplate}
        onRefresh={() => void run(domain, true)}
        onOpenOptions={() => {
          void sendRequest({ type: 'open-options' });
          onClose();
        }}
      />
    </div>
  );
}
