import { useEffect, useState } from 'react';
import type { Settings } from '#extension/settings.ts';
import { inForce, useSettingsStore } from '#settings/store.ts';

/** The settings as the options page edits them: lists as text, one entry a line. */
export type SettingsDraft = Omit<Settings, 'disabledSites' | 'sendingAddresses'> & {
  disabledSites: string;
  sendingAddresses: string;
};

const toLines = (list: string[]) => list.join('\n');
const fromLines = (text: string) => text.split(/[\s,]+/).filter(Boolean);

function draftOf(settings: Settings): SettingsDraft {
  return {
    ...settings,
    disabledSites: toLines(settings.disabledSites),
    sendingAddresses: toLines(settings.sendingAddresses),
  };
}

/** The settings a draft stands for, with the service address as checked (saveSettings). */
export function settingsOf(draft: SettingsDraft, baseUrl: string): Settings {
  return {
    ...draft,
    baseUrl,
    disabledSites: fromLines(draft.disabledSites),
    sendingAddresses: fromLines(draft.sendingAddresses),
  };
}

export interface SettingsForm {
  draft: SettingsDraft;
  update: (patch: Partial<SettingsDraft>) => void;
  /** The key as typed, the saved one to begin with. */
  apiKey: string;
  setApiKey: (apiKey: string) => void;
}

/** The options page's form: the settings in force and the saved key, as the person edits them; null until read. */
export function useSettingsForm(): SettingsForm | null {
  const load = useSettingsStore((state) => state.load);
  const [draft, setDraft] = useState<SettingsDraft | null>(null);
  const [apiKey, setApiKey] = useState('');
  useEffect(() => {
    void load().then(() => {
      const state = useSettingsStore.getState();
      setApiKey(state.apiKey);
      setDraft(draftOf(inForce(state)));
    });
  }, [load]);
  if (!draft) return null;
  return { draft, update: (patch) => setDraft({ ...draft, ...patch }), apiKey, setApiKey };
}
