import { z } from 'zod';
import { cleanApiKey, DEFAULT_API_BASE_URL, type Settings, settingsSchema } from './schema.ts';

/**
 * Settings an organisation sets for everyone through browser policy (storage.managed, described to the
 * browser by public/managed_schema.json). Each field is read on its own: a bad value set by IT is ignored,
 * never taken for the whole policy being absent.
 */
const { baseUrl, searchQueryTemplate, disabledSites, gmailIntegration, outlookIntegration, language } =
  settingsSchema.shape;
export const managedSettingsSchema = z.object({
  apiKey: z.string().transform(cleanApiKey).pipe(z.string().min(1).max(500)).optional().catch(undefined),
  baseUrl: baseUrl.removeCatch().optional().catch(undefined),
  searchQueryTemplate: searchQueryTemplate.removeCatch().optional().catch(undefined),
  disabledSites: disabledSites.removeCatch().optional().catch(undefined),
  gmailIntegration: gmailIntegration.removeCatch().optional().catch(undefined),
  outlookIntegration: outlookIntegration.removeCatch().optional().catch(undefined),
  language: language.removeCatch().optional().catch(undefined),
});

export type ManagedSettings = z.infer<typeof managedSettingsSchema>;
export type ManagedField = keyof ManagedSettings;

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
