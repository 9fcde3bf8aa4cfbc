import { type FormEvent, useState } from 'react';
import { t } from '#extension/i18n.ts';
import { sendRequest } from '#extension/messaging.ts';
import { errorWords } from '#extension/page-words.ts';
import { cleanApiKey } from '#extension/settings.ts';
import { inForce, lockedByPolicy, useSettingsStore } from '#settings/store.ts';
import { useKeyField } from './use-key-field.ts';
import { type SavedKeyCheck, useSavedKeyCheck } from './use-saved-key-check.ts';

/** What came of a save, in words: `ok` says whether it is a status or an alert. */
interface KeyOutcome {
  ok: boolean;
  text: string;
}

/** What the page says of the key already saved, if any. */
function savedKeyText(check: SavedKeyCheck): string | null {
  if (check.state === 'checking') return t('welcomeKeyChecking');
  if (check.state === 'works') return t('welcomeKeyWorks');
  if (check.state === 'fails') return t('welcomeKeyFails', check.text);
  return null;
}

/**
 * Tests the key at the service in force and keeps it only if it works. `record` takes the test, so the saved
 * key is not tested a second time (useSavedKeyCheck).
 */
async function testAndSaveKey(
  key: string,
  record: (key: string, result: KeyOutcome) => void,
): Promise<KeyOutcome> {
  const state = useSettingsStore.getState();
  const result = await sendRequest({ type: 'test-key', apiKey: key, baseUrl: inForce(state).baseUrl });
  if (!result.ok) return { ok: false, text: result.text };
  record(cleanApiKey(key), result);
  if (!(await state.save(state.settings, key))) return { ok: false, text: t('welcomeKeyNotSaved') };
  return { ok: true, text: t('welcomeKeySaved') };
}

/** The key: what the saved one does, a field, and a save that tests the key before it keeps it. */
export function KeyForm({ onSaved }: { onSaved: () => void }) {
  const store = useSettingsStore();
  const { key, setKey } = useKeyField();
  const [outcome, setOutcome] = useState<KeyOutcome | null>(null);
  const saved = useSavedKeyCheck(
    store.apiKey,
    inForce(store).baseUrl,
    store.loaded && !lockedByPolicy(store, 'apiKey'),
  );
  const savedKey = savedKeyText(saved.check);
  const save = async (event: FormEvent) => {
    event.preventDefault();
    setOutcome({ ok: true, text: t('optionsTesting') });
    // A worker that cannot answer is an outcome too: the form would otherwise say "Testing…" for good.
    const next = await testAndSaveKey(key, saved.record).catch(
      (error: unknown): KeyOutcome => ({ ok: false, text: errorWords(error) }),
    );
    setOutcome(next);
    if (next.ok) onSaved();
  };
  return (
    <form onSubmit={(event) => void save(event)}>
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
      {outcome && (
        <p data-testid="welcome-key-result" role={outcome.ok ? 'status' : 'alert'}>
          {outcome.text}
        </p>
      )}
    </form>
  );
}
