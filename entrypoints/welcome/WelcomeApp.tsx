import { type FormEvent, useEffect, useState } from 'react';
import { browser } from 'wxt/browser';
import { BuildNotes } from '#components/BuildNotes.tsx';
import { CARD_CSS } from '#components/card-styles.ts';
import { ResultCard } from '#components/ResultCard.tsx';
import { PAGE_THEME_CSS } from '#components/theme.ts';
import { domainOf } from '#core/email/extract.ts';
import { t } from '#extension/i18n.ts';
import { sendRequest } from '#extension/messaging.ts';
import { cleanApiKey } from '#settings/schema.ts';
import { inForce, useSettingsStore } from '#settings/store.ts';
import { serviceInForce } from '#ui/service-words.ts';
import { useDomainLookup } from '#ui/use-domain-lookup.ts';
import { useKeyField } from '#ui/use-key-field.ts';
import { type SavedKeyCheck, useSavedKeyCheck } from '#ui/use-saved-key-check.ts';

/** The sample card's address: a domain the built-in catalog knows, so the card shows an answer without a key. */
const SAMPLE_ADDRESS = 'jane@gmail.com';

const WELCOME_CSS = `${PAGE_THEME_CSS}${CARD_CSS}
body { margin: 0; font: 14px/1.5 system-ui, sans-serif; color: var(--wl-fg); }
main { max-width: 560px; margin: 24px auto; padding: 0 16px; }
label { display: block; font-weight: 600; margin: 16px 0 4px; }
.row { display: flex; gap: 6px; }
input { flex: 1; padding: 6px 8px; border: 1px solid var(--wl-border); border-radius: 6px; font: inherit; }
.hint { color: var(--wl-muted); font-size: 12px; }
`;

/** What the page says of the key already saved, if any. */
function savedKeyText(check: SavedKeyCheck): string | null {
  if (check.state === 'checking') return t('welcomeKeyChecking');
  if (check.state === 'works') return t('welcomeKeyWorks');
  if (check.state === 'fails') return t('welcomeKeyFails', check.text);
  return null;
}

/**
 * Opened once, on install: the key (tested before it is kept), what leaves the browser, and a card as the
 * person will see it, answered live through the background.
 */
export function WelcomeApp() {
  const store = useSettingsStore();
  const { key, setKey } = useKeyField();
  const [keyResult, setKeyResult] = useState<{ ok: boolean; text: string } | null>(null);
  const sample = useDomainLookup();
  const { run } = sample;
  const keyManaged = store.managed.fields.includes('apiKey');
  const { baseUrl } = inForce(store);
  const saved = useSavedKeyCheck(store.apiKey, baseUrl, store.loaded && !keyManaged);
  const savedKey = savedKeyText(saved.check);

  useEffect(() => {
    void store.load();
    void run(domainOf(SAMPLE_ADDRESS));
  }, [store.load, run]);

  const testAndSave = async (event: FormEvent) => {
    event.preventDefault();
    setKeyResult({ ok: true, text: t('optionsTesting') });
    const state = useSettingsStore.getState();
    const result = await sendRequest({ type: 'test-key', apiKey: key, baseUrl: inForce(state).baseUrl });
    if (!result.ok) {
      setKeyResult({ ok: false, text: result.text });
      return;
    }
    saved.record(cleanApiKey(key), result);
    if (!(await store.save(state.settings, key))) {
      setKeyResult({ ok: false, text: t('welcomeKeyNotSaved') });
      return;
    }
    setKeyResult({ ok: true, text: t('welcomeKeySaved') });
    void run(domainOf(SAMPLE_ADDRESS));
  };

  return (
    <main>
      <style>{WELCOME_CSS}</style>
      <h1>{t('welcomeTitle')}</h1>
      <p>{t('welcomeIntro')}</p>
      <p data-testid="privacy-statement">{t('privacyStatement')}</p>
      {store.loaded && (
        <BuildNotes
          service={serviceInForce(baseUrl, store.managed.settings.baseUrl)}
          keyManaged={keyManaged}
        />
      )}
      {keyManaged ? (
        <p data-testid="managed-note">{t('managedKeyNote')}</p>
      ) : (
        <form onSubmit={(event) => void testAndSave(event)}>
          <label htmlFor="welcome-key">{t('optionsApiKey')}</label>
          {savedKey && (
            <p data-testid="welcome-key-status" data-state={saved.check.state} role="status">
              {savedKey}
            </p>
          )}
          <div className="row">
            <input
              id="welcome-key"
              data-testid="welcome-key-input"
              type="password"
              autoComplete="off"
              spellCheck={false}
              value={key}
              onChange={(event) => setKey(cleanApiKey(event.target.value))}
            />
            <button type="submit" className="wl-button" data-testid="welcome-key-save">
              {t('welcomeKeySave')}
            </button>
          </div>
          <p className="hint">{t('welcomeKeyHint')}</p>
          {keyResult && (
            <p data-testid="welcome-key-result" role={keyResult.ok ? 'status' : 'alert'}>
              {keyResult.text}
            </p>
          )}
        </form>
      )}
      <h2>{t('welcomeSampleHeading')}</h2>
      <div data-testid="sample-card">
        {/* Its links follow the settings in force, the organisation's too: shown once they are read. */}
        {store.loaded && (
          <ResultCard
            address={SAMPLE_ADDRESS}
            result={sample.result}
            searchQueryTemplate={inForce(store).searchQueryTemplate}
            sendingAddresses={inForce(store).sendingAddresses}
            onRefresh={() => void run(domainOf(SAMPLE_ADDRESS), { refresh: true })}
            onLookUp={() => void run(domainOf(SAMPLE_ADDRESS))}
            onOpenOptions={() => void browser.runtime.openOptionsPage()}
          />
        )}
      </div>
      <p>
        <a href={browser.runtime.getURL('/options.html')}>{t('welcomeAllSettings')}</a>
      </p>
    </main>
  );
}
