// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { BulkStatus } from '#extension/messaging.ts';
import { RunEnd } from './RunProgress.tsx';

afterEach(cleanup);

const ended = (state: BulkStatus['state'], done: number): BulkStatus => ({
  state,
  total: 240,
  done,
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
});
