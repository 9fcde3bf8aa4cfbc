import type { ContentScriptContext } from 'wxt/utils/content-script-context';
import { extractEmails } from '@/lib/email/extract.ts';
import {
  IDLE_SLICE_MARGIN_MS,
  MAX_ADDRESSES_PER_PAGE,
  MAX_SLICE_MS,
  REPORT_DEBOUNCE_MS,
  SMALL_MUTATION_BATCH,
} from '@/lib/limits.ts';
import type { AddressSource } from './address-sources.ts';
import { CARD_TAG } from './card-tag.ts';
import { createHighlights } from './highlights.ts';

export interface TextHit {
  start: number;
  end: number;
  address: string;
  range: Range;
}

/** Elements whose text is never scanned: code, styles, form fields, editable regions and our own card. */
const SKIPPED = `script, style, noscript, textarea, input, select, option, template, [contenteditable]:not([contenteditable="false" i]), ${CARD_TAG}`;
const HIGHLIGHT_NAME = 'webmail-lookup';
/** The clock is read once per this many text nodes: reading it for each would cost a tenth of the scan. */
const NODES_PER_CLOCK_READ = 16;
/**
 * Text is read in windows of this many characters, the clock read after each: 16 K of the worst text
 * (all `@`, or `a@` repeated) takes about 1 ms to read, where a whole 1 MB node took 100 ms in Chromium.
 */
const TEXT_WINDOW = 16_384;

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

/**
 * Finds the addresses of a page without touching it: text matches are kept as Ranges (underlined through
 * the CSS Custom Highlight API), attribute sources (mailto links, Gmail chips, Cloudflare) are read in place.
 * Text is walked in time-boxed idle slices, testing each node for an `@` before anything else; later
 * content comes from one MutationObserver, small batches scanned at once and floods in idle time.
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

  /** Subtrees and text nodes waiting to be scanned, oldest first; `head` is the next one. */
  let queue: Node[] = [];
  let head = 0;
  /** The text of the subtree being scanned; a NodeIterator keeps its place when the page removes nodes. */
  let texts: NodeIterator | null = null;
  /** A text node read window by window, so a huge one (1 MB of `a.a@`) is not one long task. */
  let reading: TextBeingRead | null = null;
  let idleHandle: number | null = null;
  let reportTimer: number | null = null;
  let initialScanDone = false;

  function forgetText(node: Text) {
    const hits = textHits.get(node);
    if (!hits) return;
    for (const hit of hits) highlights.remove(hit.range);
    textHits.delete(node);
  }

  function indexText(node: Text) {
    if (textHits.has(node)) forgetText(node);
    // Most text has no @: one indexOf, before the costlier look at where the text sits.
    if (node.data.indexOf('@') === -1) return;
    const parent = node.parentElement;
    if (!parent || parent.closest(SKIPPED) !== null) return;
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
    for (const match of extractEmails(text.data, text.next, to)) {
      const range = document.createRange();
      range.setStart(text.node, match.start);
      range.setEnd(text.node, match.end);
      text.hits.push({ ...match, range });
    }
    text.next = to;
    if (to < text.data.length) return;
    reading = null;
    if (text.hits.length === 0) return;
    textHits.set(text.node, text.hits);
    for (const hit of text.hits) highlights.add(hit.range);
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

  /** Attribute sources and open shadow roots at or under a root; its text is walked separately. */
  function indexElements(root: Element | Document | ShadowRoot) {
    if (root instanceof Element && root.matches(sourceSelector)) readSources(root);
    for (const element of root.querySelectorAll(sourceSelector)) readSources(element);
    // Addresses inside web components: their open shadow roots are scanned and observed like the page.
    // Their text is not underlined: that would need a style adopted into the component, which is the page's.
    if (typeof document.evaluate !== 'function') return;
    // XPath refuses a shadow root (a document fragment) as its context node: its children are searched.
    for (const context of root instanceof ShadowRoot ? root.children : [root]) {
      const custom = document.evaluate(
        CUSTOM_ELEMENTS,
        context,
        null,
        XPathResult.UNORDERED_NODE_SNAPSHOT_TYPE,
      );
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

  /** Starts on the next queued subtree; false when the queue is empty. */
  function nextSubtree(): boolean {
    while (head < queue.length) {
      const root = queue[head++] as Node;
      if (!root.isConnected) continue;
      if (root instanceof Element || root instanceof Document || root instanceof ShadowRoot)
        indexElements(root);
      // A text node's own iterator yields just that node.
      texts = document.createNodeIterator(root, NodeFilter.SHOW_TEXT);
      return true;
    }
    queue = [];
    head = 0;
    return false;
  }

  /** Scans until the queue is empty or the slice's time is up, then yields. */
  function work(deadline?: IdleDeadline) {
    idleHandle = null;
    const idleLeft =
      deadline && !deadline.didTimeout ? deadline.timeRemaining() - IDLE_SLICE_MARGIN_MS : MAX_SLICE_MS;
    const stopAt = performance.now() + Math.min(MAX_SLICE_MS, idleLeft);
    let sinceClockRead = 0;
    while (reading || texts || nextSubtree()) {
      if (reading) readWindow();
      else {
        const node = texts?.nextNode();
        if (!node) {
          texts = null;
          continue;
        }
        indexText(node as Text);
      }
      // A window of a long text is as much work as many small nodes.
      if (++sinceClockRead === NODES_PER_CLOCK_READ || reading) {
        sinceClockRead = 0;
        if (performance.now() >= stopAt) break;
      }
    }
    if (reading || texts || head < queue.length) {
      schedule();
      return;
    }
    if (!initialScanDone) {
      // The first scan's underlines go to the browser in one change, as soon as it is complete.
      initialScanDone = true;
      highlights.flush();
    }
    scheduleReport();
  }

  function schedule() {
    if (idleHandle !== null) return;
    idleHandle =
      typeof requestIdleCallback === 'function'
        ? requestIdleCallback(work, { timeout: 1000 })
        : (setTimeout(work, 16) as unknown as number);
  }

  function scheduleReport() {
    if (reportTimer !== null) clearTimeout(reportTimer);
    reportTimer = ctx.setTimeout(() => {
      reportTimer = null;
      onAddresses(currentAddresses());
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
    // A few nodes (a chat message, a chip) are scanned at once; a flood waits for idle time.
    if (added <= SMALL_MUTATION_BATCH) work();
    else schedule();
  });

  return {
    start() {
      // An editor's document (designMode) is all editable text: nothing in it is read.
      if (document.designMode === 'on') return;
      highlights.start();
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
