import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { applyWords, formatAge, formatNumber, type Messages, t, tCount } from './i18n.ts';
import { type Locale, matchLocale, resolveLocale } from './locales.ts';

const ROOT = new URL('../..', import.meta.url).pathname;
const speak = (locale: Locale) =>
  applyWords(
    locale,
    JSON.parse(readFileSync(join(ROOT, 'public/_locales', locale, 'messages.json'), 'utf8')),
  );

afterAll(() => speak('en'));

describe('the locale in force', () => {
  it('is the setting’s, whatever the browser speaks', () => {
    expect(resolveLocale('ja', 'de-DE')).toBe('ja');
  });

  it('is the browser’s language by default: the same tag, else the same language, else English', () => {
    expect(resolveLocale('browser', 'pt-BR')).toBe('pt_BR');
    expect(resolveLocale('browser', 'de-AT')).toBe('de');
    expect(resolveLocale('browser', 'pt-PT')).toBe('pt_BR');
    expect(resolveLocale('browser', 'ja')).toBe('ja');
    expect(resolveLocale('browser', 'nl-NL')).toBe('en');
  });

  it('matches Chrome’s underscore tags and any case', () => {
    expect(matchLocale('pt_br')).toBe('pt_BR');
    expect(matchLocale('FR-ca')).toBe('fr');
  });
});

describe('t', () => {
  it('speaks the locale put in force, not the browser’s', () => {
    speak('de');
    expect(t('optionsSave')).toBe('Speichern');
    speak('ja');
    expect(t('optionsSave')).toBe('保存');
  });

  it('fills named placeholders in the locale’s own order, and writes numbers the language’s way', () => {
    speak('ja');
    expect(tCount('bulkProgress', 1200, 300)).toBe('1,200件中300件のドメインを照会済みです。');
    speak('de');
    expect(tCount('bulkProgress', 1200, 300)).toBe('300 von 1.200 Domains abgefragt.');
  });

  it('keeps a doubled dollar sign as one, as chrome.i18n does', () => {
    applyWords('en', {
      price: { message: 'Costs $$5 or $AMOUNT$', placeholders: { amount: { content: '$1' } } },
    });
    expect(t('price' as never, 'less')).toBe('Costs $5 or less');
  });
});

describe('tCount', () => {
  it('picks the form each language’s plural rules name for the count', () => {
    speak('en');
    expect([0, 1, 2].map((count) => tCount('popupTableCopied', count))).toEqual([
      'Copied 0 rows',
      'Copied 1 row',
      'Copied 2 rows',
    ]);
    speak('fr');
    // French counts 0 as one, and a round million takes « de ».
    expect([0, 1, 2, 1_000_000].map((count) => tCount('popupTableCopied', count))).toEqual([
      '0 ligne copiée',
      '1 ligne copiée',
      '2 lignes copiées',
      '1\u202f000\u202f000 de lignes copiées',
    ]);
    speak('ja');
    expect(tCount('popupTableCopied', 1)).toBe('1行をコピーしました');
  });

  it('falls back to the other form where a locale has no variant for the category', () => {
    const copied = (message: string) => ({ message, placeholders: { count: { content: '$1' } } });
    const messages: Messages = { rows_other: copied('$COUNT$ rows') };
    applyWords('en', messages);
    expect(tCount('rows' as never, 1)).toBe('1 rows');
  });
});

describe('formats', () => {
  it('writes a number the person’s way', () => {
    speak('de');
    expect(formatNumber(12345.5)).toBe('12.345,5');
    speak('en');
    expect(formatNumber(12345.5)).toBe('12,345.5');
  });

  it('says an answer’s age in the person’s language', () => {
    speak('en');
    expect(formatAge(20_000)).toBe('just now');
    expect(formatAge(5 * 60_000)).toBe('5 minutes ago');
    expect(formatAge(25 * 3_600_000)).toBe('1 day ago');
    speak('de');
    expect(formatAge(3 * 3_600_000)).toBe('vor 3 Stunden');
    speak('ja');
    expect(formatAge(2 * 86_400_000)).toBe('2 日前');
  });
});
