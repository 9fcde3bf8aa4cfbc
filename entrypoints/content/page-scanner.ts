import type { ContentScriptContext } from 'wxt/utils/content-script-context';
import { extractEmails } from '@/lib/email/extract.ts';
import {
  IDLE_SLICE_MARGIN_MS,
  LATE_STEP_MS,
  MAX_ADDRESSES_PER_PAGE,
  MAX_ELEMENTS_PER_XPATH,
  MAX_SLICE_MS,
  NODES_PER_CLOCK_READ,
  REPORT_DEBOUNCE_MS,
  SMALL_MUTATION_BATCH,
  TEXT_WINDOW,
} from '@/lib/limits.ts';
import type { AddressSource } from './address-sources.ts';
import { CARD_TAG } from './card-tag.ts';
import { createHighlights } from './highlights.ts';
import {
  type ElementRun,
  elementCount,
  isElementRun,
  runPosition,
  type SubtreePart,
  splitSubtree,
} from './subtree-parts.ts';

/** An address found in a text node, at `start` to `end` of its text. */
export class TextHit {
  /** What the underline is drawn from: a StaticRange costs a third of a live Range to make, and is not kept
   *  up to date by the browser on every DOM change (the scanner reads a changed text node again instead). */
  readonly highlight: AbstractRange;
  #range: Range | null = null;

  constructor(
    readonly node: Text,
    readonly start: number,
    readonly end: number,
    readonly address: string,
  ) {
    this.highlight =
      typeof StaticRange === 'function'
        ? new StaticRange({ startContainer: node, startOffset: start, endContainer: node, endOffset: end })
        : this.range;
  }

  /** A live Range over the address, made when first needed (a hover asks for its boxes). */
  get range(): Range {
    if (!this.#range) {
      this.#range = document.createRange();
      this.#range.setStart(this.node, this.start);
      this.#range.setEnd(this.node, this.end);
    }
    return this.#range;
  }
}

/**
 * Elements whose text, always their own child text, is never read: code, styles and form fields. Checking
 * the parent's name costs a tenth of `closest()` over a selector list (measured on the benchmark page).
 */
const TEXT_SKIPPING_PARENTS: ReadonlySet<string> = new Set([
  'script',
  'style',
  'noscript',
  'textarea',
  'option',
  'template',
]);

/**
 * Whether a text's place keeps it from being read: a skipped parent, or an editable region (the person's
 * draft, not the page's), where the nearest `contenteditable` decides, as `false` makes a read-only island.
 */
function isSkippedText(parent: Element): boolean {
  if (TEXT_SKIPPING_PARENTS.has(parent.localName)) return true;
  const editable = parent.closest('[contenteditable]');
  return editable !== null && editable.getAttribute('contenteditable')?.toLowerCase() !== 'false';
}
const HIGHLIGHT_NAME = 'webmail-lookup';

interface TextBeingRead {
  node: Text;
  /** The text as it was when reading began: a change means reading again from the start. */
  data: string;
  next: number;
  hits: TextHit[];
}
/**
 * Custom elements, which is where open shadow roots are: found by XPath inside the browser, as touching
 * every element from script costs 2-5x a walk over all text (measured on the benchmark page).
 */
const CUSTOM_ELEMENTS = 'descendant-or-self::*[contains(local-name(), "-")]';
/** Text nodes holding an `@`, at or under the context node. */
const TEXT_WITH_AT = "descendant-or-self::text()[contains(., '@')]";

/**
 * Finds the addresses of a page without touching it: text matches are kept as StaticRanges (underlined
 * through the CSS Custom Highlight API), attribute sources (mailto links, Gmail chips, Cloudflare) are read
 * in place. The text nodes holding an `@` are found by XPath, part by part (walked where XPath cannot go),
 * in time-boxed slices; later content comes from one MutationObserver, small batches scanned at once and
 * floods in slices.
 */
