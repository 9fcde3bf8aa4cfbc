import { fakeBrowser } from 'wxt/testing/fake-browser';
import messages from '../../public/_locales/en/messages.json';

type Entry = { message: string; placeholders?: Record<string, { content: string }> };

/**
 * browser.i18n.getMessage as the browsers do it, over the English messages.json: `$NAME$` becomes its
 * placeholder's content, whose `$1`..`$9` are the substitutions. WXT's fake browser has no i18n.
 */
export function getMessage(key: string, substitutions: string | string[] = []): string {
  const entry = (messages as Record<string, Entry>)[key];
  if (!entry) return '';
  const values = typeof substitutions === 'string' ? [substitutions] : substitutions;
  const fill = (text: string) => text.replace(/\$(\d)/g, (_, index) => values[Number(index) - 1] ?? '');
  return entry.message.replace(/\$([a-z0-9_@]+)\$/gi, (_, name: string) =>
    fill(entry.placeholders?.[name.toLowerCase()]?.content ?? ''),
  );
}

fakeBrowser.i18n.getMessage = getMessage as typeof fakeBrowser.i18n.getMessage;
