import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Messages } from './i18n.ts';
import { LOCALES, type Locale, languageTag } from './locales.ts';

const ROOT = new URL('../..', import.meta.url).pathname;
const readLocale = (locale: Locale): Messages =>
  JSON.parse(readFileSync(join(ROOT, 'public/_locales', locale, 'messages.json'), 'utf8'));
const ENGLISH = readLocale('en');
const TRANSLATED = LOCALES.filter((locale) => locale !== 'en');

/**
 * Messages rightly the same as English in a locale: brand names, and words the language took from English.
 * Anything else equal to English was left untranslated.
 */
const SAME_AS_ENGLISH: Record<Exclude<Locale, 'en'>, string[]> = {
  // German takes Domain, Details and Webmail from English.
  de: ['extName', 'popupRowOpen', 'bulkColumnDomain', 'popupGroupDomain', 'cardDetails'],
  fr: ['extName', 'popupRowOpen'],
  // "no" is Spanish too: "$FLAG$: no".
  es: ['extName', 'popupRowOpen', 'flagNo'],
  pt_BR: ['extName', 'popupRowOpen'],
  ja: ['extName'],
};

/**
 * The browsers' own names for the menus and items our messages send people to, in each locale: Firefox's
 * from mozilla-l10n/firefox-l10n (aboutAddons.ftl, unifiedExtensions.ftl), Chromium's from its
 * generated_resources_<lang>.xtb. public/_locales/GLOSSARY.md cites each one.
 */
const BROWSER_WORDS: { keys: string[]; words: Record<Locale, string> }[] = [
  {
    // about:addons, the gear menu: addon-manage-extensions-shortcuts.
    keys: ['optionsShortcutFirefox', 'optionsShortcutNoneFirefox'],
    words: {
      en: 'Manage Extension Shortcuts',
      de: 'Tastenkombinationen von Erweiterungen verwalten',
      fr: "Gérer les raccourcis d'extensions",
      es: 'Administrar atajos de extensiones',
      pt_BR: 'Gerenciar atalhos de extensões',
      ja: '拡張機能のショートカットキーの管理',
    },
  },
  {
    // The Extensions panel, an extension's menu: unified-extensions-context-menu-pin-to-toolbar.
    keys: ['optionsPinFirefox'],
    words: {
      en: 'Pin to Toolbar',
      de: 'An Symbolleiste anheften',
      fr: "Épingler à la barre d'outils",
      es: 'Fijar a la barra de herramientas',
      pt_BR: 'Fixar na barra de ferramentas',
      ja: 'ツールバーにピン留め',
    },
  },
  {
    // The puzzle piece: Firefox's unified-extensions-header-title, Chromium's IDS_TOOLTIP_EXTENSIONS_BUTTON.
    keys: ['optionsPinFirefox', 'optionsPinChromium'],
    words: {
      en: 'Extensions',
      de: 'Erweiterungen',
      fr: 'Extensions',
      es: 'Extensiones',
      pt_BR: 'Extensões',
      ja: '拡張機能',
    },
  },
  {
    // Chromium's pin button, IDS_EXTENSIONS_MENU_PIN_BUTTON_TOOLTIP ("Pin extension"); English and Japanese
    // name it by its icon and its verb (固定).
    keys: ['optionsPinChromium'],
    words: {
      en: 'the pin',
      de: 'Erweiterung anpinnen',
      fr: "Épingler l'extension",
      es: 'Fijar extensión',
      pt_BR: 'Fixe a extensão',
      ja: '固定',
    },
  },
];

const PLURAL = /^(.+)_(zero|one|two|few|many|other)$/;

/** A locale's keys: plain messages, and plural messages by name with the categories it has variants for. */
function shapeOf(messages: Messages) {
  const plurals = new Map<string, string[]>();
  const plain: string[] = [];
  for (const key of Object.keys(messages)) {
    const [, name, category] = PLURAL.exec(key) ?? [];
    if (name && category && `${name}_other` in messages)
      plurals.set(name, [...(plurals.get(name) ?? []), category]);
    else plain.push(key);
  }
  return { plain: plain.sort(), plurals };
}

