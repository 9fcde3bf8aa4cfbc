import { type FormEvent, useState } from 'react';
import { useBalance } from '#components/Balance.tsx';
import { SetupNotes } from '#components/SetupNotes.tsx';
import { serviceInForce } from '#components/setup-sentences.ts';
import { t } from '#extension/i18n.ts';
import { baseUrlSchema, type ManagedField } from '#extension/settings.ts';
import { inForce, lockedByPolicy, useSettingsStore } from '#settings/store.ts';
import { KeyField } from './KeyField.tsx';
import { LanguageField } from './LanguageField.tsx';
import { IntegrationBoxes, SettingFields } from './SettingFields.tsx';
import { type SaveOutcome, saveSettings } from './save-settings.ts';
import { type SettingsForm as Form, useSettingsForm } from './settings-draft.ts';

/** Whether the form's key and service address are those in force: the kept balance is theirs. */
function formIsInForce(form: Form, store: ReturnType<typeof useSettingsStore.getState>): boolean {
  const sameKey = lockedByPolicy(store, 'apiKey') || form.apiKey === store.apiKey;
  return sameKey && baseUrlSchema.safeParse(form.draft.baseUrl).data === inForce(store).baseUrl;
}

/** The key and every setting, saved together; what came of the save under the button. */
function SettingsForm({ form }: { form: Form }) {
  const store = useSettingsStore();
  const balance = useBalance();
  const [outcome, setOutcome] = useState<SaveOutcome | null>(null);
  const policy = (field: ManagedField) => ({ field, locked: lockedByPolicy(store, field) });
  const fields = { draft: form.draft, update: form.update, policy };
  const save = async (event: FormEvent) => {
    event.preventDefault();
    setOutcome(await saveSettings(form.draft, form.apiKey));
  };
  return (
    <form onSubmit={(event) => void save(event)}>
      <KeyField
        apiKey={form.apiKey}
        baseUrl={form.draft.baseUrl}
        policy={policy('apiKey')}
        onChange={form.setApiKey}
        balance={formIsInForce(form, store) ? balance : null}
      />
      <SettingFields {...fields} />
      <IntegrationBoxes {...fields} />
      <LanguageField {...fields} />
      <p>
        <button type="submit" className="primary" data-testid="api-key-save">
          {t('optionsSave')}
        </button>
      </p>
      {outcome && (
        <p
          className={outcome.ok ? 'status' : 'status error'}
          data-testid="save-status"
          role={outcome.ok ? 'status' : 'alert'}
        >
          {outcome.text}
        </p>
      )}
    </form>
  );
}

/** The options page: what the organisation set, where lookups go and how, and the form. */
export function OptionsApp() {
  const store = useSettingsStore();
  const form = useSettingsForm();
  if (!form) return <main>{t('optionsLoading')}</main>;
  return (
    <main>
      <h1>{t('optionsTitle')}</h1>
      {store.managed.fields.length > 0 && (
        <p className="managed" data-testid="managed-note" role="note">
          {t('managedNote')}
        </p>
      )}
      <SetupNotes
        service={serviceInForce(inForce(store).baseUrl, store.managed.settings.baseUrl)}
        keyManaged={lockedByPolicy(store, 'apiKey')}
      />
      <SettingsForm form={form} />
    </main>
  );
}
