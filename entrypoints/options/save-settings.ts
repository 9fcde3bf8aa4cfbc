import { t } from '#extension/i18n.ts';
import { baseUrlProblem, baseUrlSchema } from '#extension/settings.ts';
import { ownSettingsToSave } from '#settings/managed.ts';
import { lockedByPolicy, useSettingsStore } from '#settings/store.ts';
import { askForServiceHost } from './service-permission.ts';
import { type SettingsDraft, settingsOf } from './settings-draft.ts';

/** What came of a save, in words: `ok` says whether it is a status or an alert. */
export interface SaveOutcome {
  ok: boolean;
  text: string;
}

/** What to tell a person about a service address that cannot be used. */
export function baseUrlMessage(value: string): string {
  return baseUrlProblem(value) === 'insecure' ? t('optionsBaseUrlInsecure') : t('optionsBaseUrlInvalid');
}

/**
 * Saves the page's draft and key: the service address checked and, unless the organisation set it, its host
 * asked for (askForServiceHost); under each field the organisation set, the person's own value kept.
 */
export async function saveSettings(draft: SettingsDraft, apiKey: string): Promise<SaveOutcome> {
  const store = useSettingsStore.getState();
  const locked = (field: 'apiKey' | 'baseUrl') => lockedByPolicy(store, field);
  const baseUrl = baseUrlSchema.safeParse(locked('baseUrl') ? store.settings.baseUrl : draft.baseUrl);
  if (!baseUrl.success) return { ok: false, text: baseUrlMessage(draft.baseUrl) };
  if (!locked('baseUrl') && !(await askForServiceHost(baseUrl.data)))
    return { ok: false, text: t('optionsNoAccess', new URL(baseUrl.data).host) };
  const saved = await store.save(
    ownSettingsToSave(settingsOf(draft, baseUrl.data), store.settings, store.managed.fields),
    locked('apiKey') ? store.apiKey : apiKey,
  );
  return saved ? { ok: true, text: t('optionsSaved') } : { ok: false, text: t('optionsNotSaved') };
}
