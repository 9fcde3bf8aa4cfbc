import { useState } from 'react';
import { BalanceNote } from '#components/Balance.tsx';
import type { KeptBalance } from '#extension/account-balance.ts';
import { t } from '#extension/i18n.ts';
import { sendRequest } from '#extension/messaging.ts';
import { errorWords } from '#extension/page-words.ts';
import { baseUrlSchema, cleanApiKey } from '#extension/settings.ts';
import { lockProps, ManagedHint, type PolicyLock } from './SettingField.tsx';
import { baseUrlMessage } from './save-settings.ts';

/** What a key test said, and the balance the service stated for the key tested. */
interface KeyTest {
  text: string;
  balance: KeptBalance | null;
}

/**
 * What the service at the typed address says of the typed key, in one sentence; nothing is saved. Never
 * rejects: a worker that cannot answer is a sentence too, or the field would say "Testing…" for good.
 */
async function testKey(apiKey: string, baseUrl: string): Promise<KeyTest> {
  const parsed = baseUrlSchema.safeParse(baseUrl);
  if (!parsed.success) return { text: baseUrlMessage(baseUrl), balance: null };
  try {
    const { text, balance } = await sendRequest({ type: 'test-key', apiKey, baseUrl: parsed.data });
    return { text, balance: balance ?? null };
  } catch (error) {
    return { text: errorWords(error), balance: null };
  }
}

export interface KeyFieldProps {
  apiKey: string;
  /** The service address as typed: the key is tested there. */
  baseUrl: string;
  policy: PolicyLock;
  onChange: (key: string) => void;
  /** The balance last stated for the saved key, when the typed key and address are the saved ones. */
  balance?: KeptBalance | null;
}

/**
 * The key: typed, shown or hidden, and tested against the service without saving it. Its balance shows
 * under it: the tested key's while the key and address are the ones tested, else the saved key's.
 */
export function KeyField({ apiKey, baseUrl, policy, onChange, balance = null }: KeyFieldProps) {
  const [showKey, setShowKey] = useState(false);
  const [testResult, setTestResult] = useState<string | null>(null);
  const [tested, setTested] = useState<{ typed: string; balance: KeptBalance | null } | null>(null);
  const { locked } = policy;
  const typed = `${baseUrl}\n${apiKey}`;
  const test = async () => {
    setTestResult(t('optionsTesting'));
    const outcome = await testKey(apiKey, baseUrl);
    setTestResult(outcome.text);
    setTested({ typed, balance: outcome.balance });
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
      <BalanceNote balance={tested?.typed === typed ? tested.balance : balance} />
    </>
  );
}
