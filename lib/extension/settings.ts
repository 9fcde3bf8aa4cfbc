import { z } from 'zod';
import type { MessageKey } from './i18n.ts';
import { HOVER_DELAY_MS, MAX_API_KEY_LENGTH } from './limits.ts';
import { LANGUAGE_CHOICES } from './locales.ts';

/*
 * The settings' shapes: what storage keeps of the person's settings, and what an organisation may set by
 * policy, each parsed field by field. They are in the shared room because storage's items (stored.ts) and the
 * messages (protocol.ts) name them; lib/settings does what is done with them (the policy in force, the reads,
 * the pages' store).
 */

/** The hosted Webmail Info API. */
export const HOSTED_API_BASE_URL = 'https://webmaillookup.com';

/** The hosted service; a build can point elsewhere with WXT_API_BASE_URL, the options page overrides both. */
export const DEFAULT_API_BASE_URL: string = import.meta.env.WXT_API_BASE_URL || HOSTED_API_BASE_URL;

const DEFAULT_CACHE_TTL_HOURS = 7 * 24;

/**
 * Whether a host name is this computer: localhost, 127.0.0.0/8 or ::1 (as the URL parser writes them, so
 * `127.1` and `0x7f.0.0.1` are 127.0.0.1 by then).
 */
export function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127(?:\.\d{1,3}){3}$/.test(hostname);
}

/**
 * What is wrong with a service address, or null: `invalid` is not an absolute http(s) address without query,
 * fragment or user; `insecure` is http:// to another computer, which would carry the key in clear text on
 * the way (a local service for development or tests is the one use of http://).
 */
export function baseUrlProblem(value: string): 'invalid' | 'insecure' | null {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return 'invalid';
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.search || url.hash || url.username)
    return 'invalid';
  return url.protocol === 'http:' && !isLoopback(url.hostname) ? 'insecure' : null;
}

/**
 * The key as it is used: a key copied from a page or a mail often brings spaces or a line break with it.
 * Every place that takes a key (the options page, the welcome page, the policy, the lookups) goes through this.
 */
export function cleanApiKey(typed: string): string {
  return typed.trim();
}

/** A base URL people may set (see baseUrlProblem); stored without a trailing slash. */
export const baseUrlSchema = z
  .string()
  .trim()
  // The message's key, not its words: the pages say what is wrong with baseUrlProblem, in the person's language.
  .refine((value) => baseUrlProblem(value) === null, 'optionsBaseUrlInvalid' satisfies MessageKey)
  .transform((value) => value.replace(/\/+$/, ''));

/**
 * Settings (everything but the key), as stored. Each field falls back to its default on its own, so one
 * bad value in storage never loses the rest.
 */
export const settingsSchema = z.object({
  baseUrl: baseUrlSchema.catch(DEFAULT_API_BASE_URL),
  /** The query put into the provider's search: `{address}` and `{domain}` are filled in. */
  searchQueryTemplate: z.string().max(200).catch('{address}'),
  hoverDelayMs: z.number().int().min(0).max(5_000).catch(HOVER_DELAY_MS),
  cacheTtlHours: z
    .number()
    .min(0)
    .max(24 * 365)
    .catch(DEFAULT_CACHE_TTL_HOURS),
  /** Host names where the extension stays off (a host matches itself and its subdomains). */
  disabledSites: z.array(z.string().trim().toLowerCase().min(1)).max(500).catch([]),
  gmailIntegration: z.boolean().catch(true),
  /** Outlook on the web's names that stand for addresses (lib/page/sources/outlook.ts). */
  outlookIntegration: z.boolean().catch(true),
  /** The language of every page, card and message: `browser` follows the browser's (lib/extension/locales.ts). */
  language: z.enum(LANGUAGE_CHOICES).catch('browser'),
  /**
   * The addresses the person (support staff, say) sends from: the card then offers the customer a link to
   * search their own mailbox for mail from them.
   */
  sendingAddresses: z
    .array(
      z
        .string()
        .trim()
        .toLowerCase()
        .regex(/^[^\s@]+@[^\s@]+$/),
    )
    .max(20)
    .catch([]),
});

export type Settings = z.infer<typeof settingsSchema>;

export const DEFAULT_SETTINGS: Settings = settingsSchema.parse({});

/** Reads stored settings, whatever shape storage holds. */
export function parseSettings(stored: unknown): Settings {
  return settingsSchema.parse(typeof stored === 'object' && stored !== null ? stored : {});
}

/** Whether the extension stays off on a page's host: the host or any parent of it is listed. */
export function isSiteDisabled(settings: Settings, hostname: string): boolean {
  const host = hostname.toLowerCase();
  return settings.disabledSites.some((site) => host === site || host.endsWith(`.${site}`));
}

/**
 * Settings an organisation sets for everyone through browser policy (storage.managed, described to the
 * browser by public/managed_schema.json). Each field is read on its own: a bad value set by IT is ignored,
 * never taken for the whole policy being absent.
 */
const { baseUrl, searchQueryTemplate, disabledSites, gmailIntegration, outlookIntegration, language } =
  settingsSchema.shape;
export const managedSettingsSchema = z.object({
  apiKey: z
    .string()
    .transform(cleanApiKey)
    .pipe(z.string().min(1).max(MAX_API_KEY_LENGTH))
    .optional()
    .catch(undefined),
  baseUrl: baseUrl.removeCatch().optional().catch(undefined),
  searchQueryTemplate: searchQueryTemplate.removeCatch().optional().catch(undefined),
  disabledSites: disabledSites.removeCatch().optional().catch(undefined),
  gmailIntegration: gmailIntegration.removeCatch().optional().catch(undefined),
  outlookIntegration: outlookIntegration.removeCatch().optional().catch(undefined),
  language: language.removeCatch().optional().catch(undefined),
});

export type ManagedSettings = z.infer<typeof managedSettingsSchema>;
export type ManagedField = keyof ManagedSettings;
