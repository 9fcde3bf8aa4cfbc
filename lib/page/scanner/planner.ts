import {
  ADDED_NODES_PER_STEP,
  FIRST_ELEMENTS_PER_PART,
  MAX_ELEMENTS_PER_PART,
  MIN_ELEMENTS_PER_PART,
  PART_QUERIES_MS,
  SMALL_MUTATION_BATCH,
  TEXTS_PER_UNIT,
} from '#extension/limits.ts';
import type { AddressSource } from '#page/address-source.ts';
import type { AddressIndex } from './address-index.ts';
import type { FoundNodes, PageQueries } from './page-queries.ts';
import {
  DONE,
  LARGE,
  type LargePiece,
  type Progress,
  type SlicedWork,
  STEP,
  UNIT,
  WAIT,
  WINDOW,
} from './scheduler.ts';
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

/**
 * What the scanner reads next, in the order the page gave it: a queue of parts (subtrees, runs of elements,
 * text nodes, nodes the page added at once), each planned as a few steps (one call into the browser over
 * the whole part: its attribute sources, its shadow roots, its text nodes) and then units (a text node, an
 * attribute source, a place to sweep or judge anew), each small. A subtree too large for one part has its
 * text read by one iterator over all of it, node by node, and is cut into parts for the other two calls.
 * `advance` does the next step or unit; the scheduler decides when.
 */
export class Planner implements SlicedWork {
  // Its state is in private names (#), which the minifier shortens, where TypeScript's `private` fields keep
  // their names in every page's content script.
  readonly #index: AddressIndex;
  /** The page's queries by XPath; null where the browser has none, and text is walked. */
  readonly #queries: PageQueries | null;
  /** An open shadow root was found: it is queued here, and is to be observed like the page. */
  readonly #onShadowRoot: (shadow: ShadowRoot) => void;
  readonly #sourceSelector: string;
  /** Element counts of parts cut from a larger subtree, taken as it was cut (counting is a traversal). */
  readonly #knownSizes = new WeakMap<Node, number>();
  /**
   * Parts cut from a larger subtree whose text an iterator over all of it reads: only their attribute
   * sources and shadow hosts are asked for. A mark holds for one reading of the part: the page may put the
   * same node back later, to be read in full.
   */
  readonly #textReadAbove = new WeakSet<SubtreePart>();
  /** Subtrees, runs of elements and text nodes waiting to be scanned, oldest first; `head` is the next one. */
  #queue: SubtreePart[] = [];
  #head = 0;
  /** Reads the next text node of the part being scanned, one per call; false once there are none left. */
  #units: (() => boolean) | null = null;
  /**
   * What is left of the subtree being scanned before its text: finding its attribute sources, its shadow
   * roots, its text nodes. Each is one call into the browser over the whole subtree, so the clock is read
   * after each.
   */
  readonly #steps: (() => void)[] = [];
  /** The page removed nodes: what was found in them is looked for and forgotten once the queue is read. */
  #sweepPending = false;
  /** Elements above found places whose class, style or `hidden` changed: those places are judged anew. */
  #changed = new Set<Element>();
  /** Elements that may carry an address in an attribute, found with their subtree and read after its text. */
  #unreadSources: Element[] = [];
  /**
   * How many elements a part holds: learned from the parts read so far, so that the calls over one (two,
   * or three with its text) take about PART_QUERIES_MS together on this machine and this browser.
   */
  #elementsPerPart = FIRST_ELEMENTS_PER_PART;
  /** The time the steps of the part being read have taken so far (ms). */
  #partMs = 0;

  constructor(
    index: AddressIndex,
    queries: PageQueries | null,
    sources: readonly AddressSource[],
    onShadowRoot: (shadow: ShadowRoot) => void,
  ) {
    this.#index = index;
    this.#queries = queries;
    this.#onShadowRoot = onShadowRoot;
    this.#sourceSelector = sources.map((source) => source.selector).join(', ');
  }

  /** Queues a subtree or a text node to be read. */
  add(node: Node) {
    this.#queue.push(node);
  }

