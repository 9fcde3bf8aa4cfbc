import {
  ADDRESS_MARKERS,
  BARE_AT_MARKERS,
  findEmails,
  mayHoldAddress,
  SHORT_TEXT_LENGTH,
} from '#core/email/obfuscated.ts';
import {
  ADDED_NODES_PER_STEP,
  FIRST_ELEMENTS_PER_XPATH,
  IDLE_SLICE_MARGIN_MS,
  LATE_STEP_MS,
  MAX_ADDRESSES_PER_PAGE,
  MAX_ELEMENTS_PER_XPATH,
  MAX_SLICE_MS,
  MAX_UNITS_PER_CLOCK_READ,
  MIN_ELEMENTS_PER_XPATH,
  QUICK_UNITS_MS,
  REPORT_DEBOUNCE_MS,
  SMALL_MUTATION_BATCH,
  TEXT_WINDOW,
  XPATH_QUERY_MS,
} from '#extension/limits.ts';
import type { AddressSource } from './address-source.ts';
import { createFoundAddresses } from './found-addresses.ts';
import {
  type AddedNodes,
  addedNodes,
  cutAddedNodes,
  type ElementRun,
  elementCount,
  isAddedNodes,
  isElementRun,
  type SubtreePart,
  splitSubtree,
} from './subtree-parts.ts';
import { createUnderlines } from './underlines.ts';

/** What the scanner needs of the content script's context: timers that stop when the script is replaced. */
export interface ScanContext {
  setTimeout(handler: () => void, timeout?: number): number;
  requestIdleCallback(callback: IdleRequestCallback, options?: IdleRequestOptions): number;
  onInvalidated(callback: () => void): void;
}

/** An address found in a text node, at `start` to `end` of its text. */
export class TextHit {
  #range: Range | null = null;

