import type { ContentScriptContext } from 'wxt/utils/content-script-context';
import { extractEmails } from '@/lib/email/extract.ts';
import {
  IDLE_SLICE_MARGIN_MS,
  MAX_ADDRESSES_PER_PAGE,
  MAX_NODES_PER_SLICE,
  REPORT_DEBOUNCE_MS,
  SMALL_MUTATION_BATCH,
} from '@/lib/limits.ts';
import type { AddressSource } from './address-sources.ts';
import { CARD_TAG } from './card-tag.ts';

export interface TextHit {
  start: number;
  end: number;
  address: string;
  range: Range;
}

/** Elements whose text is never scanned: code, styles, form fields, and the extension's own card. */
const SKIPPED = `script, style, noscript, textarea, input, select, option, template, ${CARD_TAG}`;
const HIGHLIGHT_NAME = 'webmail-lookup';

/**
 * Finds the addresses of a page without touching it: text matches are kept as Ranges and drawn with the
 * CSS Custom Highlight API; attribute sources (mailto links, Gmail chips, Cloudflare) are read in place.
 * Scans run in idle-time slices; later content is caught by one batched MutationObserver.
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
  const highlight =
    typeof Highlight === 'function' && typeof CSS !== 'undefined' && CSS.highlights ? new Highlight() : null;
  if (highlight) CSS.highlights.set(HIGHLIGHT_NAME, highlight);

  const pending: Node[] = [];
  let idleHandle: number | null = null;
  let reportTimer: number | null = null;

  const isSkipped = (element: Element | null) =>
    !element || element.closest(SKIPPED) !== null || (element as HTMLElement).isContentEditable === true;

  function forgetText(node: Text) {
    for (const hit of textHits.get(node) ?? []) highlight?.delete(hit.range);
    textHits.delete(node);
  }

  function indexText(node: Text) {
    forgetText(node);
    // Cheap test first: most text has no @, and the parent checks cost more than this.
    if (node.data.indexOf('@') === -1 || isSkipped(node.parentElement)) return;
    const hits: TextHit[] = [];
    for (const found of extractEmails(node.data)) {
      const range = document.createRange();
      range.setStart(node, found.start);
      range.setEnd(node, found.end);
      hits.push({ ...found, range });
      highlight?.add(range);
    }
    if (hits.length) textHits.set(node, hits);
  }

  function indexElements(root: Element | Document | ShadowRoot) {
    // Addresses inside web components: their open shadow roots are scanned and observed like the page.
    // (Our own card's root is closed to this by SKIPPED.) Their text is not underlined: that would need a
    // style adopted into the component, which belongs to the page.
    for (const element of root.querySelectorAll('*')) {
      const shadow = element.shadowRoot;
      if (!shadow || shadowRoots.has(shadow) || element.localName === CARD_TAG) continue;
      shadowRoots.add(shadow);
      pending.push(shadow);
      observer.observe(shadow, OBSERVED);
    }
    for (const source of sources) {
      const matches = root instanceof Element && root.matches(source.selector) ? [root] : [];
      for (const element of [...matches, ...root.querySelectorAll(source.selector)]) {
        const address = source.read(element);
        if (!address) continue;
        elementAddresses.set(element, address);
        sourceElements.add(element);
      }
    }
  }

  /** Scans queued subtrees until the idle deadline (or the slice size) is reached. */
  function work(deadline?: IdleDeadline) {
    idleHandle = null;
    let budget = MAX_NODES_PER_SLICE;
    while (pending.length && budget > 0) {
      if (deadline && deadline.timeRemaining() < IDLE_SLICE_MARGIN_MS) break;
      const root = pending.shift() as Node;
      if (!root.isConnected) continue;
      if (root.nodeType === Node.TEXT_NODE) {
        indexText(root as Text);
        budget--;
        continue;
      }
      if (root instanceof Element || root instanceof Document || root instanceof ShadowRoot)
        indexElements(root);
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        indexText(node as Text);
        if (--budget <= 0 && walker.nextNode()) {
          // Resume this subtree later from where the slice stopped.
          pending.unshift(walker.currentNode);
          const rest = walker.currentNode;
          for (let next = nextSiblingOutside(rest, root); next; next = nextSiblingOutside(next, root))
            pending.push(next);
          break;
        }
      }
    }
    if (pending.length) schedule();
    scheduleReport();
  }

  /** The node after `node` in document order that is not inside it, while still inside `root`. */
  function nextSiblingOutside(node: Node, root: Node): Node | null {
    for (let current: Node | null = node; current && current !== root; current = current.parentNode) {
      if (current.nextSibling) return current.nextSibling;
    }
    return null;
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
        pending.push(record.target);
        added++;
      } else if (record.type === 'attributes') {
        pending.push(record.target);
        added++;
      } else {
        for (const node of record.addedNodes) {
          pending.push(node);
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
      pending.push(document.documentElement);
      schedule();
      observer.observe(document.documentElement, OBSERVED);
      ctx.onInvalidated(() => {
        observer.disconnect();
        if (highlight) CSS.highlights.delete(HIGHLIGHT_NAME);
      });
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
