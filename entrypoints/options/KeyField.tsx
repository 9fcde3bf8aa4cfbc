import { useState } from 'react';
import { t } from '#extension/i18n.ts';
import { sendRequest } from '#extension/messaging.ts';
import { errorWords } from '#extension/page-words.ts';
import { baseUrlSchema, cleanApiKey } from '#extension/settings.ts';
import { lockProps, ManagedHint, type PolicyLock } from './SettingField.tsx';
import { baseUrlMessage } from './save-settings.ts';

/**
 * What the service at the typed address says of the typed key, in one sentence; nothing is saved. Never
 * rejects: a worker that cannot answer is a sentence too, or the field would say "Testing…" for good.
 */
async function testKey(apiKey: string, baseUrl: string): Promise<string> {
  const parsed = baseUrlSchema.safeParse(baseUrl);
  if (!parsed.success) return baseUrlMessage(baseUrl);
  try {
    return (await sendRequest({ type: 'test-key', apiKey, baseUrl: parsed.data })).text;
  } catch (error) {
    return errorWords(error);
  }
}

export interface KeyFieldProps {
  apiKey: string;
  /** The service address as typed: the key is tested there. */
  baseUrl: string;
  policy: PolicyLock;
  onChange: (key: string) => void;
}

/** The key: typed, shown or hidden, and tested against the service without saving it. */
export function KeyField({ apiKey, baseUrl, policy, onChange }: KeyFieldProps) {
  const [showKey, setShowKey] = useState(false);
  const [testResult, setTestResult] = useState<string | null>(null);
  const { locked } = policy;
  const test = async () => {
    setTestResult(t('optionsTesting'));
    setTestResult(await testKey(apiKey, baseUrl));
  };
  return (
    <>
      <label htmlFor="api-key">{t('optionsApiKey')}</label>
      <div className="row">
        <input
          id="api-key"
          data-testid="api-key-input"
          type={showKey ? 'text' : 'password'}
          autoComplete="off"
          spellCheck={false}
          value={locked ? '' : apiKey}
          placeholder={locked ? t('managedKeyPlaceholder') : undefined}
          {...lockProps(policy)}
          onChange={(event) => onChange(cleanApiKey(event.target.value))}
        />
        <button type="button" onClick={() => setShowKey(!showKey)} aria-pressed={showKey} disabled={locked}>
          {showKey ? t('optionsHideKey') : t('optionsShowKey')}
        </button>
        <button type="button" data-testid="test-key" onClick={() => void test()}>
          {t('optionsTestKey')}
        </button>
      </div>
      {locked ? <ManagedHint field="apiKey" /> : <p className="hint">{t('optionsKeyHint')}</p>}
      <p className="status" data-testid="test-key-result" role="status">
        {testResult}
      </p>
    </>
  );
}
