import { useEffect } from 'react';
import { browser } from 'wxt/browser';
import { ResultCard } from '#components/ResultCard.tsx';
import { SetupNotes } from '#components/SetupNotes.tsx';
import { serviceInForce } from '#components/setup-sentences.ts';
import { useDomainLookup } from '#components/use-domain-lookup.ts';
import { domainOf } from '#core/email/extract.ts';
import { t } from '#extension/i18n.ts';
import { inForce, lockedByPolicy, useSettingsStore } from '#settings/store.ts';
import { KeyForm } from './KeyForm.tsx';

/** The sample card's address: a domain the built-in catalog knows, so the card shows an answer without a key. */
const SAMPLE_ADDRESS = 'jane@gmail.com';
const SAMPLE_DOMAIN = domainOf(SAMPLE_ADDRESS);

/** A card as the person will see it, answered live through the background. */
function SampleCard({ result, run }: ReturnType<typeof useDomainLookup>) {
  const store = useSettingsStore();
  const settings = inForce(store);
  return (
    <div data-testid="sample-card">
      {/* Its links follow the settings in force, the organisation's too: shown once they are read. */}
      {store.loaded && (
        <ResultCard
          address={SAMPLE_ADDRESS}
          result={result}
          searchQueryTemplate={settings.searchQueryTemplate}
          sendingAddresses={settings.sendingAddresses}
          onRefresh={() => void run(SAMPLE_DOMAIN, { refresh: true })}
          onLookUp={() => void run(SAMPLE_DOMAIN)}
          onOpenOptions={() => void browser.runtime.openOptionsPage()}
        />
      )}
    </div>
  );
}

/** Opened once, on install: the key (tested before it is kept), what leaves the browser, and a sample card. */
export function WelcomeApp() {
  const store = useSettingsStore();
  const sample = useDomainLookup();
  const { run } = sample;
  const keyManaged = lockedByPolicy(store, 'apiKey');

  useEffect(() => {
    void store.load();
    void run(SAMPLE_DOMAIN);
  }, [store.load, run]);

  return (
    <main>
      <h1>{t('welcomeTitle')}</h1>
      <p>{t('welcomeIntro')}</p>
      <p data-testid="privacy-statement">{t('privacyStatement')}</p>
      {store.loaded && (
        <SetupNotes
          service={serviceInForce(inForce(store).baseUrl, store.managed.settings.baseUrl)}
          keyManaged={keyManaged}
        />
      )}
      {keyManaged ? (
        <p data-testid="managed-note">{t('managedKeyNote')}</p>
      ) : (
        <KeyForm onSaved={() => void run(SAMPLE_DOMAIN)} />
      )}
      <h2>{t('welcomeSampleHeading')}</h2>
      <SampleCard {...sample} />
      <p>
        <a href={browser.runtime.getURL('/options.html')}>{t('welcomeAllSettings')}</a>
      </p>
    </main>
  );
}
