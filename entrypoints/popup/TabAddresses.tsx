import { useEffect, useState } from 'react';
import { browser } from 'wxt/browser';
import { ResultCard } from '#components/ResultCard.tsx';
import { domainOf } from '#core/email/extract.ts';
import { t } from '#extension/i18n.ts';
import type { TabSummary } from '#extension/messaging.ts';
import type { Settings } from '#settings/schema.ts';
import { addressRows } from '#ui/address-table.ts';
import { copyTable, downloadCsv } from '#ui/take-away.ts';
import { type DomainState, useDomainResults } from '#ui/use-domain-results.ts';

function DomainGroup({
  domain,
  addresses,
  state,
  settings,
  onLookup,
}: {
  domain: string;
  addresses: string[];
  state: DomainState;
  settings: Settings;
  onLookup: (refresh: boolean) => void;
}) {
  return (
    <div className="group" data-testid="domain-group" data-domain={domain}>
      <ul className="addresses">
        {addresses.map((address) => (
          <li key={address} data-testid="page-address">
            {address}
          </li>
        ))}
      </ul>
      {state === null ? (
        <button
          type="button"
          className="wl-button"
          data-testid="lookup-domain"
          onClick={() => onLookup(false)}
        >
          {t('popupLookupDomain', domain)}
        </button>
      ) : (
        <ResultCard
          address={addresses[0] ?? domain}
          result={state === 'loading' ? null : state}
          searchQueryTemplate={settings.searchQueryTemplate}
          sendingAddresses={settings.sendingAddresses}
          onRefresh={() => onLookup(true)}
          onLookUp={() => onLookup(false)}
          onOpenOptions={() => void browser.runtime.openOptionsPage()}
        />
      )}
    </div>
  );
}

/**
 * The tab's addresses by domain, with answers: those the budget allowed come looked up; the rest wait for
 * the person to confirm how many more, and what they cost. The list goes out as CSV or as a table.
 */
export function TabAddresses({ summary, settings }: { summary: TabSummary; settings: Settings }) {
  const { results, setResults, run } = useDomainResults();
  const [confirming, setConfirming] = useState(false);
  const [exportStatus, setExportStatus] = useState<string | null>(null);
  useEffect(() => setResults(summary.results), [summary, setResults]);

  const groups = new Map<string, string[]>();
  for (const address of summary.addresses) {
    const domain = domainOf(address);
    groups.set(domain, [...(groups.get(domain) ?? []), address]);
  }
  const waiting = [...groups.keys()].filter((domain) => (results[domain] ?? null) === null);
  const rows = () =>
    addressRows(
      summary.addresses,
      Object.fromEntries(
        Object.entries(results).map(([domain, state]) => [domain, state === 'loading' ? null : state]),
      ),
      settings.searchQueryTemplate,
    );
  const copy = () =>
    copyTable(rows()).then(
      () => setExportStatus(t('popupTableCopied', summary.addresses.length)),
      () => setExportStatus(t('popupTableNotCopied')),
    );

  return (
    <>
      {summary.addresses.length > 0 && (
        <div className="row">
          <button
            type="button"
            className="wl-button"
            data-testid="export-csv"
            onClick={() => downloadCsv(rows(), 'webmail-lookup-addresses.csv')}
          >
            {t('popupExportCsv')}
          </button>
          <button type="button" className="wl-button" data-testid="copy-table" onClick={() => void copy()}>
            {t('popupCopyTable')}
          </button>
          {exportStatus && (
            <span role="status" data-testid="export-status">
              {exportStatus}
            </span>
          )}
        </div>
      )}
      {[...groups].map(([domain, addresses]) => (
        <DomainGroup
          key={domain}
          domain={domain}
          addresses={addresses}
          state={results[domain] ?? null}
          settings={settings}
          onLookup={(refresh) => void run(domain, refresh)}
        />
      ))}
      {waiting.length > 0 && summary.budgetLeft <= 0 && (
        <div className="budget" data-testid="budget-note">
          <p className="muted">{t('popupBudgetSpent')}</p>
          {confirming ? (
            <div role="alertdialog" aria-labelledby="confirm-rest" data-testid="confirm-lookup-rest">
              <p id="confirm-rest">{t('popupConfirmRest', waiting.length)}</p>
              <div className="row">
                <button
                  type="button"
                  className="wl-button"
                  data-testid="lookup-rest-confirm"
                  onClick={() => {
                    setConfirming(false);
                    for (const domain of waiting) void run(domain);
                  }}
                >
                  {t('popupConfirmRestYes', waiting.length)}
                </button>
                <button
                  type="button"
                  className="wl-button"
                  data-testid="lookup-rest-cancel"
                  onClick={() => setConfirming(false)}
                >
                  {t('popupConfirmRestNo')}
                </button>
              </div>
            </div>
          ) : (
            <button
              type="button"
              className="wl-button"
              data-testid="lookup-rest"
              onClick={() => setConfirming(true)}
            >
              {t('popupLookupRest', waiting.length)}
            </button>
          )}
        </div>
      )}
    </>
  );
}
