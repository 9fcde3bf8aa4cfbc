import { storage } from 'wxt/utils/storage';
import { create } from 'zustand';
import { sendRequest } from '#extension/messaging.ts';
import {
  cleanApiKey,
  DEFAULT_SETTINGS,
  type ManagedField,
  parseSettings,
  type Settings,
} from '#extension/settings.ts';
import { apiKeyItem, policySeenItem, settingsItem } from '#extension/stored.ts';
import { settingsInForce } from './managed.ts';
import { loadLocalSettings } from './storage.ts';

interface SettingsState {
  /** The person's own settings, as saved on the options page. */
  settings: Settings;
  apiKey: string;
  /** What the organisation set by policy (never the key's value): these fields are locked. */
  managed: { fields: ManagedField[]; settings: Partial<Settings> };
  loaded: boolean;
  /** Reads storage once and follows its changes (another page, another window). */
  load(): Promise<void>;
  /**
   * Saves settings and the key in one write: both or neither. Whether storage took them: it refuses when it
   * is full, and the page then says so in words.
   */
  save(settings: Settings, apiKey: string): Promise<boolean>;
}

const NOTHING_MANAGED: SettingsState['managed'] = { fields: [], settings: {} };

/** The popup's, the welcome page's and the options page's view of settings, kept in step with storage. */
export const useSettingsStore = create<SettingsState>((set, get) => ({
  settings: DEFAULT_SETTINGS,
  apiKey: '',
  managed: NOTHING_MANAGED,
  loaded: false,
  async load() {
    if (get().loaded) return;
    // Followed from before storage is read: a change made while it is read (another page saving, the
    // background asked slowly for the policy) is never lost, and what the read gives never undoes it.
    const changed = { settings: false, apiKey: false };
    settingsItem.watch((value) => {
      changed.settings = true;
      set({ settings: parseSettings(value) });
    });
    apiKeyItem.watch((value) => {
      changed.apiKey = true;
      set({ apiKey: value ?? '' });
    });
    const [settings, apiKey] = await Promise.all([
      loadLocalSettings(),
      apiKeyItem.getValue(),
      followManagedSettings((managed) => set({ managed })),
    ]);
    set({ ...(!changed.settings && { settings }), ...(!changed.apiKey && { apiKey }), loaded: true });
  },
  async save(settings, apiKey) {
    const parsed = parseSettings(settings);
    const key = cleanApiKey(apiKey);
    try {
      await storage.setItems([
        { item: settingsItem, value: parsed },
        { item: apiKeyItem, value: key },
      ]);
    } catch (error) {
      console.error('Webmail Lookup: settings not saved', error);
      return false;
    }
    set({ settings: parsed, apiKey: key });
    return true;
  },
}));

/**
 * What the organisation set, as the background says (the policy in force, lib/settings/policy.ts: it waits for
 * the browser's policy service on a first run only), given to `apply`, and asked again whenever the background
 * records a policy newly read; only the latest question's answer is applied. Resolves once the first question
 * is answered. A background that cannot answer leaves the page usable with the person's own settings; lookups,
 * which go through it too, say what failed.
 */
function followManagedSettings(apply: (managed: SettingsState['managed']) => void): Promise<void> {
  let asked = 0;
  const ask = async () => {
    const question = ++asked;
    const managed = await sendRequest({ type: 'managed-settings' }).catch(() => NOTHING_MANAGED);
    if (question === asked) apply(managed);
  };
  storage.watch(policySeenItem.key, () => void ask());
  return ask();
}

/** The settings in force on an extension page (settingsInForce), from the store's state. */
export function inForce(state: Pick<SettingsState, 'settings' | 'managed'>): Settings {
  return settingsInForce(state.settings, state.managed.settings);
}

/**
 * Whether the organisation set a field by policy: the pages show it locked, and saving keeps the person's
 * own value under it (ownSettingsToSave).
 */
export function lockedByPolicy(state: Pick<SettingsState, 'managed'>, field: ManagedField): boolean {
  return state.managed.fields.includes(field);
}
