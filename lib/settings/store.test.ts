import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { settingsItem } from './storage.ts';
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
});
