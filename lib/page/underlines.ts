import { MAX_UNDERLINED_TEXT_LENGTH, NEAR_SCREEN_MARGIN, UNDERLINE_RUN_LENGTH } from '#extension/limits.ts';
import { UNDERLINE_NAME } from '#extension/underline-name.ts';

/** Where in a text node an address is, as offsets into its data. */
export interface Stretch {
  start: number;
  end: number;
}

/** The underline of found addresses; hovering, the badge and the popup go by the scanner's own list. */
export interface Underlines {
  /**
   * Underlines these stretches of a text node, in place of any it had, whenever its parent element (`box`)
   * is near the screen.
   */
  set(node: Text, box: Element | null, stretches: readonly Stretch[]): void;
  forget(node: Text): void;
}

/** A text node with addresses, and the box (its parent element) that says where it is. */
interface UnderlinedText {
  box: Element;
  stretches: readonly Stretch[];
  /** Made the first time the text comes near the screen. */
  ranges: AbstractRange[] | null;
  shown: boolean;
  run: Run;
}

/**
 * Boxes next to each other in the page (siblings, or in sibling rows), watched together through the first
 * and the last: a run is near the screen when either end is. A run is one box on most pages; on a list or a
 * table with an address in every row it is up to UNDERLINE_RUN_LENGTH rows, and the observer watches a
 * fraction of the boxes.
 */
interface Run {
  /** In page order. */
  boxes: Element[];
  texts: Set<Text>;
  /** The boxes watched, and whether each is near the screen. */
  ends: Map<Element, boolean>;
  near: boolean;
}

/** How many levels above two boxes their rows may be siblings: a cell's row (`td` in `tr`), a list item's. */
const ROW_LEVELS = 1;

/**
 * Whether `box` comes right after `previous` in the page: the next sibling, or in the next sibling row. Asks
 * the page for as few nodes as it can: it is asked for each text with an address.
 */
function isNextTo(previous: Element, box: Element): boolean {
  let before = previous;
  let after = box;
  for (let level = 0; ; level++) {
    if (after.previousElementSibling === before) return true;
    if (level === ROW_LEVELS) return false;
    const beforeParent = before.parentElement;
    const afterParent = after.parentElement;
    if (!beforeParent || !afterParent || beforeParent === afterParent) return false;
    before = beforeParent;
    after = afterParent;
  }
}

/**
 * The underline drawn by the browser with the CSS Custom Highlight API, so no node is added to the page,
 * and kept to the addresses on or near the screen.
 *
 * Why near the screen only: whenever the page's DOM or style changes, Chromium drops and rebuilds the marker
 * of every range of every registered highlight before it paints (HighlightRegistry::ValidateHighlightMarkers),
 * about 7 µs a range. With the 10,000 ranges of an address-dense page, each change of the page cost a frame
 * of 80-140 ms (Chromium 150 and 156); with the few dozen near the screen it costs under a millisecond.
 *
 * Which texts are near the screen is told by an IntersectionObserver on their parent elements, grouped into
 * runs: the observer recomputes every target in each frame that changes the page's layout (about 1.4 µs a
 * target), so 10,000 targets, one per row of an address list, cost the page 700-1,000 ms while it was read.
 * An element without a box of its own (`display: contents`) is never seen near the screen, so its text is
 * not underlined: telling those apart cost a style read for every target (10 ms on the benchmark page).
 */
