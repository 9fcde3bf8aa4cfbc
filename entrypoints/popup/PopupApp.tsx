import { type FormEvent, useEffect, useState } from 'react';
import { browser } from 'wxt/browser';
import { ResultCard } from '#components/ResultCard.tsx';
import { useDomainLookup } from '#components/use-domain-lookup.ts';
import { t } from '#extension/i18n.ts';
import { sendRequest, type TabSummary } from '#extension/messaging.ts';
import { inForce, useSettingsStore } from '#settings/store.ts';
import { TabAddresses } from './TabAddresses.tsx';
import { bulkPageUrl, readTypedLookup, type TypedLookup } from './typed-lookup.ts';

/** The tab whose addresses are listed: ?tabId=N, else the active tab. */
async function targetTabId(): Promise<number | null> {
  const fromUrl = Number(new URLSearchParams(location.search).get('tabId'));
  if (Number.isInteger(fromUrl) && fromUrl > 0) return fromUrl;
  const [tab] = await browser.tabs.query({ active: true, currentWindow: true });
  return tab?.id ?? null;
}

export function PopupApp() {
  const store = useSettingsStore();
  const { load } = store;
  const settings = inForce(store);
  const [summary, setSummary] = useState<TabSummary | null>(null);
  const [summaryError, setSummaryError] = useState<string | null>(null);
  const [query, setQuery] = useState(() => new URLSearchParams(location.search).get('lookup') ?? '');
  const [submitted, setSubmitted] = useState<(TypedLookup & { text: string }) | null>(null);
  const [inputError, setInputError] = useState<string | null>(null);
  const manual = useDomainLookup();

  useEffect(() => {
    void load();
    void (async () => {
      const tabId = await targetTabId();
      if (tabId === null) return;
      try {
        setSummary(await sendRequest({ type: 'tab-summary', tabId }));
      } catch (error) {
        setSummaryError(error instanceof Error ? error.message : String(error));
      }
    })();
  }, [load]);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const input = readTypedLookup(query);
    if (!input) {
      setInputError(t('popupInvalidInput'));
      return;
    }
    setInputError(null);
    setSubmitted({ ...input, text: query });
    void manual.run(input.target.domain);
  };

  // A lookup asked for from the context menu runs at once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only on first render
  useEffect(() => {
    if (query) submit();
  }, []);

  return (
    <main>
      <h1>{t('extName')}</h1>
      <form onSubmit={submit} aria-label={t('popupLookupForm')}>
        <input
          data-testid="lookup-input"
          aria-label={t('popupLookupInput')}
          placeholder={t('popupLookupPlaceholder')}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
        <button type="submit" className="wl-button" data-testid="lookup-submit">
          {t('popupLookupSubmit')}
        </button>
      </form>
      {inputError && (
        <p role="alert" data-testid="error-message">
          {inputError}
        </p>
      )}
      {/* Links are built from the settings in force: none before they (the organisation's too) are read. */}
      {submitted && submitted.addresses.length > 1 && (
        <p className="muted" data-testid="pasted-many">
          {t('popupPastedMany', submitted.addresses.length)}{' '}
          <a
            data-testid="bulk-link"
            href={bulkPageUrl(browser.runtime.getURL('/bulk.html'), submitted.text)}
            target="_blank"
            rel="noopener"
          >
            {t('popupLookUpAllInList', submitted.addresses.length)}
          </a>
        </p>
      )}
      {submitted && store.loaded && (
        <ResultCard
          address={submitted.target.address}
          result={manual.result}
          searchQueryTemplate={settings.searchQueryTemplate}
          sendingAddresses={settings.sendingAddresses}
          onRefresh={() => void manual.run(submitted.target.domain, { refresh: true })}
          onLookUp={() => void manual.run(submitted.target.domain)}
          onOpenOptions={() => void browser.runtime.openOptionsPage()}
        />
      )}
      <h2>{t('popupOnThisPage')}</h2>
      {summaryError && <p className="muted">{summaryError}</p>}
      {summary && summary.addresses.length === 0 && <p className="muted">{t('popupNoAddresses')}</p>}
      {summary && store.loaded && <TabAddresses summary={summary} settings={settings} />}
      <p>
        <a href={browser.runtime.getURL('/options.html')} target="_blank" rel="noopener">
          {t('popupSettings')}
        </a>
      </p>
    </main>
  );
}
