/**
 * What a person waits on while a page changes, seen from inside the page, in either browser. The probe runs
 * in the page's own world and the content script shares the page's main thread, so it sees the script's
 * work and the style and layout work it makes the page do:
 * - Chromium: the blocking duration of Long Animation Frames (the API's own measure: each long task's time
 *   past 50 ms, and the rendering it held up), summed. page-cost.ts reads the same frames, with a trace
 *   beside them that says whose work they hold.
 * - Firefox has no Long Animation Frames: the longest gap between two of the page's animation frames.
 * The functions below are evaluated in the page (each stands alone, sent as source).
 */

/** An element a page's own script adds: its tag, attributes and text. */
export interface AddedElement {
  tag: string;
  attributes?: Record<string, string>;
  text?: string;
}

export interface FrameCost {
  /** The long animation frames' blocking durations in the window, summed (ms); null without the API. */
  blockedMs: number | null;
  /** The longest time between two animation frames in the window (ms). */
  longestGapMs: number;
  /** Animation frames in the window. */
  frames: number;
  /** How long the window lasted (ms). */
  windowMs: number;
}

interface Probe {
  /** The page's time at each animation frame. */
  ticks: number[];
  /** The long animation frames seen; null without the API. */
  long: PerformanceEntry[] | null;
  observer: PerformanceObserver | null;
}

/**
 * Starts watching the page's animation frames, and its long animation frames where the browser has them;
 * resolves once two frames have come, so that the window that follows sees frames from its start.
 */
export function startFrameProbe(): Promise<void> {
  const probe: Probe = { ticks: [], long: null, observer: null };
  (globalThis as unknown as { __frameProbe: Probe }).__frameProbe = probe;
  if (PerformanceObserver.supportedEntryTypes.includes('long-animation-frame')) {
    const long: PerformanceEntry[] = [];
    probe.long = long;
    probe.observer = new PerformanceObserver((list) => long.push(...list.getEntries()));
    probe.observer.observe({ type: 'long-animation-frame' });
  }
  return new Promise((started) => {
    const tick = () => {
      probe.ticks.push(performance.now());
      if (probe.ticks.length === 2) started();
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
}

/**
 * The page's own script adds `elements` to `#hostile`, in a task of its own (a timer), as a page's code
 * would; resolves with the page's time just before, where the window starts. A text is set as one text
 * node (`textContent`): the HTML parser would cut a long one into several.
 */
export function addElements(elements: AddedElement[]): Promise<number> {
  return new Promise((added) =>
    setTimeout(() => {
      const from = performance.now();
      const container = document.getElementById('hostile') as HTMLElement;
      for (const { tag, attributes = {}, text } of elements) {
        const element = document.createElement(tag);
        for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
        if (text !== undefined) element.textContent = text;
        container.append(element);
      }
      added(from);
    }),
  );
}

/**
 * Ends the window that began at `from` (page time): once `settleFrames` more frames have come, and it has
 * lasted `minWindowMs` at least; reads what the probe saw in it. A long frame counts if it ends in the
 * window; a gap, if the frame that ends it is in the window.
 */
export function readFrameProbe({
  from,
  settleFrames,
  minWindowMs,
}: {
  from: number;
  settleFrames: number;
  minWindowMs: number;
}): Promise<FrameCost> {
  const probe = (globalThis as unknown as { __frameProbe: Probe }).__frameProbe;
  const seen = probe.ticks.length;
  return new Promise((read) => {
    const check = () => {
      const now = performance.now();
      if (probe.ticks.length - seen < settleFrames || now - from < minWindowMs) {
        requestAnimationFrame(check);
        return;
      }
      const long = probe.long && [...probe.long, ...(probe.observer?.takeRecords() ?? [])];
      let longestGapMs = 0;
      let frames = 0;
      for (let i = 1; i < probe.ticks.length; i++) {
        const tick = probe.ticks[i] as number;
        if (tick < from) continue;
        frames++;
        longestGapMs = Math.max(longestGapMs, tick - (probe.ticks[i - 1] as number));
      }
      read({
        blockedMs:
          long
            ?.filter((frame) => frame.startTime + frame.duration >= from)
            .reduce(
              (sum, frame) =>
                sum + (frame as PerformanceEntry & { blockingDuration: number }).blockingDuration,
              0,
            ) ?? null,
        longestGapMs,
        frames,
        windowMs: now - from,
      });
    };
    requestAnimationFrame(check);
  });
}
