import {
  cleanApiKey,
  DEFAULT_API_BASE_URL,
  type ManagedField,
  type ManagedSettings,
  managedSettingsSchema,
  type Settings,
} from '#extension/settings.ts';

/**
 * The fields of what storage.managed holds that the extension reads, each checked on its own, as the policy
 * is remembered (lib/settings/policy.ts): parseManagedSettings of it is that of what storage.managed held.
 */
export function policyFields(stored: unknown): ManagedSettings {
  return managedSettingsSchema.parse(typeof stored === 'object' && stored !== null ? stored : {});
}

/**
 * Reads what storage.managed holds, whatever its shape. A key the organisation set brings its service
 * address: the one it set, else the build's built-in one, never an address the person typed, which would
 * receive the organisation's key. So wherever the managed settings are in force, the address is too.
 */
export function parseManagedSettings(stored: unknown): ManagedSettings {
  const managed = policyFields(stored);
  return managed.apiKey === undefined
    ? managed
    : { ...managed, baseUrl: managed.baseUrl ?? DEFAULT_API_BASE_URL };
}

/** Where lookups are sent, and with which key: the organisation's where it set them (see parseManagedSettings). */
export function lookupTarget(
  own: { apiKey: string; baseUrl: string },
  managed: ManagedSettings,
): { apiKey: string; baseUrl: string } {
  return { apiKey: managed.apiKey ?? cleanApiKey(own.apiKey), baseUrl: managed.baseUrl ?? own.baseUrl };
}

/** The fields the organisation set: the options page shows them locked. */
export function managedFields(managed: ManagedSettings): ManagedField[] {
  return (Object.keys(managed) as ManagedField[]).filter((field) => managed[field] !== undefined);
}

/** The settings the organisation set, without the key (which stays in the background). */
export function managedValues(managed: ManagedSettings): Partial<Settings> {
  const { apiKey: _key, ...rest } = managed;
  return Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined));
}

/**
 * The settings in force: the organisation's wherever it set one (`managedValues`), the person's own
 * elsewhere. The background and the extension's pages both read settings through this.
 */
export function settingsInForce(own: Settings, managed: Partial<Settings>): Settings {
  return { ...own, ...managed };
}

/**
 * What the options page saves: the person's edits, except that under each field the organisation set the
 * person's own earlier value stays, for when the policy goes.
 */
export function ownSettingsToSave(edited: Settings, ownBefore: Settings, managed: ManagedField[]): Settings {
  const kept = Object.fromEntries(
    managed.filter((field) => field !== 'apiKey').map((field) => [field, ownBefore[field as keyof Settings]]),
  );
  return { ...edited, ...kept };
}
