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
 * Units between clock reads double while they are quick, and drop to one when they are not: the first text
 * nodes of a page run cold code, 16 of them took 14 ms in Chromium 150.
 */
function nextUnitsPerClockRead(units: number, sinceLastReadMs: number): number {
  return sinceLastReadMs < QUICK_UNITS_MS ? Math.min(units * 2, MAX_UNITS_PER_CLOCK_READ) : 1;
}

/** When a slice started at `started` yields: once its time is spent, or sooner as the idle period ends. */
function sliceEnd(started: number, deadline: IdleDeadline | undefined, inPageTask: boolean): number {
  const sliceMs = inPageTask ? MAX_SLICE_IN_PAGE_TASK_MS : MAX_SLICE_MS;
  const idleLeft =
    deadline && !deadline.didTimeout ? deadline.timeRemaining() - IDLE_SLICE_MARGIN_MS : sliceMs;
  return started + Math.min(sliceMs, idleLeft);
}

/**
 * Whether the next slice may follow in a task of its own rather than in the next idle period. Idle
 * callbacks come one per idle period, about 50 ms apart in Chromium: a scan of 17 slices underlined its last
 * address 800 ms after it began. So once the page has loaded, while it is idle with room for another slice,
 * the next one follows after whatever input or frame is waiting; before the load event, slices in a row
 * would delay it.
 */
function mayFollowAtOnce(deadline: IdleDeadline | undefined): boolean {
  return (
    document.readyState === 'complete' &&
    deadline !== undefined &&
    !deadline.didTimeout &&
    deadline.timeRemaining() >= MAX_SLICE_MS
  );
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

  /** Works from `started` until the clock reaches `stopAt` or the work waits; true when nothing is left. */
  function workUntil(started: number, stopAt: number, mayStart: (piece: LargePiece) => boolean): boolean {
    let sinceClockRead = 0;
    let lastClockRead = started;
    for (;;) {
      const progress = work.advance(mayStart);
      if (progress === DONE) return true;
      if (progress === WAIT) return false;
      // A step over a whole subtree, or a window of a long text, is as much work as many small text nodes.
      if (progress === LARGE || ++sinceClockRead >= unitsPerClockRead) {
        sinceClockRead = 0;
        const now = performance.now();
        unitsPerClockRead = nextUnitsPerClockRead(unitsPerClockRead, now - lastClockRead);
        lastClockRead = now;
        if (now >= stopAt) return false;
      }
    }
  }

  /** Works until nothing is left or the slice's time is up, then yields; `inPageTask`, in the page's task. */
  function slice(deadline?: IdleDeadline, inPageTask = false) {
    scheduled = false;
    const started = performance.now();
    // A step over a large subtree may take most of a slice: it starts a slice rather than ending one. A
    // long text is read in idle time only: in the page's task, each of its windows would lengthen the frame
    // the page is making (a 1 MB line's is long already).
    const mayStart = (piece: LargePiece) =>
      piece === STEP ? performance.now() - started <= LATE_STEP_MS : !inPageTask;
    if (workUntil(started, sliceEnd(started, deadline, inPageTask), mayStart)) onDone();
    else if (mayFollowAtOnce(deadline)) {
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

  /**
   * Works at once, inside the page's task, for MAX_SLICE_IN_PAGE_TASK_MS at most and on no long text;
   * unless a slice is on its way: then the work waits for that one.
   */
  function sliceNow() {
    if (!scheduled) slice(undefined, true);
  }

  return { schedule, sliceNow };
}

export type Scheduler = ReturnType<typeof createScheduler>;
