import { type FormEvent, useEffect, useState } from 'react';
import { browser } from 'wxt/browser';
import { CARD_CSS } from '#components/card-styles.ts';
import { ResultCard } from '#components/ResultCard.tsx';
import { PAGE_THEME_CSS } from '#components/theme.ts';
import { parseLookupTarget } from '#core/email/lookup-target.ts';
import { t } from '#extension/i18n.ts';
import { sendRequest, type TabSummary } from '#extension/messaging.ts';
import { inForce, useSettingsStore } from '#settings/store.ts';
import { useDomainLookup } from '#ui/use-domain-lookup.ts';
import { TabAddresses } from './TabAddresses.tsx';

const POPUP_CSS = `${PAGE_THEME_CSS}${CARD_CSS}
body { margin: 0; width: 360px; font: 13px/1.4 system-ui, sans-serif; color: var(--wl-fg); }
main { padding: 12px; }
h1 { font-size: 15px; margin: 0 0 10px; }
h2 { font-size: 13px; margin: 14px 0 6px; }
form { display: flex; gap: 6px; margin-bottom: 10px; }
input { flex: 1; padding: 5px 8px; border: 1px solid var(--wl-border); border-radius: 6px; font: inherit; }
.wl-card { width: 100%; box-shadow: none; }
.group { margin-bottom: 10px; }
.addresses { margin: 0 0 6px; padding: 0; list-style: none; color: var(--wl-muted); word-break: break-all; }
.muted { color: var(--wl-muted); }
.row { display: flex; flex-wrap: wrap; gap: 6px; align-items: center; margin: 0 0 8px; }
.budget { margin: 8px 0; }
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
  const [submitted, setSubmitted] = useState<{ address: string; domain: string } | null>(null);
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
    const target = parseLookupTarget(query.trim());
    if (!target) {
      setInputError(t('popupInvalidInput'));
      return;
    }
    setInputError(null);
    setSubmitted({ address: query.trim(), domain: target.domain });
    void manual.run(target.domain);
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
      {submitted && store.loaded && (
        <ResultCard
          address={submitted.address}
          result={manual.result}
          searchQueryTemplate={settings.searchQueryTemplate}
          sendingAddresses={settings.sendingAddresses}
          onRefresh={() => void manual.run(submitted.domain, { refresh: true })}
          onLookUp={() => void manual.run(submitted.domain)}
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
