import { browser } from 'wxt/browser';
import { applyWords, currentLocale, loadedLocale, t } from './i18n.ts';
import { type Locale, languageTag, touchesLanguage } from './locales.ts';
import { NoAnswerError, sendRequest } from './messaging.ts';

/**
 * An extension page's words, before it renders: the language in force, as the background resolves it (one
 * place reads the setting and the policy); browser.i18n's words where the background cannot answer. The
 * page reloads itself when the language changes, so every word on it changes at once.
 */
export async function loadPageWords(): Promise<void> {
  await loadWords().catch(() => {});
  document.documentElement.lang = languageTag(currentLocale());
  browser.storage.onChanged.addListener((changes, area) => {
    if (touchesLanguage(changes, area)) void reloadOnNewLanguage();
  });
}

async function reloadOnNewLanguage(): Promise<void> {
  const { locale } = await sendRequest({ type: 'words', have: currentLocale() }).catch(() => ({
    locale: currentLocale(),
  }));
  if (locale !== currentLocale()) location.reload();
}

/** The words asked for and not yet come: one question at a time. */
let asking: Promise<void> | null = null;

/**
 * The words of the language in force, asked of the background: unless `expected` is already the locale
 * loaded. The card asks so each time it is shown, with the locale its settings name.
 */
export function loadWords(expected?: Locale): Promise<void> {
  const loaded = loadedLocale();
  if (loaded && loaded === expected) return Promise.resolve();
  asking ??= sendRequest({ type: 'words', ...(loaded && { have: loaded }) })
    .then(({ locale, messages }) => {
      if (messages) applyWords(locale, messages);
    })
    .finally(() => {
      asking = null;
    });
  return asking;
}

/** An error in words for a page: a silent background in the person's language, anything else as it says. */
export function errorWords(error: unknown): string {
  if (error instanceof NoAnswerError) return t('errorNoAnswer');
  return error instanceof Error ? error.message : String(error);
}
