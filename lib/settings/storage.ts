import { browser } from 'wxt/browser';
import { type ManagedSettings, parseSettings, type Settings } from '#extension/settings.ts';
import { apiKeyItem, settingsItem } from '#extension/stored.ts';
import { lookupTarget, managedValues, parseManagedSettings, settingsInForce } from './managed.ts';

/*
 * Settings and the key as the extension uses them: the person's own, and what the organisation set by
 * policy. Only the background and the extension's pages import this: storage is closed to content scripts,
 * which get what they need of settings by message. The items themselves are declared in
 * lib/extension/stored.ts.
 */

/** The person's own settings, as the options page saves them. */
export async function loadLocalSettings(): Promise<Settings> {
  return parseSettings(await settingsItem.getValue());
}

/**
 * What the organisation set through policy. Without a policy Chromium answers {}, and Firefox fails (no
 * managed storage manifest): both mean nothing is managed.
 */
export async function loadManagedSettings(): Promise<ManagedSettings> {
  try {
    return parseManagedSettings(await browser.storage.managed.get());
  } catch {
    return {};
  }
}

/** The settings in force: the organisation's where it set them, the person's own elsewhere. */
export async function loadSettings(): Promise<Settings> {
  const [local, managed] = await Promise.all([loadLocalSettings(), loadManagedSettings()]);
  return settingsInForce(local, managedValues(managed));
}

/** The key in force and the address it goes to (lookupTarget). Only the background asks. */
export async function loadLookupTarget(): Promise<{ apiKey: string; baseUrl: string }> {
  const [settings, apiKey, managed] = await Promise.all([
    loadLocalSettings(),
    apiKeyItem.getValue(),
    loadManagedSettings(),
  ]);
  return lookupTarget({ apiKey, baseUrl: settings.baseUrl }, managed);
}
