import { z } from 'zod';
import { type Settings, settingsSchema } from './settings.ts';

/**
 * Settings an organisation sets for everyone through browser policy (storage.managed, described to the
 * browser by public/managed_schema.json). Each field is read on its own: a bad value set by IT is ignored,
 * never taken for the whole policy being absent.
 */
const { baseUrl, searchQueryTemplate, disabledSites, gmailIntegration } = settingsSchema.shape;
export const managedSettingsSchema = z.object({
  apiKey: z.string().trim().min(1).max(500).optional().catch(undefined),
  baseUrl: baseUrl.removeCatch().optional().catch(undefined),
  searchQueryTemplate: searchQueryTemplate.removeCatch().optional().catch(undefined),
  disabledSites: disabledSites.removeCatch().optional().catch(undefined),
  gmailIntegration: gmailIntegration.removeCatch().optional().catch(undefined),
});

export type ManagedSettings = z.infer<typeof managedSettingsSchema>;
export type ManagedField = keyof ManagedSettings;

/** Reads what storage.managed holds, whatever its shape. */
export function parseManagedSettings(stored: unknown): ManagedSettings {
  return managedSettingsSchema.parse(typeof stored === 'object' && stored !== null ? stored : {});
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

/** The settings in force: the organisation's wherever it set one, the person's own elsewhere. */
export function applyManaged(settings: Settings, managed: ManagedSettings): Settings {
  return { ...settings, ...managedValues(managed) };
}