export function createPageScanner(
  ctx: ContentScriptContext,
  sources: readonly AddressSource[],
  onAddresses: (addresses: string[]) => void,
) {
  const textHits = new Map<Text, TextHit[]>();
  /** Open shadow roots found on the page: scanned, observed, and given to caret lookups. */
  const shadowRoots = new Set<ShadowRoot>();
  const elementAddresses = new WeakMap<Element, string>();
  const sourceElements = new Set<Element>();
  const sourceSelector = sources.map((source) => source.selector).join(', ');
  const highlights = createHighlights(ctx, HIGHLIGHT_NAME);
  /** Compiled once, as they are evaluated for every subtree the page adds. */
  const xpath =
    typeof document.createExpression === 'function'
      ? {
          customElements: document.createExpression(CUSTOM_ELEMENTS),
          textWithAt: document.createExpression(TEXT_WITH_AT),
        }
      : null;

  /** Element counts of parts cut from a larger subtree, taken as it was cut (counting is a traversal). */
  const knownSizes = new WeakMap<Node, number>();
  /** Parts cut from a larger subtree whose attribute sources were found with it. */
  const sourcesRead = new WeakSet<Node>();
  /** Subtrees, runs of elements and text nodes waiting to be scanned, oldest first; `head` is the next one. */
  let queue: SubtreePart[] = [];
  let head = 0;
  /** Reads the next text node of the part being scanned, one per call; false once there are none left. */
  let units: (() => boolean) | null = null;
  /**
   * What is left of the subtree being scanned before its text: finding its attribute sources, its shadow
   * roots, its text nodes. Each is one call into the browser over the whole subtree, so the clock is read
   * after each.
   */
  const steps: (() => void)[] = [];
  /** A text node read window by window, so a huge one (1 MB of `a.a@`) is not one long task. */
  let reading: TextBeingRead | null = null;
  /** A slice is on its way. */
  let scheduled = false;
  let reportTimer: number | null = null;
  /** The address list last reported, joined; null before the first report. */
  let lastReported: string | null = null;
  let initialScanDone = false;

  function forgetText(node: Text) {
    const hits = textHits.get(node);
    if (!hits) return;
    for (const hit of hits) highlights.remove(hit.highlight);
    textHits.delete(node);
  }

  function indexText(node: Text) {
    // Most text has no @: one indexOf, before anything costlier. (A changed text was forgotten when its
    // mutation was recorded, so only a node moved elsewhere can still have hits here.)
    if (node.data.indexOf('@') === -1) return;
    forgetText(node);
    const parent = node.parentElement;
    if (!parent || isSkippedText(parent)) return;
    reading = { node, data: node.data, next: 0, hits: [] };
    readWindow();
  }

  /** Reads the next window of the text being read; once all of it is read, its addresses are kept. */
  function readWindow() {
    const text = reading as TextBeingRead;
    // Changed or removed meanwhile: its mutation record has queued it again, or it is gone.
    if (!text.node.isConnected || text.node.data !== text.data) {
      reading = null;
      return;
    }
    const to = Math.min(text.data.length, text.next + TEXT_WINDOW);
    for (const match of extractEmails(text.data, text.next, to))
      text.hits.push(new TextHit(text.node, match.start, match.end, match.address));
    text.next = to;
    if (to < text.data.length) return;
    reading = null;
    if (text.hits.length === 0) return;
    textHits.set(text.node, text.hits);
    for (const hit of text.hits) highlights.add(hit.highlight);
  }

  /** Reads an element's address anew: an attribute that changed may no longer hold one. */
  function readSources(element: Element) {
    elementAddresses.delete(element);
    sourceElements.delete(element);
    for (const source of sources) {
      if (!element.matches(source.selector)) continue;
      const address = source.read(element);
      if (!address) continue;
      elementAddresses.set(element, address);
      sourceElements.add(element);
    }
  }

  /** The attribute sources at or under a root. */
  function indexSources(root: Element | Document | ShadowRoot) {
    if (root instanceof Element && root.matches(sourceSelector)) readSources(root);
    for (const element of root.querySelectorAll(sourceSelector)) readSources(element);
  }

  /**
   * Addresses inside web components: their open shadow roots are queued and observed like the page. Their
   * text is not underlined: that would need a style adopted into the component, which is the page's.
   */
  function findShadowRoots(root: Element | Document | ShadowRoot) {
    if (!xpath) return;
    // XPath refuses a shadow root (a document fragment) as its context node: its children are searched.
    for (const context of root instanceof ShadowRoot ? root.children : [root]) {
      const custom = xpath.customElements.evaluate(context, XPathResult.UNORDERED_NODE_SNAPSHOT_TYPE);
      for (let i = 0; i < custom.snapshotLength; i++) watchShadowRoot(custom.snapshotItem(i) as Element);
    }
  }

  function watchShadowRoot(element: Element) {
    const shadow = element.shadowRoot;
    if (!shadow || shadowRoots.has(shadow) || element.localName === CARD_TAG) return;
    shadowRoots.add(shadow);
    queue.push(shadow);
    observer.observe(shadow, OBSERVED);
  }

  /** Plans the steps of the next queued part; false when the queue is empty. */
  function nextSubtree(): boolean {
    while (head < queue.length) {
      const part = queue[head++] as SubtreePart;
      if (isElementRun(part)) {
        planRun(part);
        return true;
      }
      if (!part.isConnected) continue;
      const root = part;
      if (xpath && (root instanceof Element || root instanceof Document)) {
        // Both hold for one reading of the part: taken out, so that the part put back later is read anew.
        const size = knownSizes.get(root) ?? elementCount(root);
        knownSizes.delete(root);
        if (size > MAX_ELEMENTS_PER_XPATH) {
          planSplit(root, size);
          return true;
        }
        if (!sourcesRead.delete(root)) steps.push(() => indexSources(root));
        steps.push(
          () => findShadowRoots(root),
          () => {
            units = readEach(xpath.textWithAt.evaluate(root, XPathResult.UNORDERED_NODE_SNAPSHOT_TYPE));
          },
        );
        return true;
      }
      if (root instanceof Element || root instanceof Document || root instanceof ShadowRoot)
        steps.push(
          () => indexSources(root),
          () => findShadowRoots(root),
        );
      // Where XPath cannot go (a shadow root, which it refuses, or a browser without it), text is walked;
      // a text node's own iterator yields just that node.
      steps.push(() => {
        const iterator = document.createNodeIterator(root, NodeFilter.SHOW_TEXT);
        units = () => {
          const node = iterator.nextNode();
          if (node) indexText(node as Text);
          return node !== null;
        };
      });
      return true;
    }
    queue = [];
    head = 0;
    return false;
  }

  /**
   * A subtree too large for one XPath query is read part by part, in its place in the queue. Its attribute
   * sources are found first, by one selector query over all of it (cheap, some 3 ms for 28,000 elements,
   * where one per part, or a selector that picks a run's positions, cost several times that).
   */
  function planSplit(root: Element | Document, size: number) {
    if (root instanceof Element) watchShadowRoot(root);
    if (!sourcesRead.delete(root)) steps.push(() => indexSources(root));
    steps.push(() => {
      const parts = splitSubtree(root, size, MAX_ELEMENTS_PER_XPATH, knownSizes);
      for (const part of parts) if (part instanceof Element) sourcesRead.add(part);
      queue.splice(head, 0, ...parts);
    });
  }

  /**
   * A run of elements is read by two XPath queries over its parent that pick its positions (`position()`),
   * for shadow hosts and for text; each finds where the run is now, and if the page has moved its elements
   * apart, they are queued one by one instead. Its attribute sources were found with the subtree it was cut
   * from.
   */
  function planRun(run: ElementRun) {
    const where = () => {
      const position = runPosition(run);
      if (position) return position;
      steps.length = 0;
      queue.splice(head, 0, ...run.elements.filter((element) => element.isConnected));
      return null;
    };
    const members = ({ first, last }: { first: number; last: number }) =>
      `child::*[position() >= ${first} and position() <= ${last}]`;
    steps.push(
      () => {
        const position = where();
        if (!position) return;
        const custom = document.evaluate(
          `${members(position)}/${CUSTOM_ELEMENTS}`,
          run.parent,
          null,
          XPathResult.UNORDERED_NODE_SNAPSHOT_TYPE,
        );
        for (let i = 0; i < custom.snapshotLength; i++) watchShadowRoot(custom.snapshotItem(i) as Element);
      },
      () => {
        const position = where();
        if (!position) return;
        units = readEach(
          document.evaluate(
            `${members(position)}/${TEXT_WITH_AT}`,
            run.parent,
            null,
            XPathResult.UNORDERED_NODE_SNAPSHOT_TYPE,
          ),
        );
      },
    );
  }

  /**
   * Reads the text nodes of an XPath snapshot, one per call. Where the browser can, it picks the text nodes
   * with an `@` itself: reading each text node's data from script cost as much as walking the page (10 ms of
   * 23,783 nodes on the benchmark page), and most have none.
   */
  function readEach(found: XPathResult): () => boolean {
    let next = 0;
    return () => {
      if (next >= found.snapshotLength) return false;
      indexText(found.snapshotItem(next++) as Text);
      return true;
    };
  }

  /** Scans until the queue is empty or the slice's time is up, then yields. */
  function work(deadline?: IdleDeadline) {
    scheduled = false;
    const idleLeft =
      deadline && !deadline.didTimeout ? deadline.timeRemaining() - IDLE_SLICE_MARGIN_MS : MAX_SLICE_MS;
    const started = performance.now();
    const stopAt = started + Math.min(MAX_SLICE_MS, idleLeft);
    let sinceClockRead = 0;
    while (reading || units || steps.length > 0 || nextSubtree()) {
      // A step over a whole subtree, or a window of a long text, is as much work as many small text nodes.
      let large = true;
      if (reading) readWindow();
      else if (units) {
        if (!units()) {
          units = null;
          continue;
        }
        large = reading !== null;
      } else {
        // A step over a large subtree may take most of a slice: it starts a slice rather than ending one.
        if (performance.now() - started > LATE_STEP_MS) break;
        (steps.shift() as () => void)();
      }
      if (large || ++sinceClockRead === NODES_PER_CLOCK_READ) {
        sinceClockRead = 0;
        if (performance.now() >= stopAt) break;
      }
    }
    if (reading || units || steps.length > 0 || head < queue.length) {
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
        ctx.setTimeout(work, 0);
      } else schedule();
      return;
    }
    if (!initialScanDone) {
      // The first scan's underlines go to the browser in one change, as soon as it is complete, but not
      // before the page's load event: the browser restyles the page for them (200 ms on the 5 MB page).
      initialScanDone = true;
      if (document.readyState === 'complete') highlights.flush();
      else ctx.addEventListener(window, 'load', () => highlights.flush(), { once: true });
    }
    scheduleReport();
  }

  function schedule() {
    if (scheduled) return;
    scheduled = true;
    if (typeof requestIdleCallback === 'function') ctx.requestIdleCallback(work, { timeout: 1000 });
    else ctx.setTimeout(work, 16);
  }

  function scheduleReport() {
    if (reportTimer !== null) clearTimeout(reportTimer);
    reportTimer = ctx.setTimeout(() => {
      reportTimer = null;
      const addresses = currentAddresses();
      // Pages change all the time without changing their addresses (our own card coming and going, too):
      // the same list again would only wake the background.
      const key = addresses.join('\n');
      if (key === lastReported) return;
      lastReported = key;
      onAddresses(addresses);
    }, REPORT_DEBOUNCE_MS);
  }

  /** The distinct addresses still on the page; forgets what was removed from it. */
  function currentAddresses(): string[] {
    const addresses = new Set<string>();
    for (const [node, hits] of textHits) {
      if (!node.isConnected) {
        forgetText(node);
        continue;
      }
      for (const hit of hits) addresses.add(hit.address);
    }
    for (const element of sourceElements) {
      if (!element.isConnected) sourceElements.delete(element);
      else addresses.add(elementAddresses.get(element) as string);
    }
    return [...addresses].slice(0, MAX_ADDRESSES_PER_PAGE);
  }

  const OBSERVED: MutationObserverInit = {
    childList: true,
    subtree: true,
    characterData: true,
    attributes: true,
    attributeFilter: ['href', 'email', 'data-cfemail'],
  };

  const observer = new MutationObserver((records) => {
    let added = 0;
    for (const record of records) {
      if (record.type === 'characterData') {
        forgetText(record.target as Text);
        queue.push(record.target);
        added++;
      } else if (record.type === 'attributes') {
        readSources(record.target as Element);
        scheduleReport();
      } else {
        for (const node of record.addedNodes) {
          queue.push(node);
          added++;
        }
        if (record.removedNodes.length) scheduleReport();
      }
    }
    if (added === 0) return;
    // A few nodes (a chat message, a chip) are scanned at once; a flood waits for idle time, and so does
    // anything added while a scan is waiting for it (the first scan would otherwise run inside the page's
    // mutation, and a second chain of slices start beside the one waiting).
    if (added <= SMALL_MUTATION_BATCH && !scheduled) work();
    else schedule();
  });

  return {
    start() {
      // An editor's document (designMode) is all editable text: nothing in it is read.
      if (document.designMode === 'on') return;
      queue.push(document.documentElement);
      schedule();
      observer.observe(document.documentElement, OBSERVED);
      ctx.onInvalidated(() => observer.disconnect());
    },
    /** The address of an attribute source at or above an element (a few levels), or null. */
    addressOfElement(element: Element | null): { address: string; element: Element } | null {
      for (let current = element, depth = 0; current && depth < 6; current = current.parentElement, depth++) {
        const address = elementAddresses.get(current);
        if (address) return { address, element: current };
      }
      return null;
    },
    /** The open shadow roots found so far, for caret lookups that pierce them. */
    shadowRoots: () => [...shadowRoots].filter((shadow) => shadow.host.isConnected),
    /** The text match at a caret position, or null. */
    hitAt(node: Node, offset: number): TextHit | null {
      if (node.nodeType !== Node.TEXT_NODE) return null;
      return textHits.get(node as Text)?.find((hit) => offset >= hit.start && offset < hit.end) ?? null;
    },
  };
}

export type PageScanner = ReturnType<typeof createPageScanner>;