/** The placeholders a message uses, and what each stands for ($1, $2...), by upper-case name. */
function placeholdersOf(entry: Messages[string]): { used: string[]; defined: Record<string, string> } {
  const used = [
    ...new Set(
      [...entry.message.matchAll(/\$([a-z0-9_@]+)\$/gi)].map((match) => String(match[1]).toUpperCase()),
    ),
  ];
  const defined = Object.fromEntries(
    Object.entries(entry.placeholders ?? {}).map(([name, { content }]) => [name.toUpperCase(), content]),
  );
  return { used: used.sort(), defined };
}

/** The English message a locale's key is translated from: a plural variant English lacks from `_other`. */
function englishOf(key: string): Messages[string] {
  const name = PLURAL.exec(key)?.[1];
  return ENGLISH[key] ?? ENGLISH[`${name}_other`] ?? { message: '' };
}

/** The English message whose placeholders a key must use: a plural variant, those of English's `_other`. */
function placeholderModel(key: string): Messages[string] {
  const name = PLURAL.exec(key)?.[1];
  return ENGLISH[`${name}_other`] ?? ENGLISH[key] ?? { message: '' };
}

/** The summary of a store listing: the paragraph under the heading that names the 132 characters. */
function storeSummary(locale: Locale): string {
  const file = locale === 'en' ? 'store-listing.md' : `store-listing.${locale}.md`;
  const lines = readFileSync(join(ROOT, 'docs', file), 'utf8').split('\n');
  const heading = lines.findIndex((line) => line.startsWith('## ') && line.includes('132'));
  return lines.slice(heading + 1).find((line) => line.trim() !== '') ?? '';
}

describe.each(LOCALES)('the %s locale', (locale) => {
  const messages = readLocale(locale);
  const shape = shapeOf(messages);

  it('has every message English has, and none it lacks', () => {
    expect(shape.plain).toEqual(shapeOf(ENGLISH).plain);
    expect([...shape.plurals.keys()].sort()).toEqual([...shapeOf(ENGLISH).plurals.keys()].sort());
  });

  it('has, for each count, exactly the plural categories its language’s rules name', () => {
    const categories = new Intl.PluralRules(languageTag(locale)).resolvedOptions().pluralCategories;
    for (const [name, found] of shape.plurals) expect(found.sort(), name).toEqual([...categories].sort());
  });

  it('uses the placeholders English does, each standing for the same substitution', () => {
    for (const [key, entry] of Object.entries(messages)) {
      const own = placeholdersOf(entry);
      const english = placeholdersOf(placeholderModel(key));
      // A language may say "one" in words: its one-form need not write the count.
      const mayOmitCount = /_(zero|one|two)$/.test(key) && !own.used.includes('COUNT');
      const expected = mayOmitCount ? english.used.filter((name) => name !== 'COUNT') : english.used;
      expect(own.used, key).toEqual(expected);
      expect(own.defined, key).toEqual(english.defined);
    }
  });

  it('names the browsers’ menus in each browser’s own words', () => {
    for (const { keys, words } of BROWSER_WORDS)
      for (const key of keys) expect(messages[key]?.message, key).toContain(words[locale]);
  });

  it('fits the stores’ 132 characters, in the manifest and in the store listing', () => {
    expect(messages.extDescription?.message.length).toBeLessThanOrEqual(132);
    expect(storeSummary(locale).length).toBeGreaterThan(20);
    expect(storeSummary(locale).length).toBeLessThanOrEqual(132);
  });
});

describe.each(TRANSLATED)('the %s translation', (locale) => {
  const messages = readLocale(locale);
  /** Whether a message has words of its own, beyond its placeholders and punctuation. */
  const hasWords = (message: string) => /\p{L}/u.test(message.replace(/\$[a-z0-9_@]+\$/gi, ''));

  it('leaves no message in English, but those named as rightly the same', () => {
    const same = Object.entries(messages)
      .filter(([key, entry]) => hasWords(entry.message) && entry.message === englishOf(key).message)
      .map(([key]) => key);
    expect(same.sort()).toEqual([...SAME_AS_ENGLISH[locale]].sort());
  });
});