class HighlightUnderlines implements Underlines {
  readonly #highlight = new Highlight();
  readonly #texts = new Map<Text, UnderlinedText>();
  readonly #observer = new IntersectionObserver((entries) => this.#seen(entries), {
    rootMargin: NEAR_SCREEN_MARGIN,
  });
  /** Each box with addresses, and its run. */
  readonly #runOfBox = new Map<Element, Run>();
  /** Each watched end, and its run. */
  readonly #runOfEnd = new Map<Element, Run>();
  /** The run the next box may join: the last one started. */
  #lastRun: Run | null = null;
  /** Runs whose boxes changed in this task: their ends are watched anew once, as the task ends. */
  readonly #runsToRewatch = new Set<Run>();

  constructor(onInvalidated: (callback: () => void) => void) {
    onInvalidated(() => {
      this.#observer.disconnect();
      if (CSS.highlights.get(UNDERLINE_NAME) === this.#highlight) CSS.highlights.delete(UNDERLINE_NAME);
    });
  }

  set(node: Text, box: Element | null, stretches: readonly Stretch[]) {
    this.forget(node);
    if (!box || stretches.length === 0 || node.length > MAX_UNDERLINED_TEXT_LENGTH) return;
    const run = this.#runOf(box);
    const text: UnderlinedText = { box, stretches, ranges: null, shown: false, run };
    this.#texts.set(node, text);
    run.texts.add(node);
    if (run.near) this.#show(node, text);
  }

  forget(node: Text) {
    const text = this.#texts.get(node);
    if (!text) return;
    this.#hide(text);
    this.#texts.delete(node);
    text.run.texts.delete(node);
    const boxStillUsed = [...text.run.texts].some((other) => this.#texts.get(other)?.box === text.box);
    if (!boxStillUsed) this.#dropBox(text.box, text.run);
  }

  #show(node: Text, text: UnderlinedText) {
    if (text.shown) return;
    text.ranges ??= text.stretches.map(
      ({ start, end }) =>
        new StaticRange({ startContainer: node, startOffset: start, endContainer: node, endOffset: end }),
    );
    for (const range of text.ranges) this.#highlight.add(range);
    text.shown = true;
    // Registered with the first underline: a page without an address near the screen has no highlight.
    if (CSS.highlights.get(UNDERLINE_NAME) !== this.#highlight)
      CSS.highlights.set(UNDERLINE_NAME, this.#highlight);
  }

  #hide(text: UnderlinedText) {
    if (!text.shown) return;
    for (const range of text.ranges ?? []) this.#highlight.delete(range);
    text.shown = false;
  }

  /** The run of a box: its own, else the last run started if the box comes next to it, else a new one. */
  #runOf(box: Element): Run {
    const known = this.#runOfBox.get(box);
    if (known) return known;
    const last = this.#lastRun;
    const previous = last?.boxes.at(-1);
    let run: Run;
    if (last && previous && last.boxes.length < UNDERLINE_RUN_LENGTH && isNextTo(previous, box)) {
      run = last;
      run.boxes.push(box);
    } else {
      run = { boxes: [box], texts: new Set(), ends: new Map(), near: false };
      this.#lastRun = run;
    }
    this.#runOfBox.set(box, run);
    // A row joining a run moves its last end: once per run and task, not once per row.
    this.#rewatchSoon(run);
    return run;
  }

  /** Takes a box out of its run once none of its texts is left: a run of no box is watched no more. */
  #dropBox(box: Element, run: Run) {
    run.boxes.splice(run.boxes.indexOf(box), 1);
    this.#runOfBox.delete(box);
    if (this.#lastRun === run && run.boxes.length === 0) this.#lastRun = null;
    this.#rewatchSoon(run);
  }

  #rewatchSoon(run: Run) {
    if (this.#runsToRewatch.size === 0)
      queueMicrotask(() => {
        for (const changed of this.#runsToRewatch) this.#watchEnds(changed);
        this.#runsToRewatch.clear();
      });
    this.#runsToRewatch.add(run);
  }

  /** Watches the run's first and last boxes, and no other; a run that lost an end may no longer be near. */
  #watchEnds(run: Run) {
    const first = run.boxes[0];
    const last = run.boxes.at(-1);
    for (const end of [...run.ends.keys()]) {
      if (end === first || end === last) continue;
      run.ends.delete(end);
      this.#runOfEnd.delete(end);
      this.#observer.unobserve(end);
    }
    for (const end of [first, last]) {
      if (!end || run.ends.has(end)) continue;
      run.ends.set(end, false);
      this.#runOfEnd.set(end, run);
      this.#observer.observe(end);
    }
    this.#judgeNear(run);
  }

  #seen(entries: IntersectionObserverEntry[]) {
    const changed = new Set<Run>();
    for (const entry of entries) {
      const run = this.#runOfEnd.get(entry.target);
      if (!run) continue;
      run.ends.set(entry.target, entry.isIntersecting);
      changed.add(run);
    }
    for (const run of changed) this.#judgeNear(run);
  }

  /** A run is near the screen while either end is: its texts' underlines come and go with it. */
  #judgeNear(run: Run) {
    const near = [...run.ends.values()].some(Boolean);
    if (near === run.near) return;
    run.near = near;
    for (const node of run.texts) {
      const text = this.#texts.get(node) as UnderlinedText;
      if (near) this.#show(node, text);
      else this.#hide(text);
    }
  }
}

/** A browser without the Highlight API or IntersectionObserver underlines nothing; hovers and lists work all the same. */
const NO_UNDERLINES: Underlines = { set() {}, forget() {} };

/** The page's underlines; `onInvalidated` takes what stops them when the content script is replaced. */
export function createUnderlines(onInvalidated: (callback: () => void) => void): Underlines {
  const supported =
    typeof Highlight === 'function' &&
    typeof CSS !== 'undefined' &&
    'highlights' in CSS &&
    typeof IntersectionObserver === 'function';
  return supported ? new HighlightUnderlines(onInvalidated) : NO_UNDERLINES;
}
