import { browser } from 'wxt/browser';
import { applyWords, fetchMessages, type Messages } from '#extension/i18n.ts';
import { type LanguageChoice, type Locale, resolveLocale, touchesLanguage } from '#extension/locales.ts';
import type { RequestType } from '#extension/protocol.ts';
import type { PolicyInForce } from '#settings/policy.ts';
import { loadSettings } from '#settings/storage.ts';
import type { Handlers } from './router.ts';

export interface WordsSources {
  /** The language setting in force (the organisation's, else the person's). */
  choice: () => Promise<LanguageChoice>;
  /** The browser's UI language, as browser.i18n.getUILanguage() gives it. */
  browserLanguage: () => string;
  /** A shipped locale's messages.json. */
  fetchMessages: (locale: Locale) => Promise<Messages>;
}

/**
 * The background's words: the locale the language setting resolves to, its messages read once, and handed to
 * every context that asks (the card has no way to read the package's files itself in Chromium).
 */
export class WorkerWords {
  readonly #sources: WordsSources;
  readonly #loaded = new Map<Locale, Promise<Messages>>();

  constructor(sources: WordsSources) {
    this.#sources = sources;
  }

  /** The locale a language setting resolves to in this browser, for a caller that has read the settings. */
  localeOf(choice: LanguageChoice): Locale {
    return resolveLocale(choice, this.#sources.browserLanguage());
  }

  /** The locale in force and its messages, from the setting as stored: a change is seen at the next ask. */
  async current(): Promise<{ locale: Locale; messages: Messages }> {
    const locale = this.localeOf(await this.#sources.choice());
    return { locale, messages: await this.#messagesOf(locale) };
  }

  /** Puts the locale in force in the background itself (menus, notifications, the key test's sentence). */
  async apply(): Promise<Locale> {
    const { locale, messages } = await this.current();
    applyWords(locale, messages);
    return locale;
  }

  /** Each locale's file is read once; a failed read is tried again at the next ask. */
  #messagesOf(locale: Locale): Promise<Messages> {
    let messages = this.#loaded.get(locale);
    if (!messages) {
      messages = this.#sources.fetchMessages(locale);
      this.#loaded.set(locale, messages);
      messages.catch(() => this.#loaded.delete(locale));
    }
    return messages;
  }
}

/** The requests whose answers carry the background's own words (the key test's sentence). */
const ANSWERS_IN_WORDS: ReadonlySet<RequestType> = new Set<RequestType>(['test-key']);

/**
 * The handlers of ANSWERS_IN_WORDS answer once the background speaks the language in force, so their words
 * are the person's; every other answers at once, so a woken worker's first lookup does not wait for a
 * settings read and a messages.json fetch. A failed read leaves browser.i18n's words, not a silent worker.
 */
export function withWords(ready: () => Promise<unknown>, handlers: Handlers): Handlers {
  const waiting = Object.entries(handlers).map(([type, handle]) => [
    type,
    ANSWERS_IN_WORDS.has(type as RequestType)
      ? async (...args: Parameters<typeof handle>) => {
          await ready().catch(() => {});
          return (handle as (...args: Parameters<typeof handle>) => Promise<unknown>)(...args);
        }
      : handle,
  ]);
  return Object.fromEntries(waiting) as Handlers;
}

/**
 * The background speaking the language in force. chrome.i18n speaks only the browser's language, so the chosen
 * locale's messages are read from the package: not at each start of the worker, which most hovers wake (a
 * lookup needs no words), but when first needed (`ready`: the key test's sentence, the menu made at install),
 * when the browser starts (its own language may have changed), and on a change of the person's settings or
 * the organisation's policy; `onChange` is called each time they are applied (the context menu's title,
 * which the browser keeps while the worker sleeps).
 */
export function speakLanguageInForce(
  policy: PolicyInForce,
  onChange: () => void,
): {
  words: WorkerWords;
  ready: () => Promise<unknown>;
} {
  const words = new WorkerWords({
    choice: async () => (await loadSettings(policy)).language,
    browserLanguage: () => browser.i18n.getUILanguage(),
    fetchMessages,
  });
  let applied: Promise<unknown> | null = null;
  const apply = () => {
    const attempt = words.apply().then(onChange);
    applied = attempt;
    // A failed read is tried again at the next ask.
    attempt.catch(() => {
      if (applied === attempt) applied = null;
    });
    return attempt;
  };
  browser.runtime.onStartup.addListener(() => void apply().catch(() => {}));
  browser.storage.onChanged.addListener((changes, area) => {
    if (touchesLanguage(changes, area)) void apply().catch(() => {});
  });
  return { words, ready: () => applied ?? apply() };
}