  constructor(
    readonly node: Text,
    readonly start: number,
    readonly end: number,
    readonly address: string,
  ) {}

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
 * Elements whose text, always their own child text, is never read: code, styles, form fields, and titles
 * (the document's, shown in the tab strip, where Gmail puts the person's own address; an SVG's tooltip),
 * which cannot be hovered or underlined. Checking
 * the parent's name costs a tenth of `closest()` over a selector list (measured on the benchmark page).
 */
const TEXT_SKIPPING_PARENTS: ReadonlySet<string> = new Set([
  'script',
  'style',
  'noscript',
  'textarea',
  'option',
  'template',
  'title',
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
const contains = (marker: string) => `contains(., '${marker}')`;
/**
 * Text nodes that may hold an address, at or under the context node: with an `@` or a written form's
 * marker (lib/email/obfuscated.ts), tested inside the browser, as most text holds none.
 */
const TEXT_WITH_ADDRESS_MARKER = `descendant-or-self::text()[${[
  ...ADDRESS_MARKERS.map(contains),
  `((${BARE_AT_MARKERS.map(contains).join(' or ')}) and (string-length(.) < ${SHORT_TEXT_LENGTH} or ${contains('<')} or ${contains('(')}))`,
].join(' or ')}]`;

/**
 * Finds the addresses of a page without touching it: text matches are kept by their offsets (underlined
 * through the CSS Custom Highlight API where near the screen), attribute sources (mailto links, Gmail chips,
 * Cloudflare) are read in place. The text nodes holding an `@` are found by XPath, part by part (walked where XPath cannot go),
 * in time-boxed slices; later content comes from one MutationObserver, small batches scanned at once and
 * floods in slices.
 */
export function createPageScanner(
  ctx: ScanContext,
  sources: readonly AddressSource[],
  onAddresses: (addresses: string[]) => void,
  /** Elements whose shadow roots are never read: the extension's own card. */
  ownHostTag = '',
) {
  const textHits = new Map<Text, TextHit[]>();
  const found = createFoundAddresses();
  /** Open shadow roots found on the page: scanned, observed, and given to caret lookups. */
  const shadowRoots = new Set<ShadowRoot>();
  const elementAddresses = new WeakMap<Element, string[]>();
  const sourceElements = new Set<Element>();
  const sourceSelector = sources.map((source) => source.selector).join(', ');
  const underlines = createUnderlines((callback) => ctx.onInvalidated(callback));
  /** Compiled once, as they are evaluated for every subtree the page adds. */
  const xpath =
    typeof document.createExpression === 'function'
      ? {
          customElements: document.createExpression(CUSTOM_ELEMENTS),
          textWithMarker: document.createExpression(TEXT_WITH_ADDRESS_MARKER),
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
  /** The page removed nodes: what was found in them is looked for and forgotten once the queue is read. */
  let sweepPending = false;
  /** Elements that may carry an address in an attribute, found with their subtree and read after its text. */
  let unreadSources: Element[] = [];
  /**
   * How many elements one XPath query reads: learned from the queries so far, so that each takes about
   * XPATH_QUERY_MS on this machine and this browser (8,000 elements took 24 ms in Chromium 150 here, a few
   * in Chromium 156).
   */
  let elementsPerQuery = FIRST_ELEMENTS_PER_XPATH;
  /** How many units are read between two looks at the clock: learned as the scan goes. */
  let unitsPerClockRead = 1;

  function forgetText(node: Text) {
    const hits = textHits.get(node);
    if (!hits) return;
    underlines.forget(node);
    textHits.delete(node);
    for (const hit of hits) found.remove(hit.address);
  }

  function forgetElement(element: Element) {
    const addresses = elementAddresses.get(element);
    if (addresses === undefined) return;
    elementAddresses.delete(element);
    sourceElements.delete(element);
    for (const address of addresses) found.remove(address);
  }

  function indexText(node: Text) {
    const data = node.data;
    // Most text holds no address: a look for the markers, before anything costlier. (A changed text was
    // forgotten when its mutation was recorded, so only a node moved elsewhere can still have hits here.)
    if (!mayHoldAddress(data)) return;
    forgetText(node);
    const parent = node.parentElement;
    if (!parent || isSkippedText(parent)) return;
    reading = { node, data, next: 0, hits: [] };
    readWindow();
  }

  /** Reads the next window of the text being read; once all of it is read, its addresses are kept. */
  function readWindow() {
    const text = reading as TextBeingRead;
    // Changed or removed since an earlier window: its mutation record has queued it again, or it is gone.
    if (text.next > 0 && (!text.node.isConnected || text.node.data !== text.data)) {
      reading = null;
      return;
    }
    const to = Math.min(text.data.length, text.next + TEXT_WINDOW);
    for (const match of findEmails(text.data, text.next, to))
      text.hits.push(new TextHit(text.node, match.start, match.end, match.address));
    text.next = to;
    if (to < text.data.length) return;
    reading = null;
    if (text.hits.length === 0) return;
    textHits.set(text.node, text.hits);
    for (const hit of text.hits) found.add(hit.address);
    underlines.set(text.node, text.hits);
  }

  /** Reads an element's addresses anew: an attribute that changed may no longer hold one. */
  function readSources(element: Element) {
    forgetElement(element);
    const addresses = new Set<string>();
    for (const source of sources)
      if (element.matches(source.selector))
        for (const address of source.read(element)) addresses.add(address);
    if (addresses.size === 0) return;
    elementAddresses.set(element, [...addresses]);
    sourceElements.add(element);
    for (const address of addresses) found.add(address);
  }

  /**
   * Finds the attribute sources at or under each root, by one selector query each; they are read once the
   * queue's text is, one per unit (the 570 links of the benchmark page took 11 ms to read, parsing each
   * `mailto:`), so that the first addresses are underlined sooner.
   */
  function planSources(...roots: (Element | Document | ShadowRoot)[]) {
    steps.push(() => {
      for (const root of roots) {
        if (!root.isConnected) continue;
        if (root instanceof Element && root.matches(sourceSelector)) unreadSources.push(root);
        for (const element of root.querySelectorAll(sourceSelector)) unreadSources.push(element);
      }
    });
  }

  /** Reads the attribute sources found so far, one per call; false once there are none left. */
  function readFoundSources(): () => boolean {
    const found = unreadSources;
    unreadSources = [];
    let next = 0;
    return () => {
      const element = found[next++];
      if (element?.isConnected) readSources(element);
      return element !== undefined;
    };
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
    if (!shadow || shadowRoots.has(shadow) || element.localName === ownHostTag) return;
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
      if (isAddedNodes(part)) {
        planAdded(part);
        return true;
      }
      if (!part.isConnected) continue;
      const root = part;
      if (xpath && (root instanceof Element || root instanceof Document)) {
        // Both hold for one reading of the part: taken out, so that the part put back later is read anew.
        const size = knownSizes.get(root) ?? elementCount(root);
        knownSizes.delete(root);
        if (size > elementsPerQuery) {
          planSplit(root, size);
          return true;
        }
        if (!sourcesRead.delete(root)) planSources(root);
        steps.push(
          () => findShadowRoots(root),
          () => {
            units = readEach(
              timedQuery(size, () =>
                xpath.textWithMarker.evaluate(root, XPathResult.UNORDERED_NODE_SNAPSHOT_TYPE),
              ),
            );
          },
        );
        return true;
      }
      if (root instanceof Element || root instanceof Document || root instanceof ShadowRoot) {
        planSources(root);
        steps.push(() => findShadowRoots(root));
      }
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
    if (unreadSources.length > 0) {
      units = readFoundSources();
      return true;
    }
    if (sweepPending) {
      sweepPending = false;
      units = sweep();
      return true;
    }
    return false;
  }

  /** Runs an XPath query over `size` elements and learns from its time how many the next should read. */
  function timedQuery(size: number, query: () => XPathResult): XPathResult {
    const started = performance.now();
    const result = query();
    const ms = performance.now() - started;
    if (size >= MIN_ELEMENTS_PER_XPATH) {
      const fitting = (XPATH_QUERY_MS / Math.max(ms, 0.01)) * size;
      elementsPerQuery = Math.round(
        Math.min(MAX_ELEMENTS_PER_XPATH, Math.max(MIN_ELEMENTS_PER_XPATH, (elementsPerQuery + fitting) / 2)),
      );
    }
    return result;
  }

  /** Nodes the page added at once are cut into parts a chunk at a time, each chunk's parts read next. */
  function planAdded(added: AddedNodes) {
    steps.push(() => {
      const parts = cutAddedNodes(added, ADDED_NODES_PER_STEP, elementsPerQuery);
      if (added.next < added.nodes.length) parts.push(added);
      queue.splice(head, 0, ...parts);
    });
  }

  /** Forgets, one per call, what was found in nodes no longer on the page; false once all is looked at. */
  function sweep(): () => boolean {
    const texts = textHits.keys();
    const elements = sourceElements.values();
    return () => {
      const text = texts.next();
      if (!text.done) {
        if (!text.value.isConnected) forgetText(text.value);
        return true;
      }
      const element = elements.next();
      if (element.done) return false;
      if (!element.value.isConnected) forgetElement(element.value);
      return true;
    };
  }

  /**
   * A subtree too large for one XPath query is read part by part, in its place in the queue. Its attribute
   * sources are found first, by one selector query over all of it (cheap, some 3 ms for 28,000 elements,
   * where one per part, or a selector that picks a run's positions, cost several times that).
   */
  function planSplit(root: Element | Document, size: number) {
    if (root instanceof Element) watchShadowRoot(root);
    if (!sourcesRead.delete(root)) planSources(root);
    steps.push(() => {
      const parts = splitSubtree(root, size, elementsPerQuery, knownSizes);
      for (const part of parts) if (part instanceof Element) sourcesRead.add(part);
      queue.splice(head, 0, ...parts);
    });
  }

  /**
   * A run of elements is read by two XPath queries from its first element over it and the siblings that
   * follow (for shadow hosts, and for text): counted inside the browser, where finding the run's position
   * among its parent's children from script made a wrapper for every child before it (19 ms on the
   * benchmark page). If the page has moved its first element away, its elements are queued one by one. A run
   * cut from a subtree had its attribute sources found with it; one the page added has them found now.
   */
  function planRun(run: ElementRun) {
    if (!run.sourcesRead) planSources(...run.elements);
    const first = run.elements[0] as Element;
    const members = `(self::* | following-sibling::*[position() < ${run.elements.length}])`;
    const inPlace = () => {
      if (first.parentElement === run.parent) return true;
      steps.length = 0;
      queue.splice(head, 0, ...run.elements.filter((element) => element.isConnected));
      return false;
    };
    steps.push(
      () => {
        if (!inPlace()) return;
        const custom = document.evaluate(
          `${members}/${CUSTOM_ELEMENTS}`,
          first,
          null,
          XPathResult.UNORDERED_NODE_SNAPSHOT_TYPE,
        );
        for (let i = 0; i < custom.snapshotLength; i++) watchShadowRoot(custom.snapshotItem(i) as Element);
      },
      () => {
        if (!inPlace()) return;
        units = readEach(
          timedQuery(run.size, () =>
            document.evaluate(
              `${members}/${TEXT_WITH_ADDRESS_MARKER}`,
              first,
              null,
              XPathResult.UNORDERED_NODE_SNAPSHOT_TYPE,
            ),
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
    let lastClockRead = started;
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
      if (large || ++sinceClockRead >= unitsPerClockRead) {
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
      // Pages change all the time without changing their addresses (our own card coming and going, too):
      // the same list again would only wake the background.
      const addresses = found.takeChanged();
      if (addresses) onAddresses(addresses.slice(0, MAX_ADDRESSES_PER_PAGE));
    }, REPORT_DEBOUNCE_MS);
  }

  const OBSERVED: MutationObserverInit = {
    childList: true,
    subtree: true,
    characterData: true,
    attributes: true,
    attributeFilter: [...new Set(sources.flatMap((source) => source.attributes))],
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
        const nodes = record.addedNodes;
        added += nodes.length;
        // A flood into one parent (a list's 10,000 rows) is read in runs, as a large subtree is: one by
        // one, its 10,000 nodes cost two queries and a count each, 200 ms of the page's time.
        if (xpath && nodes.length > SMALL_MUTATION_BATCH && record.target instanceof Element)
          queue.push(addedNodes(record.target, nodes));
        else for (const node of nodes) queue.push(node);
        if (record.removedNodes.length) sweepPending = true;
      }
    }
    if (added === 0) {
      if (sweepPending) schedule();
      return;
    }
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
    /**
     * The address of an attribute source at or above an element (a few levels), or null: a link to several
     * recipients shows its first on hover; every one is in the tab's list.
     */
    addressOfElement(element: Element | null): { address: string; element: Element } | null {
      for (let current = element, depth = 0; current && depth < 6; current = current.parentElement, depth++) {
        const address = elementAddresses.get(current)?.[0];
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
