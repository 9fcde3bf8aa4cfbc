import { browser } from 'wxt/browser';
import type messages from '#locales/en/messages.json';

/**
 * The one way the UI gets its words: browser.i18n, from public/_locales/<locale>/messages.json. English is
 * the source translators work from; a key missing from it is a type error, not an empty label.
 */
export type MessageKey = keyof typeof messages;

/** The message in the browser's language; `substitutions` fill its placeholders in order ($1, $2, ...). */
export function t(key: MessageKey, ...substitutions: (string | number)[]): string {
  // WXT types getMessage with one overload per key, which a union of keys matches none of.
  const getMessage = browser.i18n.getMessage as (key: string, substitutions: string[]) => string;
  return getMessage(key, substitutions.map(String));
}
