import { storage } from 'wxt/utils/storage';
import { DEFAULT_SETTINGS, parseSettings, type Settings } from './settings.ts';

/**
 * Where settings and the key are kept. Only the background and the extension's pages import this: storage
 * is closed to content scripts, which get what they need of settings by message.
 */
export const settingsItem = storage.defineItem<Settings>('local:settings', {
  fallback: DEFAULT_SETTINGS,
  version: 1,
});

/** The API key, stored apart from settings; only the background and the options page use it. */
export const apiKeyItem = storage.defineItem<string>('local:apiKey', { fallback: '', version: 1 });

export async function loadSettings(): Promise<Settings> {
  return parseSettings(await settingsItem.getValue());
}