  /**
   * Queues the nodes a page added to a parent at once. A flood into one parent (a list's 10,000 rows) is
   * read in runs, as a large subtree is: one by one, its 10,000 nodes cost two queries and a count each,
   * 200 ms of the page's time.
   */
  addAll(parent: Node, nodes: NodeList) {
    if (this.#queries && nodes.length > SMALL_MUTATION_BATCH && parent instanceof Element)
      this.#queue.push(addedNodes(parent, nodes));
    else for (const node of nodes) this.#queue.push(node);
  }

  /** The page removed nodes: once the queue is read, what was found in them is forgotten. */
  sweepSoon() {
    this.#sweepPending = true;
  }

  /** The page may have shown or hidden this element: once the queue is read, places under it are judged anew. */
  recheckSoon(element: Element) {
    this.#changed.add(element);
  }

  /**
   * Does the next piece of reading: a unit (a text node, a source, a place to sweep), a piece of a long
   * text, or a step over a whole part; either of the last two only when `mayStart` it.
   */
  advance(mayStart: (piece: LargePiece) => boolean): Progress {
    for (;;) {
      if (this.#index.reading) {
        if (!mayStart(WINDOW)) return WAIT;
        this.#index.readWindow();
        return LARGE;
      }
      if (this.#units) {
        if (this.#units()) return UNIT;
        this.#units = null;
      } else if (this.#steps.length > 0) {
        if (!mayStart(STEP)) return WAIT;
        (this.#steps.shift() as () => void)();
        return LARGE;
      } else if (!this.#nextPart()) return DONE;
    }
  }

  /**
   * Finds the attribute sources at or under each root, by one selector query each; they are read once the
   * queue's text is, one per unit (the 570 links of the benchmark page took 11 ms to read, parsing each
   * `mailto:`), so that the first addresses are underlined sooner. A root without attributes is not matched
   * against the sources' selectors: a source reads attributes (address-source.ts). Matching each of the
   * benchmark page's 1,900 messages, which have none, took about as long as their 1,900 queries.
   */
  #findSources(roots: Iterable<Element | ShadowRoot>) {
    for (const root of roots) {
      if (!root.isConnected) continue;
      if (root instanceof Element && root.hasAttributes() && root.matches(this.#sourceSelector))
        this.#unreadSources.push(root);
      const found = root.querySelectorAll(this.#sourceSelector);
      for (let i = 0; i < found.length; i++) this.#unreadSources.push(found[i] as Element);
    }
  }

  /**
   * Reads the text nodes a query found (or a text node, as found by itself), a few per call: up to
   * TEXTS_PER_UNIT while they hold no marker, or up to the first that does.
   */
  #readTexts(found: FoundNodes): () => boolean {
    let next = 0;
    return () => {
      if (next >= found.snapshotLength) return false;
      const end = Math.min(found.snapshotLength, next + TEXTS_PER_UNIT);
      while (next < end && !this.#index.readText(found.snapshotItem(next++) as Text)) {}
      return true;
    };
  }

  /** Reads the attribute sources found so far, one per call; false once there are none left. */
  #readSources(): () => boolean {
    const found = this.#unreadSources;
    this.#unreadSources = [];
    let next = 0;
    return () => {
      const element = found[next++];
      if (element?.isConnected) this.#index.readElement(element);
      return element !== undefined;
    };
  }

  /**
   * Addresses inside web components: their open shadow roots are queued and observed like the page. Their
   * text is not underlined: that would need a style adopted into the component, which is the page's.
   */
  #watchShadowRoots(hosts: FoundNodes) {
    for (let i = 0; i < hosts.snapshotLength; i++) this.#watchShadowRoot(hosts.snapshotItem(i) as Element);
  }

  #watchShadowRoot(element: Element) {
    const shadow = this.#index.keepShadowRoot(element);
    if (!shadow) return;
    this.#queue.push(shadow);
    this.#onShadowRoot(shadow);
  }

  /** Plans the steps of the next queued part; false when the queue is empty. */
  #nextPart(): boolean {
    while (this.#head < this.#queue.length) {
      const part = this.#queue[this.#head++] as SubtreePart;
      const textReadAbove = this.#textReadAbove.delete(part);
      // A run of elements is read by one selector query per element for its attribute sources, and two
      // XPath queries from its first element over it and the siblings that follow (page-queries.ts).
      if (isElementRun(part))
        this.#planQueries(this.#queries as PageQueries, part, part.size, !textReadAbove);
      else if (isAddedNodes(part)) this.#planAdded(part);
      else if (!part.isConnected) continue;
      else this.#planNode(part, textReadAbove);
      return true;
    }
    this.#queue = [];
    this.#head = 0;
    if (this.#unreadSources.length > 0) {
      this.#units = this.#readSources();
      return true;
    }
    if (this.#sweepPending || this.#changed.size > 0) {
      this.#sweepPending = false;
      this.#units = this.#index.sweep([...this.#changed]);
      this.#changed.clear();
      return true;
    }
    return false;
  }

  /**
   * Plans a subtree, read whole or, too large for one part, its text by an iterator and the rest in parts;
   * a shadow root, whose children are read as parts (XPath refuses a shadow root, a document fragment, as
   * its context node); a text node, read by itself. Without XPath, text is walked. `textReadAbove`: the
   * root is a part cut from a larger subtree whose text an iterator reads.
   */
  #planNode(root: Node, textReadAbove: boolean) {
    if (!this.#queries) {
      this.#steps.push(() => {
        if (root instanceof Element || root instanceof ShadowRoot) this.#findSources([root]);
        this.#units = this.#readAllText(root);
      });
    } else if (root instanceof Element) {
      // Both hold for one reading of the part: taken out, so that the part put back later is read anew.
      const size = this.#knownSizes.get(root) ?? elementCount(root);
      this.#knownSizes.delete(root);
      if (size <= this.#elementsPerPart) this.#planQueries(this.#queries, root, size, !textReadAbove);
      else {
        if (!textReadAbove) this.#units = this.#readAllText(root);
        this.#planSplit(root, size);
      }
    } else if (root instanceof ShadowRoot) this.#queue.splice(this.#head, 0, ...root.childNodes);
    // A comment or a processing instruction among the parts has data too, but no text to read.
    else if (root instanceof Text && !textReadAbove)
      this.#units = this.#readTexts({ snapshotLength: 1, snapshotItem: () => root });
  }

