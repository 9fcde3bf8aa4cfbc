/**
 * Chromium's own trace of a page, and whose work it shows. The content script shares the page's main thread,
 * so its cost is measured there: the trace's top-level tasks give task boundaries, and the V8 sampling
 * profiler in the same trace (about one sample every 0.17 ms) tells, sample by sample, whether an extension
 * file is on the JavaScript stack (its own code, or DOM work it called). Rendering is not on that stack: it is
 * read from Blink's own timers of each rendering phase (style, layout, intersection observers, the
 * compositing-inputs phase where highlight markers are rebuilt, paint), in thread time, so a thread the
 * machine set aside for a while is not charged for the wait.
 */
import type { BrowserContext, Page } from 'playwright-core';

export interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  /** Thread time (µs): the time the thread actually ran. */
  tdur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: Record<string, unknown> & { data?: Record<string, unknown> };
}

/**
 * Tasks, JavaScript samples and the navigation mark, nothing more: the DevTools timeline categories record
 * an event for every DOM call and style change, which would inflate the work measured (doubling it here).
 */
const CATEGORIES = ['toplevel', 'disabled-by-default-v8.cpu_profiler', 'blink.user_timing'];
/**
 * Blink's category adds the rendering phases' timers, and an event per text shaped too: a few percent on
 * the page's own layout, in every run alike.
 */
const RENDERING_CATEGORIES = [...CATEGORIES, 'blink'];

/** Records Chromium's trace for the page while `action` runs; with `rendering`, the rendering phases too. */
export async function recordTrace<T>(
  context: BrowserContext,
  page: Page,
  action: () => Promise<T>,
  { rendering = false } = {},
): Promise<{ events: TraceEvent[]; result: T }> {
  const session = await context.newCDPSession(page);
  const events: TraceEvent[] = [];
  session.on('Tracing.dataCollected', (message) =>
    events.push(...(message.value as unknown as TraceEvent[])),
  );
  const complete = new Promise<void>((resolve) => session.once('Tracing.tracingComplete', () => resolve()));
  await session.send('Tracing.start', {
    traceConfig: {
      includedCategories: rendering ? RENDERING_CATEGORIES : CATEGORIES,
      recordMode: 'recordAsMuchAsPossible',
    },
    transferMode: 'ReportEvents',
  });
  try {
    const result = await action();
    return { events, result };
  } finally {
    await session.send('Tracing.end');
    await complete;
    await session.detach();
  }
}

interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: { url?: string };
}

/**
 * A sample stands for the time until the next one, but at most this long: samples come about every
 * 0.17 ms, and the rare gap of several ms (the sampler held off) is not the sampled code's time.
 */
const MAX_SAMPLE_WEIGHT_US = 1_000;

interface Sample {
  ts: number;
  weight: number;
  node: number;
}

/** The samples of one thread's CPU profile, each with its time and the time it stands for (µs). */
function threadSamples(events: TraceEvent[], pid: number, tid: number) {
  const nodes = new Map<number, ProfileNode>();
  const samples: Sample[] = [];
  const profiles = new Map<string, { time: number }>();
  for (const event of events) {
    // A thread's profile starts on that thread; its chunks come from the profiler's own thread, by id.
    if (event.pid !== pid || (event.name === 'Profile' && event.tid !== tid)) continue;
    const data = event.args?.data as
      | {
          startTime?: number;
          cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] };
          timeDeltas?: number[];
        }
      | undefined;
    if (event.name === 'Profile' && data?.startTime !== undefined) {
      profiles.set(event.id ?? '', { time: data.startTime });
    } else if (event.name === 'ProfileChunk') {
      const profile = profiles.get(event.id ?? '');
      if (!profile) continue;
      for (const node of data?.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
      const ids = data?.cpuProfile?.samples ?? [];
      const deltas = data?.timeDeltas ?? [];
      for (let i = 0; i < ids.length; i++) {
        const delta = deltas[i] ?? 0;
        profile.time += delta;
        const previous = samples.at(-1);
        if (previous)
          previous.weight = Math.min(MAX_SAMPLE_WEIGHT_US, Math.max(0, profile.time - previous.ts));
        samples.push({ ts: profile.time, weight: 0, node: ids[i] as number });
      }
    }
  }
  samples.sort((a, b) => a.ts - b.ts);
  return { nodes, samples };
}

/** The thread whose CPU profile ran a script whose URL starts with `urlPrefix`: the renderer's main thread. */
export function mainThreadOf(events: TraceEvent[], urlPrefix: string): { pid: number; tid: number } | null {
  const chunk = events.find(
    (event) =>
      event.name === 'ProfileChunk' &&
      (event.args?.data as { cpuProfile?: { nodes?: ProfileNode[] } } | undefined)?.cpuProfile?.nodes?.some(
        (node) => node.callFrame.url?.startsWith(urlPrefix),
      ),
  );
  const profile = chunk && events.find((event) => event.name === 'Profile' && event.id === chunk.id);
  return profile ? { pid: profile.pid, tid: profile.tid } : null;
}

