import { browser } from 'wxt/browser';
import { applyWords, currentLocale } from './i18n.ts';
import { languageTag, touchesLanguage } from './locales.ts';
import { sendRequest } from './messaging.ts';

/**
 * An extension page's words, before it renders: the language in force, as the background resolves it (one
 * place reads the setting and the policy); browser.i18n's words where the background cannot answer. The
 * page reloads itself when the language changes, so every word on it changes at once.
 */
export async function loadPageWords(): Promise<void> {
  try {
    const { locale, messages } = await sendRequest({ type: 'words' });
    if (messages) applyWords(locale, messages);
  } catch {}
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