  /**
   * Reads the text under a root while the root is on the page, a few text nodes per call as `#readTexts`
   * does: an iterator follows the page's removals (a walker left on a removed node would end there), and
   * walks faster than reading an XPath snapshot's items (21 ms against 29 for the benchmark page, checking
   * each text, Chromium 156).
   */
  #readAllText(root: Node): () => boolean {
    const iterator = document.createNodeIterator(root, NodeFilter.SHOW_TEXT);
    return () => {
      if (!root.isConnected) return false;
      for (let read = 0; read < TEXTS_PER_UNIT; read++) {
        const node = iterator.nextNode();
        if (!node) return read > 0;
        if (this.#index.readText(node as Text)) break;
      }
      return true;
    };
  }

  /**
   * Plans the calls over a part of `size` elements (its attribute sources, its shadow hosts, and with
   * `withText` its text nodes), each a step while the part is there, their time learned from. If the page
   * has moved a run's first element away, its elements are queued one by one.
   */
  #planQueries(queries: PageQueries, part: Element | ElementRun, size: number, withText: boolean) {
    const isThere = () => {
      if (part instanceof Node) return part.isConnected;
      if ((part.elements[0] as Element).parentElement === part.parent) return true;
      this.#steps.length = 0;
      const elements = part.elements.filter((element) => element.isConnected);
      if (!withText) for (const element of elements) this.#textReadAbove.add(element);
      this.#queue.splice(this.#head, 0, ...elements);
      return false;
    };
    this.#partMs = 0;
    // A part the page took away is not read, and its calls teach nothing: they were not made.
    const step =
      (call: () => void, last = false) =>
      () => {
        if (!isThere()) return;
        const started = performance.now();
        call();
        this.#partMs += performance.now() - started;
        if (last) this.#learn(size);
      };
    this.#steps.push(
      step(() => this.#findSources(part instanceof Node ? [part] : part.elements)),
      step(() => this.#watchShadowRoots(queries.customElements(part)), !withText),
    );
    if (withText)
      this.#steps.push(
        step(() => {
          this.#units = this.#readTexts(queries.texts(part));
        }, true),
      );
  }

  /**
   * Learns from the time a part of `size` elements took how many the next should hold (parts smaller than
   * MIN_ELEMENTS_PER_PART teach nothing: their time is mostly the calls').
   */
  #learn(size: number) {
    if (size < MIN_ELEMENTS_PER_PART) return;
    const fitting = (PART_QUERIES_MS / Math.max(this.#partMs, 0.01)) * size;
    this.#elementsPerPart = Math.round(
      Math.min(MAX_ELEMENTS_PER_PART, Math.max(MIN_ELEMENTS_PER_PART, (this.#elementsPerPart + fitting) / 2)),
    );
  }

  /**
   * A subtree too large for one part is queried part by part, in its place in the queue, each part finding
   * its own attribute sources and shadow hosts; its text is read by an iterator over all of it. (One query
   * of all the sources' selectors over 28,000 elements took 9-13 ms in Chromium 156, a long task. A query
   * for each element of a run costs more in all, 15 ms against 8 for the 1,900 messages of the benchmark
   * page, but in steps of under a millisecond.)
   */
  #planSplit(root: Element, size: number) {
    this.#watchShadowRoot(root);
    if (root.matches(this.#sourceSelector)) this.#unreadSources.push(root);
    this.#steps.push(() => {
      const parts = splitSubtree(root, size, this.#elementsPerPart, this.#knownSizes);
      for (const part of parts) this.#textReadAbove.add(part);
      this.#queue.splice(this.#head, 0, ...parts);
    });
  }

  /** Nodes the page added at once are cut into parts a chunk at a time, each chunk's parts read next. */
  #planAdded(added: AddedNodes) {
    this.#steps.push(() => {
      const parts = cutAddedNodes(added, ADDED_NODES_PER_STEP, this.#elementsPerPart);
      if (added.next < added.nodes.length) parts.push(added);
      this.#queue.splice(this.#head, 0, ...parts);
    });
  }
}
