// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { applyWords } from '#extension/i18n.ts';
import type { BulkStatus } from '#extension/messaging.ts';
import english from '#locales/en/messages.json';
import spanish from '#locales/es/messages.json';
import french from '#locales/fr/messages.json';
import portuguese from '#locales/pt_BR/messages.json';
import { RunEnd } from './RunProgress.tsx';

afterEach(() => {
  cleanup();
  applyWords('en', english);
});

const ended = (state: BulkStatus['state'], done: number): BulkStatus => ({
  state,
  total: 240,
  done,
  lookingUp: 0,
  waitUntil: null,
  stoppedBy: state === 'stopped' ? { state: 'billing', message: 'Out of credits.', topUpUrl: null } : null,
  saved: true,
});

const endText = (status: BulkStatus) => {
  render(<RunEnd status={status} />);
  return screen.getByTestId('bulk-status').textContent;
};

describe('how a bulk run ended', () => {
  it('cancelled before any lookup: says so, and speaks of no answers kept', () => {
    expect(endText(ended('cancelled', 0))).toBe('Cancelled before any domain was looked up.');
  });

  it('cancelled halfway: how far it got, and that the answers are kept', () => {
    expect(endText(ended('cancelled', 120))).toBe(
      'Cancelled after 120 of 240 domains. The answers so far are kept: looking the list up again does not pay for them twice.',
    );
  });

  it('stopped by the service before any lookup: says so, then why, each its own sentence', () => {
    expect(endText(ended('stopped', 0))).toBe(
      'Stopped before any domain was looked up. No lookups left on your plan. Your subscription has ended or your credits are used up. Top up to keep looking up addresses.',
    );
  });

  it('stopped halfway: why follows as a sentence of its own, not after a colon', () => {
    expect(endText(ended('stopped', 120))).toBe(
      'Stopped after 120 of 240 domains. No lookups left on your plan. Your subscription has ended or your credits are used up. Top up to keep looking up addresses.',
    );
  });

  // French, Spanish and Portuguese write no capital after a colon; the title is a sentence of its own instead.
  it.each([
    ['fr', french],
    ['es', spanish],
    ['pt_BR', portuguese],
  ] as const)('in %s, the title that says why follows no colon', (locale, messages) => {
    applyWords(locale, messages);
    const text = endText(ended('stopped', 120)) ?? '';
    expect(text).toContain(messages.stateBillingTitle.message);
    expect(text).not.toMatch(/:\s*\p{Lu}/u);
  });
});

const stopped = (stoppedBy: BulkStatus['stoppedBy']): BulkStatus => ({
  state: 'stopped',
  total: 240,
  done: 120,
  lookingUp: 0,
  waitUntil: null,
  stoppedBy,
  saved: true,
});

describe('how a stopped run ended, in words', () => {
  it('says a list whose answers fill their room stopped there, and what to do', () => {
    render(<RunEnd status={stopped('list-full')} />);
    const words = screen.getByTestId('bulk-status').textContent;
    expect(words).toContain('Stopped after 120 of 240 domains');
    expect(words).toContain('fill the room the extension keeps for one list');
    expect(words).toContain('look up the rest as another list');
  });

  it('says what the service answered when it stopped the run', () => {
    render(<RunEnd status={stopped({ state: 'unknown-key', message: 'Unknown API key' })} />);
    const words = screen.getByTestId('bulk-status').textContent;
    expect(words).toContain('Stopped after 120 of 240 domains');
    expect(words).not.toContain('one list');
  });
});
