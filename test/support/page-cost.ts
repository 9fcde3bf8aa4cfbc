/**
 * What a page costs while something happens on it, and the extension's share of that.
 *
 * - The frames a person waits on: Long Animation Frames, as the page's own observer reports them.
 * - The main thread's work in each: the top-level tasks' thread time, from Chromium's trace, so that a
 *   thread the machine set aside for a while is not charged for the wait.
 * - The extension's share of it: its script (the V8 sampling profiler says, sample by sample, whether an
 *   extension file is on the stack), and the intersection observers' phase, which only it causes on these
 *   pages.
 * - Rendering by phase (Blink's own timers, thread time), to compare with the same page without the
 *   extension: the difference is the style and layout work the extension makes the page do. That is where
 *   the rebuilding of highlight markers shows: its phase (compositing inputs) also holds the page's own
 *   work, 80 ms a frame on a page with a 1 MB line, so it cannot be charged to the extension frame by frame.
 */
import type { BrowserContext, Page } from 'playwright-core';
import {
  PHASES,
  type Rendering,
  recordTrace,
  renderingOf,
  type TraceEvent,
  tasksOf,
  type WorkByTask,
  workByTask,
} from './trace.ts';

/** A frame of more than this (ms) is a long animation frame: the person waits on it. */
export const LONG_FRAME_MS = 50;
/** How far apart the page's clock and the trace's may put the same moment (ms). */
const CLOCK_SLACK_MS = 1;

/** Put into the page before its own scripts: keeps every long animation frame. */
const FRAME_RECORDER = `(() => {
  const frames = [];
  Object.defineProperty(globalThis, '__longFrames', { value: frames });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      frames.push({ start: entry.startTime, duration: entry.duration, blocking: entry.blockingDuration });
  }).observe({ type: 'long-animation-frame', buffered: true });
})()`;

export interface LongFrame {
  /** Page time (ms). */
  start: number;
  duration: number;
  /** The part of the frame's long tasks over 50 ms, plus its rendering (the Long Animation Frames API's). */
  blocking: number;
  /** The main thread's work in the frame: its tasks' thread time (ms). */
  workMs: number;
  /** The extension's share of that work (ms). */
  oursMs: number;
}

export interface PageCost {
  /** Long animation frames in the measured window. */
  longFrames: LongFrame[];
  /** Their blocking durations, summed (ms). */
  blockedMs: number;
  longestFrameMs: number;
  /** Long frames whose work would not be long without the extension's share. */
  longBecauseOfUs: LongFrame[];
  /** The extension's share of the long frames, summed (ms). */
  oursInLongFramesMs: number;
  /** The main thread's work in the window: all top-level tasks' thread time (ms). */
  mainThreadMs: number;
  /** The extension's own script in the window (nothing without the extension). */
  script: WorkByTask;
  /** Rendering work by phase in the window (thread time, ms). */
  rendering: Rendering;
}

/** Opens a page that records its long animation frames from its very start. */
export async function openMeasuredPage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.addInitScript(FRAME_RECORDER);
  return page;
}

export interface MeasureOptions {
  /** The extension's URL origin (`chrome-extension://id/`), or null for a browser without it. */
  extensionOrigin: string | null;
  /** Navigates the page as part of the action: the window starts at its navigation. */
  navigates?: boolean;
}

/**
 * Runs `action` on a page opened by `openMeasuredPage` (a load, or the page's own script changing it) and
 * measures the page from its start until `action` resolves; `action` waits for whatever should settle.
 */
export async function measurePageCost(
  context: BrowserContext,
  page: Page,
  action: () => Promise<void>,
  { extensionOrigin, navigates = false }: MeasureOptions,
): Promise<PageCost> {
  let mark: number | null = null;
  const { events } = await recordTrace(
    context,
    page,
    async () => {
      // Made while tracing, so that the trace ties the page's clock to its own.
      if (!navigates) mark = await page.evaluate(() => performance.mark('page-cost').startTime);
      await action();
    },
    { rendering: true },
  );
  const recorded = (await page.evaluate('globalThis.__longFrames.slice()')) as Omit<
    LongFrame,
    'workMs' | 'oursMs'
  >[];
  const { thread, origin } = pageClock(events, mark);
  const from = origin + (mark ?? 0) * 1000;
  const ours = (url: string) => extensionOrigin !== null && url.startsWith(extensionOrigin);
  const share = shareOf(events, thread, ours, extensionOrigin !== null);
  const longFrames = recorded
    .filter((frame) => frame.start >= (mark ?? 0))
    .map((frame) => {
      // The page's clock is coarser than the trace's: a frame's first task may seem to start just before it.
      const window = {
        from: origin + (frame.start - CLOCK_SLACK_MS) * 1000,
        to: origin + (frame.start + frame.duration) * 1000,
      };
      return { ...frame, workMs: workIn(events, thread, window), oursMs: share(window) };
    });
  return {
    longFrames,
    blockedMs: longFrames.reduce((sum, frame) => sum + frame.blocking, 0),
    longestFrameMs: Math.max(0, ...longFrames.map((frame) => frame.duration)),
    longBecauseOfUs: longFrames.filter(
      (frame) => frame.workMs > LONG_FRAME_MS && frame.workMs - frame.oursMs <= LONG_FRAME_MS,
    ),
    oursInLongFramesMs: longFrames.reduce((sum, frame) => sum + frame.oursMs, 0),
    mainThreadMs: workIn(events, thread, { from }),
    script: workByTask(events, thread, ours, { from }),
    rendering: renderingOf(events, thread, { from }),
  };
}

/**
 * The page's main thread, and the trace time (µs) of the page's time 0: both from the mark made on that
 * thread before the action, or from the page's navigation.
 */
function pageClock(events: TraceEvent[], mark: number | null) {
  const name = mark === null ? 'navigationStart' : 'page-cost';
  const event = events.filter((candidate) => candidate.name === name).at(-1);
  if (!event) throw new Error(`the trace has no ${name} mark`);
  return {
    thread: { pid: event.pid, tid: event.tid },
    origin: mark === null ? event.ts : event.ts - mark * 1000,
  };
}

/** The thread time (ms) of the thread's top-level tasks that began in the window. */
function workIn(
  events: TraceEvent[],
  thread: { pid: number; tid: number },
  window: { from: number; to?: number },
) {
  const to = window.to ?? Number.POSITIVE_INFINITY;
  return tasksOf(events, thread)
    .filter((task) => task.ts >= window.from && task.ts < to)
    .reduce((sum, task) => sum + (task.tdur ?? task.dur ?? 0) / 1000, 0);
}

/** The extension's share (ms) of a window: its script, and the observers' phase. */
function shareOf(
  events: TraceEvent[],
  thread: { pid: number; tid: number },
  ours: (url: string) => boolean,
  present: boolean,
): (window: { from: number; to: number }) => number {
  if (!present) return () => 0;
  const script = workByTask(events, thread, ours).tasks;
  const phases = events.filter(
    (event) =>
      event.name === PHASES.observers &&
      event.pid === thread.pid &&
      event.tid === thread.tid &&
      event.ph === 'X',
  );
  return ({ from, to }) =>
    script.filter((task) => task.start >= from && task.start < to).reduce((sum, task) => sum + task.ms, 0) +
    phases
      .filter((event) => event.ts >= from && event.ts < to)
      .reduce((sum, event) => sum + (event.tdur ?? event.dur ?? 0) / 1000, 0);
}
