import { type FormEvent, useEffect, useState } from 'react';
import { browser } from 'wxt/browser';
import { ResultCard } from '#components/ResultCard.tsx';
import { useDomainLookup } from '#components/use-domain-lookup.ts';
import { t, tCount } from '#extension/i18n.ts';
import type { Settings } from '#extension/settings.ts';
import { bulkPageUrl, readTypedLookup, type TypedLookup } from './typed-lookup.ts';

/** What was last looked up from the field, with the text it was read from. */
type LookedUp = TypedLookup & { text: string };

/**
 * The lookup field's text and what came of it: an error for text without an address, else the first address
 * looked up. A lookup asked for from the context menu (`?lookup=`) runs at once.
 */
function useManualLookup() {
  const [text, setText] = useState(() => new URLSearchParams(location.search).get('lookup') ?? '');
  const [lookedUp, setLookedUp] = useState<LookedUp | null>(null);
  const [inputError, setInputError] = useState<string | null>(null);
  const { result, run } = useDomainLookup();
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const typed = readTypedLookup(text);
    if (!typed) {
      setInputError(t('popupInvalidInput'));
      return;
    }
    setInputError(null);
    setLookedUp({ ...typed, text });
    void run(typed.target.domain);
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: only on first render
  useEffect(() => {
    if (text) submit();
  }, []);
  return { text, setText, submit, inputError, lookedUp, result, run };
}

/** Several addresses pasted: how many, and a link that takes them all to the bulk page. */
function PastedMany({ lookedUp }: { lookedUp: LookedUp }) {
  const count = lookedUp.addresses.length;
  return (
    <p className="muted" data-testid="pasted-many">
      {tCount('popupPastedMany', count)}{' '}
      <a
        data-testid="bulk-link"
        href={bulkPageUrl(browser.runtime.getURL('/bulk.html'), lookedUp.text)}
        target="_blank"
        rel="noopener"
      >
        {tCount('popupLookUpAllInList', count)}
      </a>
    </p>
  );
}

/**
 * The popup's lookup field (an address, a domain, or text pasted from a mail program) and the card of what it
 * looked up. `settings` is null until the settings in force are read: links are built from them.
 */
export function ManualLookup({ settings }: { settings: Settings | null }) {
  const lookup = useManualLookup();
  const { lookedUp } = lookup;
  return (
    <>
      <form onSubmit={lookup.submit} aria-label={t('popupLookupForm')}>
        <input
          data-testid="lookup-input"
          aria-label={t('popupLookupInput')}
          placeholder={t('popupLookupPlaceholder')}
          value={lookup.text}
          onChange={(event) => lookup.setText(event.target.value)}
        />
        <button type="submit" className="wl-button" data-testid="lookup-submit">
          {t('popupLookupSubmit')}
        </button>
      </form>
      {lookup.inputError && (
        <p role="alert" data-testid="error-message">
          {lookup.inputError}
        </p>
      )}
      {lookedUp && lookedUp.addresses.length > 1 && <PastedMany lookedUp={lookedUp} />}
      {lookedUp && settings && (
        <ResultCard
          address={lookedUp.target.address}
          result={lookup.result}
          searchQueryTemplate={settings.searchQueryTemplate}
          sendingAddresses={settings.sendingAddresses}
          onRefresh={() => void lookup.run(lookedUp.target.domain, { refresh: true })}
          onLookUp={() => void lookup.run(lookedUp.target.domain)}
          onOpenOptions={() => void browser.runtime.openOptionsPage()}
        />
      )}
    </>
  );
}
