import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { LOG_WRITE_INTERVAL_MS, RequestLog } from './request-log.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

it('writes the lines of an interval together, once it has passed, and all of them when flushed', () => {
  const written: string[] = [];
  const log = new RequestLog((text) => written.push(text));
  log.log('first');
  vi.advanceTimersByTime(LOG_WRITE_INTERVAL_MS - 1);
  log.log('second');
  expect(written).toEqual([]);
  vi.advanceTimersByTime(1);
  expect(written).toEqual(['first\nsecond\n']);
  log.log('third');
  log.flush();
  expect(written).toEqual(['first\nsecond\n', 'third\n']);
  vi.advanceTimersByTime(LOG_WRITE_INTERVAL_MS);
  expect(written).toHaveLength(2);
});
