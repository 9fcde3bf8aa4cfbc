// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LATE_STEP_MS, MAX_SLICE_IN_PAGE_TASK_MS, MAX_SLICE_MS } from '#extension/limits.ts';
import {
  createScheduler,
  DONE,
  LARGE,
  type LargePiece,
  type Progress,
  type ScanContext,
  STEP,
  UNIT,
  WAIT,
  WINDOW,
} from './scheduler.ts';

/** The clock the scheduler reads, moved by the work alone. */
let now = 0;

beforeEach(() => {
  now = 0;
  vi.spyOn(performance, 'now').mockImplementation(() => now);
  // The page has idle callbacks (happy-dom has none): slices are asked for through the context.
  vi.stubGlobal('requestIdleCallback', () => 0);
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** A context whose idle callbacks and timers are kept, to be run by the test. */
function heldContext() {
  const idle: IdleRequestCallback[] = [];
  const timers: (() => void)[] = [];
  const ctx: ScanContext = {
    setTimeout: (handler) => timers.push(handler),
    requestIdleCallback: (callback) => idle.push(callback),
    onInvalidated: () => {},
  };
  return { ctx, idle, timers };
}

const idlePeriod = (ms: number): IdleDeadline => ({ didTimeout: false, timeRemaining: () => ms - now });

/** Work of `pieces` pieces of `ms` each, what each was, and whether it may start large ones. */
function timedWork(pieces: number, ms: number, progress: Progress = UNIT) {
  const done: number[] = [];
  return {
    done,
    advance: vi.fn((mayStart: (piece: LargePiece) => boolean): Progress => {
      if (done.length >= pieces) return DONE;
      if (progress === LARGE && !mayStart(STEP)) return WAIT;
      done.push(now);
      now += ms;
      return progress;
    }),
  };
}

describe('scheduler', () => {
  it('works in idle time until its slice is spent, then yields and asks for the next slice', () => {
    const { ctx, idle, timers } = heldContext();
    const work = timedWork(100, 1);
    const scheduler = createScheduler(ctx, work, vi.fn());
    scheduler.schedule();
    expect(work.advance).not.toHaveBeenCalled();
    idle.shift()?.(idlePeriod(50));
    // Units are quick to begin with but not after: the clock is read after each one, so the slice ends on time.
    expect(now).toBeGreaterThanOrEqual(MAX_SLICE_MS);
    expect(now).toBeLessThanOrEqual(MAX_SLICE_MS + 1);
    // Room is left in the idle period: the next slice follows in a task of its own.
    expect(timers).toHaveLength(1);
    expect(idle).toHaveLength(0);
  });

  it('stops where the idle period ends, before its slice would', () => {
    const { ctx, idle } = heldContext();
    const work = timedWork(100, 1);
    createScheduler(ctx, work, vi.fn()).schedule();
    idle.shift()?.(idlePeriod(5));
    expect(now).toBeLessThan(5);
    // The period is over: the next slice waits for the next one.
    expect(idle).toHaveLength(1);
  });

  it('leaves a large step that would start late for the next slice', () => {
    const { ctx, idle } = heldContext();
    const work = timedWork(100, LATE_STEP_MS + 0.5, LARGE);
    createScheduler(ctx, work, vi.fn()).schedule();
    idle.shift()?.({ didTimeout: true, timeRemaining: () => 0 });
    // The first step starts the slice; the second would start past LATE_STEP_MS, and waits.
    expect(work.done).toEqual([0]);
    expect(idle).toHaveLength(1);
  });

  it('calls onDone once nothing is left, and asks for no further slice', () => {
    const { ctx, idle, timers } = heldContext();
    const onDone = vi.fn();
    createScheduler(ctx, timedWork(3, 0.1), onDone).schedule();
    idle.shift()?.(idlePeriod(50));
    expect(onDone).toHaveBeenCalledTimes(1);
    expect(idle).toHaveLength(0);
    expect(timers).toHaveLength(0);
  });

  it("inside the page's task, works a short slice and reads no long text, the rest left for idle time", () => {
    const { ctx, idle } = heldContext();
    const asked: boolean[] = [];
    const work = {
      advance: (mayStart: (piece: LargePiece) => boolean): Progress => {
        if (now < 5) {
          now += 0.5;
          return UNIT;
        }
        asked.push(mayStart(WINDOW));
        return WAIT;
      },
    };
    createScheduler(ctx, work, vi.fn()).sliceNow();
    expect(now).toBeLessThanOrEqual(MAX_SLICE_IN_PAGE_TASK_MS + 0.5);
    expect(idle).toHaveLength(1);
    now = 5;
    createScheduler(ctx, work, vi.fn()).sliceNow();
    expect(asked).toEqual([false]);
  });

  it('works nothing inside the page task while a slice is on its way: the work joins that slice', () => {
    const { ctx, idle } = heldContext();
    const work = timedWork(100, 1);
    const scheduler = createScheduler(ctx, work, vi.fn());
    scheduler.schedule();
    scheduler.sliceNow();
    expect(work.advance).not.toHaveBeenCalled();
    scheduler.schedule();
    expect(idle).toHaveLength(1);
  });
});
