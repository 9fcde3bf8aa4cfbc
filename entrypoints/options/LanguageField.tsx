import { browser } from 'wxt/browser';
import { t } from '#extension/i18n.ts';
import { type LanguageChoice, LOCALES, type Locale, languageTag, resolveLocale } from '#extension/locales.ts';
import { lockProps, ManagedHint } from './SettingField.tsx';
import type { SettingFieldsProps } from './SettingFields.tsx';

/** A language named in itself, as its speakers look for it: "Deutsch", "Français", "日本語". */
function nativeName(locale: Locale): string {
  const tag = languageTag(locale);
  const name = new Intl.DisplayNames([tag], { type: 'language' }).of(tag) ?? tag;
  return name.charAt(0).toLocaleUpperCase(tag) + name.slice(1);
}

/** The language of the extension: the browser's (named, in itself, in brackets), or a shipped one. */
export function LanguageField({ draft, update, policy }: SettingFieldsProps) {
  const lock = policy('language');
  const browserLocale = resolveLocale('browser', browser.i18n.getUILanguage());
  return (
    <>
      <label htmlFor="language">{t('optionsLanguage')}</label>
      <select
        id="language"
        data-testid="language-input"
        value={draft.language}
        {...lockProps(lock)}
        onChange={(event) => update({ language: event.target.value as LanguageChoice })}
      >
        <option value="browser">{t('optionsLanguageBrowser', nativeName(browserLocale))}</option>
        {LOCALES.map((locale) => (
          <option key={locale} value={locale} lang={languageTag(locale)}>
            {nativeName(locale)}
          </option>
        ))}
      </select>
      {lock.locked && <ManagedHint field="language" />}
      <p className="hint">{t('optionsLanguageHint')}</p>
    </>
  );
}
