import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { apiKeyItem, policySeenItem, settingsItem } from '#extension/stored.ts';
import { inForce, useSettingsStore } from './store.ts';

beforeEach(() => {
  fakeBrowser.reset();
  useSettingsStore.setState({ loaded: false });
});

describe('the settings store of extension pages', () => {
  it('takes the organisation’s settings from the background over the person’s', async () => {
    await settingsItem.setValue({
      ...(await settingsItem.getValue()),
      searchQueryTemplate: 'mine {address}',
    });
    fakeBrowser.runtime.onMessage.addListener((message: unknown) =>
      (message as { type: string }).type === 'managed-settings'
        ? Promise.resolve({
            fields: ['searchQueryTemplate'],
            settings: { searchQueryTemplate: 'from:{address}' },
          })
        : undefined,
    );
    await useSettingsStore.getState().load();
    const state = useSettingsStore.getState();
    expect(state.loaded).toBe(true);
    expect(state.settings.searchQueryTemplate).toBe('mine {address}');
    expect(inForce(state).searchQueryTemplate).toBe('from:{address}');
  });

  it('loads with the person’s own settings when the background cannot answer, so the page still works', async () => {
    await settingsItem.setValue({
      ...(await settingsItem.getValue()),
      searchQueryTemplate: 'mine {address}',
    });
    await useSettingsStore.getState().load();
    const state = useSettingsStore.getState();
    expect(state.loaded).toBe(true);
    expect(state.managed).toEqual({ fields: [], settings: {} });
    expect(inForce(state).searchQueryTemplate).toBe('mine {address}');
  });

  it('keeps a change saved while it was still reading storage, however late the background answers', async () => {
    let answerPolicy: (managed: unknown) => void = () => {};
    fakeBrowser.runtime.onMessage.addListener((message: unknown) =>
      (message as { type: string }).type === 'managed-settings'
        ? new Promise((resolve) => {
            answerPolicy = resolve;
          })
        : undefined,
    );
    const loading = useSettingsStore.getState().load();
    await settingsItem.setValue({ ...(await settingsItem.getValue()), baseUrl: 'http://127.0.0.1:9999' });
    await apiKeyItem.setValue('wl_saved_meanwhile');
    answerPolicy({ fields: [], settings: {} });
    await loading;
    const state = useSettingsStore.getState();
    expect(state.settings.baseUrl).toBe('http://127.0.0.1:9999');
    expect(state.apiKey).toBe('wl_saved_meanwhile');
  });

  it('asks the background again when it records a policy newly read, and shows what it says', async () => {
    const answers = [
      { fields: [], settings: {} },
      { fields: ['searchQueryTemplate'], settings: { searchQueryTemplate: 'from:{address}' } },
    ];
    fakeBrowser.runtime.onMessage.addListener((message: unknown) =>
      (message as { type: string }).type === 'managed-settings'
        ? Promise.resolve(answers.shift())
        : undefined,
    );
    await useSettingsStore.getState().load();
    expect(inForce(useSettingsStore.getState()).searchQueryTemplate).toBe('{address}');
    await policySeenItem.setValue({ searchQueryTemplate: 'from:{address}' });
    await vi.waitFor(() =>
      expect(inForce(useSettingsStore.getState()).searchQueryTemplate).toBe('from:{address}'),
    );
  });

  it('saves the key and settings together, and says so when storage refuses them, keeping neither', async () => {
    const store = useSettingsStore.getState();
    await store.load();
    const settings = { ...store.settings, searchQueryTemplate: 'from:{address}' };
    expect(await store.save(settings, ' wl_new_key ')).toBe(true);
    expect(await apiKeyItem.getValue()).toBe('wl_new_key');

    vi.spyOn(fakeBrowser.storage.local, 'set').mockRejectedValue(new Error('QUOTA_BYTES quota exceeded'));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(await store.save({ ...settings, hoverDelayMs: 900 }, 'wl_other_key')).toBe(false);
    vi.restoreAllMocks();
    expect(await apiKeyItem.getValue()).toBe('wl_new_key');
    expect((await settingsItem.getValue()).hoverDelayMs).not.toBe(900);
    expect(useSettingsStore.getState().apiKey).toBe('wl_new_key');
  });
});
