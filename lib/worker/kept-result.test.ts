import { describe, expect, it } from 'vitest';
import { MAX_KEPT_ANSWER_BYTES } from '#extension/limits.ts';
import type { LookupResult } from '#extension/lookup-result.ts';
import { storedBytes } from '#extension/stored-size.ts';
import { HOSTED_GMAIL_INFO } from '#test/fixtures/hosted-examples.ts';
import { keptResult } from './kept-result.ts';

describe('a result as it is kept', () => {
  it('is the result itself when it fits', () => {
    const result: LookupResult = { state: 'found', info: HOSTED_GMAIL_INFO, source: 'api', fetchedAt: 0 };
    expect(keptResult(result)).toBe(result);
  });

  it('cuts a message from the service to fit, and marks it cut', () => {
    const message = 'é'.repeat(5_000);
    const kept = keptResult({
      state: 'not-found',
      reason: 'unrecognised',
      message,
      source: 'api',
      fetchedAt: 0,
    });
    expect(storedBytes(kept)).toBeLessThanOrEqual(MAX_KEPT_ANSWER_BYTES);
    expect(storedBytes(kept)).toBeGreaterThan(MAX_KEPT_ANSWER_BYTES - 8);
    expect(kept?.message).toMatch(/^é+…$/);
  });

  it('counts a character JSON escapes as the bytes it takes', () => {
    const kept = keptResult({ state: 'unreachable', message: '\u0001'.repeat(1_000) });
    expect(storedBytes(kept)).toBeLessThanOrEqual(MAX_KEPT_ANSWER_BYTES);
  });

  it('is null when what means the same does not fit: a huge name, or a huge top-up address', () => {
    const name = { ...HOSTED_GMAIL_INFO, name: 'x'.repeat(3_000) };
    expect(keptResult({ state: 'found', info: name, source: 'api', fetchedAt: 0 })).toBeNull();
    const topUpUrl = `https://example.com/${'x'.repeat(3_000)}`;
    expect(keptResult({ state: 'billing', message: 'Payment required', topUpUrl })).toBeNull();
  });
});
