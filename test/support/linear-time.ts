import fc from 'fast-check';
import { expect } from 'vitest';

/**
 * Whether a function's cost grows no faster than its input, measured against itself in one run so that the
 * machine's speed cancels out. A quadratic loop costs 16× for 4× the input, a linear one about 4×: the bound
 * of 6× leaves room for noise and is far from 16×.
 *
 * Shared cores preempt a run now and then, so each size is timed several times, alternately, and the
 * fastest sample counts: a preempted sample only ever looks slower. Samples are kept to about a millisecond,
 * so that one often runs within a single turn on a busy core: with samples of 2 ms, on 2 cores with a load
 * of 15, a linear scan measured anywhere from 1.1× to 6.7× for 4× its input; with 1 ms, 3.8× to 4.0×. The
 * input grows until a call takes a quarter of that, so a call's fixed cost says nothing.
 */
export const GROWTH = 4;
export const MAX_TIME_RATIO = 6;
/**
 * For a reading of a part of fixed size in a growing input (the last window of a text): GROWTH times the
 * input costs at most this many times the time. A reading that follows the input's length costs GROWTH
 * times, one that reads only its part about once.
 */
export const MAX_FIXED_PART_RATIO = 2;
/** The smaller input is grown until one call takes at least this long (ms), the fastest of three. */
const MIN_CALL_MS = 0.25;
/** Each timed sample repeats the call until it lasts this long (ms), so the timer's resolution says nothing. */
const MIN_SAMPLE_MS = 1;
/**
 * Samples of each size; the fastest counts. While the ratio is over the bound, more are taken, up to the
 * most: only a quiet spell of the machine lowers a fastest sample, and no quiet spell brings 16× under 6×.
 * Past twice the bound, no more are taken: no linear scan measured over 5.1× after the first samples, and
 * taking all of them of a quadratic scan took minutes.
 */
const SAMPLES = 15;
const MOST_SAMPLES = 60;
/**
 * Calls on a small input before any is timed, or as many as fit this long (ms): the first calls run before
 * the compiler has optimised the code (the first alone took 20 ms), and one of them stopped the input's
 * growth at 256 characters, too few to tell.
 */
const WARM_UP_CALLS = 50;
const MOST_WARM_UP_MS = 50;
/**
 * The smaller input stays under this many characters: past it, a scan of a string that no longer fits the
 * processor's caches slows per character (a sum of char codes measured 6.1× for 256 KB to 1 MB; `new URL`
 * 10× for 64 K to 256 K characters, 2.4× for 16 K to 64 K), and a function that is still cheap there is
 * cheap.
 */
const MAX_LENGTH = 16 * 1024;

/**
 * Calls cheaper than this (ms) are counted as this long: a call that takes 20 µs on 16 K characters or more
 * reads a bounded part of its input (an attribute checked for its length first), and at such times the
 * ratio is noise (a Gmail chip's reading measured 0.002 ms, then 0.01 ms: 6.06×).
 */
const FLOOR_MS = 0.02;

/** Where each call's result goes, so that the compiler cannot drop a call whose result is unused. */
export let sink: unknown;

function timeOf(run: () => unknown, calls = 1): number {
  const started = performance.now();
  for (let i = 0; i < calls; i++) sink = run();
  return (performance.now() - started) / calls;
}

const fastestOf = (count: number, sample: () => number) => Math.min(...Array.from({ length: count }, sample));

/** How many calls make a sample of at least MIN_SAMPLE_MS. */
const callsPerSample = (run: () => unknown) =>
  Math.max(
    1,
    Math.ceil(
      MIN_SAMPLE_MS /
        Math.max(
          fastestOf(3, () => timeOf(run)),
          0.001,
        ),
    ),
  );

export interface Growth {
  /** Characters of the smaller input. */
  length: number;
  smallMs: number;
  largeMs: number;
  /** largeMs / smallMs, for GROWTH times the input. */
  ratio: number;
}

/** The text `seed` repeated to at least `length` characters. */
export function grown(seed: string, length: number): string {
  return seed.repeat(Math.max(1, Math.ceil(length / Math.max(1, seed.length))));
}

/**
 * How the cost of `run` grows from an input of `seed` repeated to GROWTH times that; `wrap` puts the
 * repeated text in its frame (a `mailto:` URL, a JSON body, ...).
 */
