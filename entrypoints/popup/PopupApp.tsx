import { type FormEvent, useEffect, useState } from 'react';
import { browser } from 'wxt/browser';
import { CARD_CSS } from '#components/card-styles.ts';
import { ResultCard } from '#components/ResultCard.tsx';
import { PAGE_THEME_CSS } from '#components/theme.ts';
import { t } from '#extension/i18n.ts';
import { sendRequest, type TabSummary } from '#extension/messaging.ts';
import { inForce, useSettingsStore } from '#settings/store.ts';
import { bulkPageUrl, type LookupInput, readLookupInput } from '#ui/lookup-input.ts';
import { useDomainLookup } from '#ui/use-domain-lookup.ts';
import { TabAddresses } from './TabAddresses.tsx';

const POPUP_CSS = `${PAGE_THEME_CSS}${CARD_CSS}
body { margin: 0; width: 380px; font: 13px/1.4 system-ui, sans-serif; color: var(--wl-fg); }
main { padding: 12px; }
h1 { font-size: 15px; margin: 0 0 10px; }
h2 { font-size: 13px; margin: 14px 0 6px; }
form { display: flex; gap: 6px; margin-bottom: 10px; }
input { flex: 1; padding: 5px 8px; border: 1px solid var(--wl-border); border-radius: 6px; font: inherit; }
.wl-card { width: 100%; box-shadow: none; }
.muted { color: var(--wl-muted); }
.row { display: flex; flex-wrap: wrap; gap: 6px; align-items: center; margin: 0 0 8px; }
.budget { margin: 8px 0; padding: 6px 8px; border: 1px solid var(--wl-notice-border); border-radius: 6px;
  background: var(--wl-notice-bg); }
.budget p { margin: 0 0 6px; }
.summary { display: flex; flex-wrap: wrap; gap: 4px 10px; margin: 0 0 8px; padding: 0; list-style: none; }
.list-controls { position: sticky; top: 0; z-index: 1; padding: 4px 0; background: var(--wl-bg); }
.list-controls input { width: 100%; box-sizing: border-box; }
.grouping { display: flex; flex-wrap: wrap; gap: 4px; margin: 4px 0 0; padding: 0; border: 0; }
.grouping [aria-pressed="true"] { border-color: var(--wl-focus); box-shadow: inset 0 0 0 1px var(--wl-focus); }
.hint { font-size: 11px; margin: 2px 0 4px; }
.address-list { width: 100%; table-layout: fixed; border-collapse: collapse; }
.address-list th { text-align: left; font-size: 12px; padding: 8px 4px 2px; border-bottom: 1px solid var(--wl-border); }
.address-list td { padding: 3px 4px; vertical-align: middle; }
.address-row { cursor: pointer; }
.address-row:hover > td { background: var(--wl-button-bg); }
.address-row:focus { outline: none; }
.address-row:focus-visible > td { background: var(--wl-button-bg); box-shadow: inset 0 2px 0 var(--wl-focus), inset 0 -2px 0 var(--wl-focus); }
.address-row:focus-visible > td:first-child { box-shadow: inset 2px 2px 0 var(--wl-focus), inset 0 -2px 0 var(--wl-focus); }
.address-row:focus-visible > td:last-child { box-shadow: inset -2px 2px 0 var(--wl-focus), inset 0 -2px 0 var(--wl-focus); }
.logo-cell { width: 22px; }
.logo-cell .wl-logo { width: 20px; height: 20px; font-size: 11px; }
.who span { display: block; overflow: hidden; white-space: nowrap; text-overflow: ellipsis; }
.who .provider { font-size: 11px; }
.marks { width: 52px; white-space: nowrap; }
.mark { display: inline-block; min-width: 14px; font-size: 10px; font-weight: 600; text-align: center;
  border-radius: 3px; margin-right: 2px; }
.mark-flag-disposable { background: var(--wl-disposable-bg); color: var(--wl-disposable-fg); border: 1px solid var(--wl-disposable-border); }
.mark-flag-freemail { background: var(--wl-freemail-bg); color: var(--wl-freemail-fg); border: 1px solid var(--wl-freemail-border); }
.mark-flag-privacy { background: var(--wl-privacy-bg); color: var(--wl-privacy-fg); border: 1px solid var(--wl-privacy-border); }
.links { width: 104px; text-align: right; white-space: nowrap; font-size: 12px; }
.links a + a { margin-left: 6px; }
.wl-button.small { padding: 1px 6px; font-size: 12px; }
.card-row > td { padding: 4px 0 10px; }
`;

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
  const [submitted, setSubmitted] = useState<(LookupInput & { text: string }) | null>(null);
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
    const input = readLookupInput(query);
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
      <style>{POPUP_CSS}</style>
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
