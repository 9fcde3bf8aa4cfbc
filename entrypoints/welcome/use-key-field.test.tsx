// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { apiKeyItem } from '#extension/stored.ts';
import { useSettingsStore } from '#settings/store.ts';
import { useKeyField } from './use-key-field.ts';

beforeEach(async () => {
  fakeBrowser.reset();
  useSettingsStore.setState({ loaded: false, apiKey: '' });
  await apiKeyItem.setValue('wl_saved_key');
});

describe('the key field of the welcome page', () => {
  it('keeps a key typed before storage answered, when storage then answers with the saved key', async () => {
    const { result } = renderHook(() => useKeyField());
    let loading: Promise<void> = Promise.resolve();
    act(() => {
      loading = useSettingsStore.getState().load();
      result.current.setKey('wl_pasted_at_once');
    });
    expect(useSettingsStore.getState().loaded).toBe(false);
    await act(() => loading);
    expect(useSettingsStore.getState().apiKey).toBe('wl_saved_key');
    expect(result.current.key).toBe('wl_pasted_at_once');
  });

  it('shows the saved key once storage answers, when nothing was typed', async () => {
    const { result } = renderHook(() => useKeyField());
    expect(result.current.key).toBe('');
    await act(() => useSettingsStore.getState().load());
    expect(result.current.key).toBe('wl_saved_key');
  });

  it('keeps what was typed when the saved key changes in another window', async () => {
    const { result } = renderHook(() => useKeyField());
    await act(() => useSettingsStore.getState().load());
    act(() => result.current.setKey('wl_being_typed'));
    await act(() => apiKeyItem.setValue('wl_from_another_window'));
    expect(result.current.key).toBe('wl_being_typed');
  });
});
