// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { KeptBalance } from '#extension/account-balance.ts';
import { apiKeyItem, balancesItem } from '#extension/stored.ts';
import { BalanceNote, OverBalanceWarning, useBalance } from './Balance.tsx';

beforeEach(() => {
  fakeBrowser.reset();
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const ENDS = '2099-06-15T12:00:00.000Z';
const kept = (fields: Partial<KeptBalance>): KeptBalance => ({
  credits: null,
  subscription: null,
  seenAt: Date.now(),
  ...fields,
});

describe('the balance note', () => {
  it('shows the credits and the plan, with their figures as attributes', () => {
    render(<BalanceNote balance={kept({ credits: 41, subscription: { remaining: 7, endsAt: ENDS } })} />);
    const note = screen.getByTestId('balance');
    expect(note.dataset).toMatchObject({ credits: '41', subscriptionRemaining: '7' });
    expect(note.textContent).toMatch(/^41 credits left\. Your plan gives 7 more lookups this period;/);
  });

  it('carries no attribute for a figure the service did not say', () => {
    render(<BalanceNote balance={kept({ credits: 0 })} />);
    const note = screen.getByTestId('balance');
    expect(note.dataset.credits).toBe('0');
    expect(note.hasAttribute('data-subscription-remaining')).toBe(false);
    cleanup();
    render(<BalanceNote balance={kept({ subscription: { remaining: 3, endsAt: ENDS } })} />);
    expect(screen.getByTestId('balance').hasAttribute('data-credits')).toBe(false);
  });

  it('shows nothing where the service stated no balance', () => {
    const { container } = render(<BalanceNote balance={null} />);
    expect(container.innerHTML).toBe('');
  });
});

/** The note as a page shows it: the worker's balance for the key in force. */
function KeyBalance() {
  return <BalanceNote balance={useBalance()} />;
}

describe("a page's balance", () => {
  /** A worker whose 'balance' answer the test sets; it records what it was asked. */
  function worker(answer: { current: KeptBalance | null }) {
    return vi
      .spyOn(fakeBrowser.runtime, 'sendMessage')
      .mockImplementation((async (message: { type: string }) =>
        message.type === 'balance' ? answer.current : undefined) as never);
  }

  it("is the worker's, asked again when the worker keeps a new one", async () => {
    const answer = { current: kept({ credits: 41 }) as KeptBalance | null };
    const asks = worker(answer);
    render(<KeyBalance />);
    await waitFor(() => expect(screen.getByTestId('balance').dataset.credits).toBe('41'));
    answer.current = kept({ credits: 40 });
    await act(() => balancesItem.setValue([{ owner: 'x', ...kept({ credits: 40 }) }]));
    await waitFor(() => expect(screen.getByTestId('balance').dataset.credits).toBe('40'));
    expect(asks.mock.calls.every(([message]) => JSON.stringify(message) === '{"type":"balance"}')).toBe(true);
  });

  it('is asked again when the key changes: another key shows none of this one’s', async () => {
    const answer = { current: kept({ credits: 41 }) as KeptBalance | null };
    worker(answer);
    render(<KeyBalance />);
    await waitFor(() => expect(screen.getByTestId('balance').dataset.credits).toBe('41'));
    answer.current = null;
    await act(() => apiKeyItem.setValue('wl_another_key'));
    await waitFor(() => expect(screen.queryByTestId('balance')).toBeNull());
  });

  it('is nothing when the worker knows none, or cannot answer', async () => {
    const asks = worker({ current: null });
    const { container } = render(<KeyBalance />);
    await waitFor(() => expect(asks).toHaveBeenCalled());
    expect(container.innerHTML).toBe('');
    cleanup();
    vi.spyOn(fakeBrowser.runtime, 'sendMessage').mockRejectedValue(
      new Error('Receiving end does not exist.'),
    );
    const stopped = render(<KeyBalance />);
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
    expect(stopped.container.innerHTML).toBe('');
  });
});

describe('the warning before a list that may cost more than is left', () => {
  const warning = (balance: KeptBalance | null, cost: number) => {
    cleanup();
    render(<OverBalanceWarning balance={balance} cost={cost} />);
    return screen.queryByTestId('bulk-over-balance');
  };

  it('says how many lookups the balance pays for, when the list may use more', () => {
    const shown = warning(kept({ credits: 5 }), 6);
    expect(shown?.dataset.left).toBe('5');
    expect(shown?.textContent).toBe(
      'Your balance pays for 5 more lookups, fewer than this list may use. You may still start it: the service stops the run when the balance runs out.',
    );
    expect(warning(kept({ credits: 5 }), 5)).toBeNull();
  });

  it('says none are paid for in a sentence of its own at 0', () => {
    expect(warning(kept({ credits: 0 }), 1)?.textContent).toBe(
      'Your balance pays for no more lookups. You may still start this list: the service stops the run at the first lookup it cannot charge.',
    );
  });

  it("counts a running plan's lookups before the credits, and not an ended plan's", () => {
    const running = kept({ credits: 2, subscription: { remaining: 3, endsAt: ENDS } });
    expect(warning(running, 5)).toBeNull();
    expect(warning(running, 6)?.dataset.left).toBe('5');
    const ended = kept({ credits: 2, subscription: { remaining: 3, endsAt: '2001-01-01T00:00:00.000Z' } });
    expect(warning(ended, 3)?.dataset.left).toBe('2');
  });

  it('warns of nothing where the balance is not known, or its credits were not said', () => {
    expect(warning(null, 1_000)).toBeNull();
    expect(warning(kept({ subscription: { remaining: 3, endsAt: ENDS } }), 1_000)).toBeNull();
  });
});
