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

/**
 * An error in words for a page: a silent background, or one the browser cannot reach at all (the extension
 * was reloaded or updated under the page), each in the person's language. The browser's own words are
 * English and name its internals, so they go to the console only.
 */
export function errorWords(error: unknown): string {
  if (error instanceof NoAnswerError) return t('errorNoAnswer');
  console.warn('Webmail Lookup: the background could not be reached', error);
  return t('errorExtensionStopped');
}
