// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { t } from '#extension/i18n.ts';
import { KeyField } from './KeyField.tsx';

beforeEach(() => {
  fakeBrowser.reset();
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function renderKeyField() {
  render(
    <KeyField
      apiKey="wl_typed_key"
      baseUrl="https://api.example.com"
      policy={{ field: 'apiKey', locked: false }}
      onChange={() => {}}
    />,
  );
}

describe('the Test key button', () => {
  it('says the extension stopped, rather than "Testing…" for good, when the worker cannot be reached', async () => {
    vi.spyOn(fakeBrowser.runtime, 'sendMessage').mockRejectedValue(
      new Error('Could not establish connection. Receiving end does not exist.'),
    );
    renderKeyField();
    fireEvent.click(screen.getByTestId('test-key'));
    await waitFor(() =>
      expect(screen.getByTestId('test-key-result').textContent).toBe(t('errorExtensionStopped')),
    );
  });

  it('says the worker did not answer when it twice gives no answer', async () => {
    vi.spyOn(fakeBrowser.runtime, 'sendMessage').mockResolvedValue(undefined);
    renderKeyField();
    fireEvent.click(screen.getByTestId('test-key'));
    await waitFor(() => expect(screen.getByTestId('test-key-result').textContent).toBe(t('errorNoAnswer')));
  });

  it("shows the worker's sentence when it answers", async () => {
    vi.spyOn(fakeBrowser.runtime, 'sendMessage').mockResolvedValue({ ok: true, text: 'The key works.' });
    renderKeyField();
    fireEvent.click(screen.getByTestId('test-key'));
    await waitFor(() => expect(screen.getByTestId('test-key-result').textContent).toBe('The key works.'));
  });
});
