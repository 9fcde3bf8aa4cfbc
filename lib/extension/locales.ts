/** The locales public/_locales ships, English first: the source every other is translated from. */
export const LOCALES = ['en', 'de', 'fr', 'es', 'pt_BR', 'ja'] as const;
export type Locale = (typeof LOCALES)[number];

/** The language setting: a shipped locale, or `browser` (the default) for the browser's own language. */
export const LANGUAGE_CHOICES = ['browser', ...LOCALES] as const;
export type LanguageChoice = (typeof LANGUAGE_CHOICES)[number];

/** The BCP 47 tag Intl and `lang` attributes take: pt_BR is pt-BR. */
export function languageTag(locale: Locale): string {
  return locale.replace('_', '-');
}

/**
 * The shipped locale for a browser's language tag: the same tag (pt-BR), else the same language (de-AT is
 * de; pt-PT is pt_BR, the one Portuguese we ship); null for a language we do not ship.
 */
export function matchLocale(tag: string): Locale | null {
  const wanted = tag.replace('_', '-').toLowerCase();
  const exact = LOCALES.find((locale) => languageTag(locale).toLowerCase() === wanted);
  if (exact) return exact;
  const language = wanted.split('-')[0];
  return LOCALES.find((locale) => languageTag(locale).split('-')[0] === language) ?? null;
}

/** The locale in force: the setting's, else the browser's language where we ship it, else English. */
export function resolveLocale(choice: LanguageChoice, browserLanguage: string): Locale {
  if (choice !== 'browser') return choice;
  return matchLocale(browserLanguage) ?? 'en';
}

/**
 * Whether a storage change may change the language: the person's settings, or the organisation's policy (as
 * the browser reports it, or as the background records it: `policySeen`, lib/extension/stored.ts).
 */
export function touchesLanguage(changes: Record<string, unknown>, area: string): boolean {
  return area === 'managed' || (area === 'local' && ('settings' in changes || 'policySeen' in changes));
}
