import { useEffect } from 'react';
import { domainOf } from '#core/email/extract.ts';
import { t } from '#extension/i18n.ts';
import type { LookupResult } from '#extension/lookup-result.ts';
import { type ContentSettings, sendRequest } from '#extension/messaging.ts';
import type { Theme } from '#page/page-theme.ts';
import { ResultCard } from './ResultCard.tsx';
import { useDomainLookup } from './use-domain-lookup.ts';
import { DrawnWords } from './words.ts';

/** What of settings the card shows an answer with. */
export type CardSettings = Pick<ContentSettings, 'searchQueryTemplate' | 'sendingAddresses'>;

export interface HoverCardProps {
  address: string;
  /** The lookup of the address's domain, sent when the card was asked for (see card.tsx). */
  answer: Promise<LookupResult>;
  settings: CardSettings;
  theme: Theme;
  onClose: () => void;
}

/**
 * The card shown over a page: the answer about the address's domain, a refresh that asks again, and a
 * lookup on a click where the tab's lookups without one are spent. Its words are drawn (components/words.ts).
 */
export function HoverCard({ address, answer, settings, theme, onClose }: HoverCardProps) {
  const { result, run, follow } = useDomainLookup();
  const domain = domainOf(address);
  useEffect(() => {
    void follow(answer);
  }, [follow, answer]);

  return (
    <DrawnWords.Provider value={true}>
      <div data-testid="hover-card" role="dialog" aria-label={t('cardLabel', address)} aria-live="polite">
        <ResultCard
          address={address}
          result={result}
          searchQueryTemplate={settings.searchQueryTemplate}
          sendingAddresses={settings.sendingAddresses}
          theme={theme}
          onRefresh={() => void run(domain, { refresh: true })}
          onLookUp={() => void run(domain, { intent: 'click' })}
          onOpenOptions={() => {
            void sendRequest({ type: 'open-options' });
            onClose();
          }}
        />
      </div>
    </DrawnWords.Provider>
  );
}
