import { browser } from 'wxt/browser';
import type messages from '#locales/en/messages.json';
import { type Locale, languageTag, resolveLocale } from './locales.ts';

/**
 * The one way the UI gets its words: public/_locales/<locale>/messages.json, in the locale the language
 * setting chose (lib/extension/locales.ts). chrome.i18n follows only the browser's language, so each context
 * loads the chosen locale's messages itself (applyWords); until it has, or where it could not, browser.i18n
 * answers. English is the source translators work from; a key missing from it is a type error.
 */
export type MessageKey = keyof typeof messages;

/** A message chosen by a count: English has `<name>_other` (and `_one`); each locale the categories its rules name. */
export type PluralName = MessageKey extends infer Key
  ? Key extends `${infer Name}_other`
    ? Name
    : never
  : never;

export interface MessageEntry {
  message: string;
  description?: string;
  placeholders?: Record<string, { content: string; example?: string }>;
}
export type Messages = Record<string, MessageEntry>;

/** One locale's messages, with the Intl formats of its language. */
class Words {
  readonly locale: Locale;
  readonly #messages: Messages;
  readonly #plurals: Intl.PluralRules;
  readonly #numbers: Intl.NumberFormat;

  constructor(locale: Locale, messages: Messages) {
    this.locale = locale;
    this.#messages = messages;
    this.#plurals = new Intl.PluralRules(languageTag(locale));
    this.#numbers = new Intl.NumberFormat(languageTag(locale));
  }

  /** The message filled in, or null where this locale lacks it. */
  message(key: string, substitutions: string[]): string | null {
    const entry = this.#messages[key];
    return entry ? fillMessage(entry, substitutions) : null;
  }

  category(count: number): Intl.LDMLPluralRule {
    return this.#plurals.select(count);
  }

  number(value: number): string {
    return this.#numbers.format(value);
  }
}

let inForce: Words | null = null;

/** Puts a locale's messages in force in this context: every t() from here on speaks that language. */
export function applyWords(locale: Locale, messages: Messages): void {
  inForce = new Words(locale, messages);
}

/** The browser's language as a shipped locale (what browser.i18n speaks), for a context without words yet. */
function browserLocale(): Locale {
  try {
    return resolveLocale('browser', browser.i18n.getUILanguage());
  } catch {
    return 'en';
  }
}

const fallback = { words: null as Words | null };
/** The words in force, else plural rules and formats of the browser's language over browser.i18n. */
function words(): Words {
  if (inForce) return inForce;
  fallback.words ??= new Words(browserLocale(), {});
  return fallback.words;
}

/** The locale whose messages this context loaded; null while it speaks browser.i18n's. */
export function loadedLocale(): Locale | null {
  return inForce?.locale ?? null;
}

/** The locale this context speaks. */
export function currentLocale(): Locale {
  return words().locale;
}

/** The messages.json of a shipped locale, as the extension's pages and its worker read it from the package. */
export async function fetchMessages(locale: Locale): Promise<Messages> {
  const url = browser.runtime.getURL(`/_locales/${locale}/messages.json` as '/');
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return (await response.json()) as Messages;
}

/**
 * A message as chrome.i18n fills it: `$NAME$` is its placeholder's content, in which `$1`..`$9` are the
 * substitutions; `$$` is a dollar sign.
 */
export function fillMessage(entry: MessageEntry, substitutions: string[]): string {
  const fill = (content: string) =>
    content.replace(/\$(\d)/g, (_, index: string) => substitutions[Number(index) - 1] ?? '');
  return entry.message.replace(/\$\$|\$([a-z0-9_@]+)\$/gi, (whole, name?: string) =>
    name === undefined ? '$' : fill(entry.placeholders?.[name.toLowerCase()]?.content ?? whole),
  );
}

/** A number in the person's language: 1,000 in English, 1.000 in German, 1 000 in French. */
export function formatNumber(value: number): string {
  return words().number(value);
}

function message(key: string, substitutions: (string | number)[]): string {
  const filled = substitutions.map((value) => (typeof value === 'number' ? formatNumber(value) : value));
  const own = words().message(key, filled);
  if (own !== null) return own;
  // WXT types getMessage with one overload per key, which a string matches none of.
  const getMessage = browser.i18n.getMessage as (key: string, substitutions: string[]) => string;
  return getMessage(key, filled);
}

/** The message in the person's language; `substitutions` fill its placeholders in order ($1, $2, ...). */
export function t(key: MessageKey, ...substitutions: (string | number)[]): string {
  return message(key, substitutions);
}

/**
 * The variant of a plural message its count's CLDR category picks (`<name>_one`, `_many`, `_other`...);
 * `_other` where a locale has no variant for it. The count is the message's `$COUNT$`, always `$1`; the
 * other substitutions follow it.
 */
export function tCount(name: PluralName, count: number, ...substitutions: (string | number)[]): string {
  const variant = message(`${name}_${words().category(count)}`, [count, ...substitutions]);
  return variant || message(`${name}_other`, [count, ...substitutions]);
}

/** How old an answer is, in words: "just now", "5 minutes ago", "vor 3 Stunden", "2 日前". */
export function formatAge(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return t('ageJustNow');
  const ago = new Intl.RelativeTimeFormat(languageTag(currentLocale()), { numeric: 'always' });
  if (minutes < 60) return ago.format(-minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return ago.format(-hours, 'hour');
  return ago.format(-Math.floor(hours / 24), 'day');
}
