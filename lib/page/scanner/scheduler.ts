import {
  IDLE_SLICE_MARGIN_MS,
  LATE_STEP_MS,
  MAX_SLICE_IN_PAGE_TASK_MS,
  MAX_SLICE_MS,
  MAX_UNITS_PER_CLOCK_READ,
  QUICK_UNITS_MS,
} from '#extension/limits.ts';

/** What the scanner needs of the content script's context: timers that stop when the script is replaced. */
export interface ScanContext {
  setTimeout(handler: () => void, timeout?: number): number;
  requestIdleCallback(callback: IdleRequestCallback, options?: IdleRequestOptions): number;
  onInvalidated(callback: () => void): void;
}

/** What one piece of work was: small (a text node). */
export const UNIT = 0;
/** As much as many units: a step over a whole subtree, a window of a long text. */
export const LARGE = 1;
/** Nothing done: the slice may not start the next piece. */
export const WAIT = 2;
/** Nothing left. */
export const DONE = 3;
export type Progress = typeof UNIT | typeof LARGE | typeof WAIT | typeof DONE;

/** A large piece the work asks leave to start: a step over a whole subtree. */
export const STEP = 0;
/** A large piece the work asks leave to start: a window of a long text. */
export const WINDOW = 1;
export type LargePiece = typeof STEP | typeof WINDOW;

/** Work done piece by piece, each piece as the scheduler asks. */
export interface SlicedWork {
  /** Does the next piece; a large one only if `mayStart` it. */
  advance(mayStart: (piece: LargePiece) => boolean): Progress;
}

/**
 * Runs work in time-boxed slices: in idle time, each slice yielding after MAX_SLICE_MS (or sooner, as the
 * idle period ends), so that no task of the scanner's comes near a frame. Calls `onDone` when a slice finds
 * nothing left.
 */
export function createScheduler(ctx: ScanContext, work: SlicedWork, onDone: () => void) {
  /** A slice is on its way. */
  let scheduled = false;
  /** How many units are read between two looks at the clock: learned as the scan goes. */
  let unitsPerClockRead = 1;

  /** Works until nothing is left or the slice's time is up, then yields; `inPageTask`, in the page's task. */
  function slice(deadline?: IdleDeadline, inPageTask = false) {
    scheduled = false;
    const sliceMs = inPageTask ? MAX_SLICE_IN_PAGE_TASK_MS : MAX_SLICE_MS;
    const idleLeft =
      deadline && !deadline.didTimeout ? deadline.timeRemaining() - IDLE_SLICE_MARGIN_MS : sliceMs;
    const started = performance.now();
    const stopAt = started + Math.min(sliceMs, idleLeft);
    // A step over a large subtree may take most of a slice: it starts a slice rather than ending one. A
    // long text is read in idle time only: in the page's task, each of its windows would lengthen the frame
    // the page is making (a 1 MB line's is long already).
    const mayStart = (piece: LargePiece) =>
      piece === STEP ? performance.now() - started <= LATE_STEP_MS : !inPageTask;
    let sinceClockRead = 0;
    let lastClockRead = started;
    for (;;) {
      const progress = work.advance(mayStart);
      if (progress === DONE) {
        onDone();
        return;
      }
      if (progress === WAIT) break;
      // A step over a whole subtree, or a window of a long text, is as much work as many small text nodes.
      if (progress === LARGE || ++sinceClockRead >= unitsPerClockRead) {
        sinceClockRead = 0;
        const now = performance.now();
        // Units between clock reads double while they are quick, and drop to one when they are not: the
        // first text nodes of a page run cold code, 16 of them took 14 ms in Chromium 150.
        unitsPerClockRead =
          now - lastClockRead < QUICK_UNITS_MS
            ? Math.min(unitsPerClockRead * 2, MAX_UNITS_PER_CLOCK_READ)
            : 1;
        lastClockRead = now;
        if (now >= stopAt) break;
      }
    }
    // Idle callbacks come one per idle period, about 50 ms apart in Chromium: a scan of 17 slices
    // underlined its last address 800 ms after it began. Once the page has loaded, while it is idle with
    // room for another slice, the next one follows in a task of its own, after whatever input or frame
    // is waiting. (Before, eager slices delayed the page's load event.)
    const idle =
      document.readyState === 'complete' &&
      deadline !== undefined &&
      !deadline.didTimeout &&
      deadline.timeRemaining() >= MAX_SLICE_MS;
    if (idle) {
      scheduled = true;
      ctx.setTimeout(slice, 0);
    } else schedule();
  }

  /** Asks for a slice in the page's next idle period, unless one is on its way. */
  function schedule() {
    if (scheduled) return;
    scheduled = true;
    if (typeof requestIdleCallback === 'function') ctx.requestIdleCallback(slice, { timeout: 1000 });
    else ctx.setTimeout(slice, 16);
  }

  return {
    schedule,
    /**
     * Works at once, inside the page's task, for MAX_SLICE_IN_PAGE_TASK_MS at most and on no long text;
     * unless a slice is on its way: then the work waits for that one.
     */
    sliceNow() {
      if (!scheduled) slice(undefined, true);
    },
  };
}

export type Scheduler = ReturnType<typeof createScheduler>;
