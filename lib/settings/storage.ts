import { parseSettings, type Settings } from '#extension/settings.ts';
import { apiKeyItem, settingsItem } from '#extension/stored.ts';
import { lookupTarget, managedValues, settingsInForce } from './managed.ts';
import type { PolicyInForce } from './policy.ts';

/*
 * Settings and the key as the extension uses them: the person's own, and what the organisation set by
 * policy (policy.ts). Only the background and the extension's pages import this: storage is closed to content
 * scripts, which get what they need of settings by message. The items themselves are declared in
 * lib/extension/stored.ts.
 */

/** The person's own settings, as the options page saves them. */
export async function loadLocalSettings(): Promise<Settings> {
  return parseSettings(await settingsItem.getValue());
}

/** The settings in force: the organisation's where it set them, the person's own elsewhere. */
export async function loadSettings(policy: PolicyInForce): Promise<Settings> {
  const [local, managed] = await Promise.all([loadLocalSettings(), policy.current()]);
  return settingsInForce(local, managedValues(managed));
}

/** Where lookups go and with which key, in force now (lookupTarget). Only the background asks. */
export interface LookupTarget {
  apiKey: string;
  baseUrl: string;
  /** Raised when the policy's read changes where lookups go (PolicyNow.superseded). */
  superseded: AbortSignal;
}

/** The key in force and the address it goes to (lookupTarget). Only the background asks. */
export async function loadLookupTarget(policy: PolicyInForce): Promise<LookupTarget> {
  const [settings, apiKey, { policy: managed, superseded }] = await Promise.all([
    loadLocalSettings(),
    apiKeyItem.getValue(),
    policy.now(),
  ]);
  return { ...lookupTarget({ apiKey, baseUrl: settings.baseUrl }, managed), superseded };
}
