import { create } from 'zustand';
import { DEFAULT_SETTINGS, parseSettings, type Settings } from '../settings.ts';
import { apiKeyItem, loadSettings, settingsItem } from '../settings-storage.ts';

interface SettingsState {
  settings: Settings;
  apiKey: string;
  loaded: boolean;
  /** Reads storage once and follows its changes (another page, another window). */
  load(): Promise<void>;
  save(settings: Settings, apiKey: string): Promise<void>;
}

/** The popup's and the options page's view of settings, kept in step with storage. */
export const useSettingsStore = create<SettingsState>((set, get) => ({
  settings: DEFAULT_SETTINGS,
  apiKey: '',
  loaded: false,
  async load() {
    if (get().loaded) return;
    const [settings, apiKey] = await Promise.all([loadSettings(), apiKeyItem.getValue()]);
    set({ settings, apiKey, loaded: true });
    settingsItem.watch((value) => set({ settings: parseSettings(value) }));
    apiKeyItem.watch((value) => set({ apiKey: value ?? '' }));
  },
  async save(settings, apiKey) {
    const parsed = parseSettings(settings);
    await Promise.all([settingsItem.setValue(parsed), apiKeyItem.setValue(apiKey.trim())]);
    set({ settings: parsed, apiKey: apiKey.trim() });
  },
}));