export function measureGrowth(
  run: (input: string) => unknown,
  seed: string,
  wrap: (repeated: string) => string = (repeated) => repeated,
  bound = MAX_TIME_RATIO,
): Growth {
  let length = Math.max(seed.length, 256);
  let small = wrap(grown(seed, length));
  const warming = performance.now();
  for (let i = 0; i < WARM_UP_CALLS && performance.now() - warming < MOST_WARM_UP_MS; i++) sink = run(small);
  while (fastestOf(3, () => timeOf(() => run(small))) < MIN_CALL_MS && length * 2 <= MAX_LENGTH) {
    length *= 2;
    small = wrap(grown(seed, length));
  }
  const large = wrap(grown(seed, length * GROWTH));
  const smallCalls = callsPerSample(() => run(small));
  const largeCalls = callsPerSample(() => run(large));
  let smallMs = Number.POSITIVE_INFINITY;
  let largeMs = Number.POSITIVE_INFINITY;
  // Alternately, so that a busy spell of the machine falls on both sizes alike.
  const ratio = () => Math.max(largeMs, FLOOR_MS) / Math.max(smallMs, FLOOR_MS);
  const unsettled = () => ratio() > bound && ratio() <= 2 * bound;
  for (let i = 0; i < SAMPLES || (unsettled() && i < MOST_SAMPLES); i++) {
    smallMs = Math.min(
      smallMs,
      timeOf(() => run(small), smallCalls),
    );
    largeMs = Math.min(
      largeMs,
      timeOf(() => run(large), largeCalls),
    );
  }
  return { length, smallMs, largeMs, ratio: ratio() };
}

/** A growth in words, for a failure message, a note or a benchmark row. */
export function describeGrowth(growth: Growth, seed: string): string {
  return (
    `${GROWTH}× of ${JSON.stringify(seed.slice(0, 40))} (${growth.length} characters: ` +
    `${growth.smallMs.toFixed(2)} ms, then ${growth.largeMs.toFixed(2)} ms): ${growth.ratio.toFixed(2)}×`
  );
}

/** Asserts that GROWTH times the input costs at most MAX_TIME_RATIO times the time. */
export function expectLinear(
  run: (input: string) => unknown,
  seed: string,
  wrap?: (repeated: string) => string,
): Growth {
  const growth = measureGrowth(run, seed, wrap);
  expect(growth.ratio, describeGrowth(growth, seed)).toBeLessThanOrEqual(MAX_TIME_RATIO);
  return growth;
}

/**
 * Asserts that reading the last `window` characters of a text made of `piece` repeated does not follow the
 * text's length: GROWTH times the text costs at most MAX_FIXED_PART_RATIO times the time. The shortest text
 * is `window` pieces, so several windows already.
 */
export function expectLastWindowIndependentOfLength(
  read: (text: string, from: number, to: number) => unknown,
  piece: string,
  window: number,
): Growth {
  const seed = piece.repeat(window);
  const growth = measureGrowth(
    (text) => read(text, text.length - window, text.length),
    seed,
    undefined,
    MAX_FIXED_PART_RATIO,
  );
  expect(growth.ratio, describeGrowth(growth, seed)).toBeLessThanOrEqual(MAX_FIXED_PART_RATIO);
  return growth;
}

/**
 * Seeds made of a grammar's own separators and delimiters, and of the characters that may sit between them:
 * repeated, they are the inputs that make a parser look back or ahead the most.
 */
export function adversarialSeed(pieces: readonly string[], maxPieces = 12): fc.Arbitrary<string> {
  return fc
    .array(fc.constantFrom(...pieces), { minLength: 1, maxLength: maxPieces })
    .map((chosen) => chosen.join(''));
}

/**
 * The property: for every seed drawn from `pieces`, GROWTH times the input costs at most MAX_TIME_RATIO
 * times the time. Returns the worst growth seen, for a note or a benchmark to print.
 */
export function expectLinearForAll(
  run: (input: string) => unknown,
  pieces: readonly string[],
  { wrap, numRuns = 12 }: { wrap?: (repeated: string) => string; numRuns?: number } = {},
): Growth & { seed: string } {
  let worst: Growth & { seed: string } = { length: 0, smallMs: 0, largeMs: 0, ratio: 0, seed: '' };
  fc.assert(
    fc.property(adversarialSeed(pieces), (seed) => {
      const growth = expectLinear(run, seed, wrap);
      if (growth.ratio > worst.ratio) worst = { ...growth, seed };
    }),
    // No shrinking: each smaller seed is timed anew, which took 20 s, and the failing seed is in the message.
    { numRuns, endOnFailure: true },
  );
  return worst;
}