/** The top-level tasks a thread ran (the `toplevel` category's event for each). */
export function tasksOf(events: TraceEvent[], thread: { pid: number; tid: number }): TraceEvent[] {
  return events.filter(
    (event) =>
      event.name === 'ThreadControllerImpl::RunTask' &&
      event.ph === 'X' &&
      event.pid === thread.pid &&
      event.tid === thread.tid,
  );
}

export interface WorkByTask {
  /** Start of each top-level task with such work, and how much of it was that work (ms). */
  tasks: { start: number; end: number; ms: number; taskMs: number }[];
  totalMs: number;
  /** The largest share of one task. */
  longestMs: number;
  /** The whole of the task in which that share was largest (page work included). */
  longestTaskMs: number;
}

/**
 * Per top-level task of a thread, the time of the samples whose JavaScript stack holds a frame of a file
 * whose URL passes `belongs`, between `from` and `to` (trace µs).
 */
export function workByTask(
  events: TraceEvent[],
  thread: { pid: number; tid: number },
  belongs: (url: string) => boolean,
  window: { from?: number; to?: number } = {},
): WorkByTask {
  const { nodes, samples } = threadSamples(events, thread.pid, thread.tid);
  const owned = new Map<number, boolean>();
  const isOwned = (id: number): boolean => {
    const known = owned.get(id);
    if (known !== undefined) return known;
    const node = nodes.get(id);
    const result = node
      ? belongs(node.callFrame.url ?? '') || (node.parent ? isOwned(node.parent) : false)
      : false;
    owned.set(id, result);
    return result;
  };
  const from = window.from ?? Number.NEGATIVE_INFINITY;
  const to = window.to ?? Number.POSITIVE_INFINITY;
  const tasks = tasksOf(events, thread)
    .filter((event) => event.ts >= from && event.ts <= to)
    .sort((a, b) => a.ts - b.ts);
  const result: WorkByTask = { tasks: [], totalMs: 0, longestMs: 0, longestTaskMs: 0 };
  let cursor = 0;
  for (const task of tasks) {
    const end = task.ts + (task.dur ?? 0);
    while (cursor < samples.length && (samples[cursor] as Sample).ts < task.ts) cursor++;
    let us = 0;
    for (let i = cursor; i < samples.length && (samples[i] as Sample).ts <= end; i++) {
      const sample = samples[i] as Sample;
      if (isOwned(sample.node)) us += Math.min(sample.weight, end - sample.ts);
    }
    if (us === 0) continue;
    const ms = us / 1000;
    const taskMs = (task.dur ?? 0) / 1000;
    result.tasks.push({ start: task.ts, end, ms, taskMs });
    result.totalMs += ms;
    if (ms > result.longestMs) {
      result.longestMs = ms;
      result.longestTaskMs = taskMs;
    }
  }
  return result;
}

/** The trace time (µs) of the page's navigation start, from its user-timing marks. */
export function navigationStartOf(events: TraceEvent[], thread: { pid: number }): number | null {
  const marks = events.filter((event) => event.name === 'navigationStart' && event.pid === thread.pid);
  return marks.at(-1)?.ts ?? null;
}

/** The rendering phases Blink times in each frame (and in each style or layout forced by a script). */
export const PHASES = {
  style: 'Blink.Style.UpdateTime',
  layout: 'Blink.Layout.UpdateTime',
  observers: 'Blink.IntersectionObservation.UpdateTime',
  markers: 'Blink.CompositingInputs.UpdateTime',
  prePaint: 'Blink.PrePaint.UpdateTime',
  paint: 'Blink.Paint.UpdateTime',
} as const;
export type RenderingPhase = keyof typeof PHASES;
export type Rendering = Record<RenderingPhase, number> & { total: number };

/** Thread time (ms) of each rendering phase a thread ran between `from` and `to` (trace µs). */
export function renderingOf(
  events: TraceEvent[],
  thread: { pid: number; tid: number },
  window: { from?: number; to?: number } = {},
): Rendering {
  const from = window.from ?? Number.NEGATIVE_INFINITY;
  const to = window.to ?? Number.POSITIVE_INFINITY;
  const phaseOf = new Map<string, RenderingPhase>(
    Object.entries(PHASES).map(([phase, name]) => [name, phase as RenderingPhase]),
  );
  const result: Rendering = {
    style: 0,
    layout: 0,
    observers: 0,
    markers: 0,
    prePaint: 0,
    paint: 0,
    total: 0,
  };
  for (const event of events) {
    if (event.pid !== thread.pid || event.tid !== thread.tid || event.ph !== 'X') continue;
    if (event.ts < from || event.ts > to) continue;
    const phase = phaseOf.get(event.name);
    if (!phase) continue;
    const ms = (event.tdur ?? event.dur ?? 0) / 1000;
    result[phase] += ms;
    result.total += ms;
  }
  return result;
}
