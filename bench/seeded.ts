import { mulberry32 } from '#test/support/seeded-random.ts';

/** Draws from a seeded generator, so every run of a benchmark sees the same generated input. */
export function seeded(seed: number) {
  const next = mulberry32(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const chance = (p: number) => next() < p;
  const between = (low: number, high: number) => low + Math.floor(next() * (high - low + 1));
  return { pick, chance, between };
}
