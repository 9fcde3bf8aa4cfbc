import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { currentLocale, type Messages, t } from '#extension/i18n.ts';
import type { LanguageChoice, Locale } from '#extension/locales.ts';
import { policySeenItem, settingsItem } from '#extension/stored.ts';
import { browserPolicySources, PolicyInForce } from '#settings/policy.ts';
import type { Handlers } from './router.ts';
import { speakLanguageInForce, WorkerWords, withWords } from './words.ts';

const SAVE: Record<string, string> = { en: 'Save', de: 'Speichern', ja: '保存' };
const messagesOf = (locale: Locale): Messages => ({ optionsSave: { message: SAVE[locale] ?? '?' } });

function setup(browserLanguage = 'de-AT') {
  const state = { choice: 'browser' as LanguageChoice, reads: [] as Locale[], failNext: false };
  const words = new WorkerWords({
    choice: async () => state.choice,
    browserLanguage: () => browserLanguage,
    fetchMessages: async (locale) => {
      state.reads.push(locale);
      if (state.failNext) {
        state.failNext = false;
        throw new Error('not readable');
      }
      return messagesOf(locale);
    },
  });
  return { words, state };
}

afterEach(async () => {
  await setup('en').words.apply();
});

describe('the background’s words', () => {
  it('speak the browser’s language until the setting names another, seen at the next ask', async () => {
    const { words, state } = setup('de-AT');
    expect(await words.apply()).toBe('de');
    expect(t('optionsSave')).toBe('Speichern');
    state.choice = 'ja';
    expect(await words.apply()).toBe('ja');
    expect([currentLocale(), t('optionsSave')]).toEqual(['ja', '保存']);
  });

  it('resolve a setting already read in the browser’s language, without reading files', () => {
    const { words, state } = setup('de-AT');
    expect([words.localeOf('browser'), words.localeOf('ja')]).toEqual(['de', 'ja']);
    expect(state.reads).toEqual([]);
  });

  it('read each locale’s file once, and a file that failed again at the next ask', async () => {
    const { words, state } = setup('de');
    state.failNext = true;
    await expect(words.current()).rejects.toThrow('not readable');
    await words.current();
    await words.current();
    expect(state.reads).toEqual(['de', 'de']);
  });
});

describe('answers while the words load', () => {
  function handlersWaitingOnWords() {
    let loaded!: () => void;
    const ready = new Promise<void>((resolve) => {
      loaded = resolve;
    });
    const answered: string[] = [];
    const handlers = withWords(() => ready, {
      lookup: async () => {
        answered.push('lookup');
        return null;
      },
      'test-key': async () => {
        answered.push('test-key');
        return { ok: true, text: '' };
      },
    } as unknown as Handlers);
    return { handlers, answered, loaded };
  }

  it('a lookup answers without waiting for the words', async () => {
    const { handlers, answered } = handlersWaitingOnWords();
    await handlers.lookup({ type: 'lookup' } as never, {});
    expect(answered).toEqual(['lookup']);
  });

  it('the key test, whose answer is a sentence, waits for them', async () => {
    const { handlers, answered, loaded } = handlersWaitingOnWords();
    const testing = handlers['test-key']({ type: 'test-key', apiKey: 'k', baseUrl: 'https://x.test' }, {});
    await Promise.resolve();
    expect(answered).toEqual([]);
    loaded();
    await testing;
    expect(answered).toEqual(['test-key']);
  });
});

describe('the worker’s start', () => {
  beforeEach(() => {
    fakeBrowser.reset();
    fakeBrowser.i18n.getUILanguage = () => 'de-DE';
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('reads no words until they are needed, and again when the language may have changed', async () => {
    vi.spyOn(fakeBrowser.storage.managed, 'get').mockResolvedValue({} as never);
    await policySeenItem.setValue({});
    const fetched = vi.fn(async (url: string) => Response.json({ optionsSave: { message: url } }));
    vi.stubGlobal('fetch', fetched);
    const retitled = vi.fn();
    const { ready } = speakLanguageInForce(new PolicyInForce(browserPolicySources()), retitled);
    // A worker woken for a lookup fetches no messages.json.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetched).not.toHaveBeenCalled();
    await ready();
    expect(fetched).toHaveBeenCalledTimes(1);
    expect(retitled).toHaveBeenCalledTimes(1);
    expect(currentLocale()).toBe('de');
    await settingsItem.setValue({ ...(await settingsItem.getValue()), language: 'ja' });
    await vi.waitFor(() => expect(retitled).toHaveBeenCalledTimes(2));
    expect(currentLocale()).toBe('ja');
  });
});
