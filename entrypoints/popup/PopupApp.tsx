import { browser } from 'wxt/browser';
import { t } from '#extension/i18n.ts';
import { inForce, useSettingsStore } from '#settings/store.ts';
import { ManualLookup } from './ManualLookup.tsx';
import { TabAddresses } from './TabAddresses.tsx';
import { useTabSummary } from './use-tab-summary.ts';

/** The toolbar's popup: a lookup field, and the tab's addresses as a list to work through. */
export function PopupApp() {
  // Read from the popup's start (main.tsx). Links are built from the settings in force: none before they
  // (the organisation's too) are read.
  const store = useSettingsStore();
  const settings = store.loaded ? inForce(store) : null;
  const tab = useTabSummary();

  return (
    <main>
      <h1>{t('extName')}</h1>
      <ManualLookup settings={settings} />
      <h2>{t('popupOnThisPage')}</h2>
      {tab.error && <p className="muted">{tab.error}</p>}
      {tab.summary && tab.summary.addresses.length === 0 && <p className="muted">{t('popupNoAddresses')}</p>}
      {tab.summary && settings && <TabAddresses summary={tab.summary} settings={settings} />}
      <p>
        <a href={browser.runtime.getURL('/options.html')} target="_blank" rel="noopener">
          {t('popupSettings')}
        </a>
      </p>
    </main>
  );
}
