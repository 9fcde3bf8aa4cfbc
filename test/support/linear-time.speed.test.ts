import { describe, expect, it } from 'vitest';
import { MAX_TIME_RATIO, measureGrowth } from './linear-time.ts';

/** The measure itself, on code whose growth is known: it must tell a quadratic scan from a linear one. */
describe('measureGrowth', () => {
  /** Looks at each character and at most 64 before it, as a capped look-behind does. */
  const linear = (text: string) => {
    let sum = 0;
    for (let i = 0; i < text.length; i++)
      for (let j = i; j > Math.max(0, i - 64) && text[j - 1] === 'a'; j--) sum++;
    return sum;
  };
  /** Walks back from every character to the start, as an uncapped look-behind does. */
  const quadratic = (text: string) => {
    let sum = 0;
    for (let i = 0; i < text.length; i += 1) for (let j = i; j > 0 && text[j - 1] === 'a'; j--) sum++;
    return sum;
  };

  it('passes a scan that does bounded work per character', () => {
    expect(measureGrowth(linear, 'a').ratio).toBeLessThanOrEqual(MAX_TIME_RATIO);
  });

  it('flags a scan that walks back without a cap', () => {
    expect(measureGrowth(quadratic, 'a').ratio).toBeGreaterThan(MAX_TIME_RATIO);
  });
});
