import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { applyWords, type Messages } from '#extension/i18n.ts';
import type { ManagedSettings } from '#extension/settings.ts';
import { policySeenItem, settingsItem } from '#extension/stored.ts';
import { browserPolicySources, PolicyInForce } from '#settings/policy.ts';
import { Balances } from '#worker/balances.ts';
import { speakLanguageInForce, WorkerWords } from '#worker/words.ts';
import { settingsHandlers } from './settings.ts';
import { wordsHandlers } from './words.ts';

/*
 * What the content scripts and the pages ask of settings, answered while Chromium's policy service is not up
 * (storage.managed.get() never answers here): by the policy recorded at an earlier start.
 */

const RECORDED: ManagedSettings = {
  searchQueryTemplate: 'from:{address}',
  disabledSites: ['intranet.example'],
  gmailIntegration: false,
  language: 'ja',
};

beforeEach(async () => {
  fakeBrowser.reset();
  vi.spyOn(fakeBrowser.storage.managed, 'get').mockReturnValue(new Promise(() => {}) as never);
  await policySeenItem.setValue(RECORDED);
  await settingsItem.setValue({ ...(await settingsItem.getValue()), hoverDelayMs: 150 });
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  applyWords('en', {});
});

function handlers() {
  const policy = new PolicyInForce(browserPolicySources());
  const words = new WorkerWords({
    choice: async () => 'browser',
    browserLanguage: () => 'en-US',
    fetchMessages: async () => ({}),
  });
  return settingsHandlers(
    policy,
    async () => {},
    (choice) => words.localeOf(choice),
    new Balances(),
  );
}

describe('settings answered without waiting for the browser’s policy service', () => {
  it('a content script’s settings: the person’s own, under the policy last recorded', async () => {
    const settings = handlers()['content-settings'];
    expect(await settings({ type: 'content-settings', hostname: 'mail.example' })).toMatchObject({
      enabled: true,
      hoverDelayMs: 150,
      searchQueryTemplate: 'from:{address}',
      gmailIntegration: false,
      locale: 'ja',
    });
    expect((await settings({ type: 'content-settings', hostname: 'wiki.intranet.example' })).enabled).toBe(
      false,
    );
  });

  it('the pages’ view of what the organisation set', async () => {
    expect(await handlers()['managed-settings']()).toEqual({
      fields: ['searchQueryTemplate', 'disabledSites', 'gmailIntegration', 'language'],
      settings: RECORDED,
    });
  });

  it('the pages’ and the card’s words, in the language the recorded policy sets', async () => {
    const ja: Messages = { optionsSave: { message: '保存' } };
    fakeBrowser.i18n.getUILanguage = () => 'en-US';
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url.endsWith('/_locales/ja/messages.json') ? Response.json(ja) : new Response(null, { status: 404 }),
      ),
    );
    const { words } = speakLanguageInForce(new PolicyInForce(browserPolicySources()), () => {});
    expect(await wordsHandlers(words).words({ type: 'words' })).toEqual({ locale: 'ja', messages: ja });
  });
});
