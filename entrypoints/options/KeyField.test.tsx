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

describe('the balance under the key', () => {
  const balance = (credits: number) => ({ credits, subscription: null, seenAt: Date.now() });
  const field = (apiKey: string, saved: ReturnType<typeof balance> | null) => (
    <KeyField
      apiKey={apiKey}
      baseUrl="https://api.example.com"
      policy={{ field: 'apiKey', locked: false }}
      onChange={() => {}}
      balance={saved}
    />
  );

  it("is the saved key's until a test, then the tested key's, while that key is the one typed", async () => {
    vi.spyOn(fakeBrowser.runtime, 'sendMessage').mockResolvedValue({
      ok: true,
      text: 'The key works.',
      balance: balance(12),
    });
    const { rerender } = render(field('wl_typed_key', balance(41)));
    expect(screen.getByTestId('balance').dataset.credits).toBe('41');
    fireEvent.click(screen.getByTestId('test-key'));
    await waitFor(() => expect(screen.getByTestId('balance').dataset.credits).toBe('12'));
    // Another key typed: the tested key's balance is not this one's.
    rerender(field('wl_other_key', null));
    expect(screen.queryByTestId('balance')).toBeNull();
  });

  it('shows none after a test whose service stated none', async () => {
    vi.spyOn(fakeBrowser.runtime, 'sendMessage').mockResolvedValue({
      ok: true,
      text: 'The key works.',
      balance: null,
    });
    render(field('wl_typed_key', null));
    fireEvent.click(screen.getByTestId('test-key'));
    await waitFor(() => expect(screen.getByTestId('test-key-result').textContent).toBe('The key works.'));
    expect(screen.queryByTestId('balance')).toBeNull();
  });
});
