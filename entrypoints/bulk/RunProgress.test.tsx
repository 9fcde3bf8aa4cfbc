// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { BulkStatus } from '#extension/messaging.ts';
import { RunEnd } from './RunProgress.tsx';

afterEach(cleanup);

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
