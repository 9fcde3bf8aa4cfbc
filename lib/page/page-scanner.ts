import { MAX_ADDRESSES_PER_PAGE, REPORT_DEBOUNCE_MS } from '#extension/limits.ts';
import type { AddressSource } from './address-source.ts';
import { AddressIndex } from './scanner/address-index.ts';
import { createPageObserver } from './scanner/page-observer.ts';
import { createPageQueries } from './scanner/page-queries.ts';
import { Planner } from './scanner/planner.ts';
import { createScheduler, type ScanContext } from './scanner/scheduler.ts';
import { createUnderlines } from './underlines.ts';

export type { TextHit } from './scanner/address-index.ts';
export type { ScanContext } from './scanner/scheduler.ts';

/**
 * Finds the addresses of a page without touching it: text matches are kept by their offsets (underlined
 * through the CSS Custom Highlight API where near the screen), attribute sources (mailto links, Gmail chips,
 * Cloudflare) are read in place. The page is read part by part (the planner), in time-boxed slices (the
 * scheduler), into an index of what was found where; later content comes from one MutationObserver (the
 * observer), small batches scanned at once and floods in slices. Only the addresses of parts the browser
 * shows are reported (scanner/shown.ts): a page kept hidden (Salesforce's record visited before) counts
 * again when it is shown.
 */
export function createPageScanner(
  ctx: ScanContext,
  sources: readonly AddressSource[],
  onAddresses: (addresses: string[]) => void,
  /** Elements whose shadow roots are never read: the extension's own card. */
  ownHostTag = '',
) {
  const index = new AddressIndex(
    sources,
    createUnderlines((callback) => ctx.onInvalidated(callback)),
    ownHostTag,
  );
  let reportTimer: number | null = null;
  function reportSoon() {
    if (reportTimer !== null) clearTimeout(reportTimer);
    reportTimer = ctx.setTimeout(() => {
      reportTimer = null;
      // Pages change all the time without changing their addresses (our own card coming and going, too):
      // the same list again would only wake the background.
      const addresses = index.takeChanged();
      if (addresses) onAddresses(addresses.slice(0, MAX_ADDRESSES_PER_PAGE));
    }, REPORT_DEBOUNCE_MS);
  }
  const planner = new Planner(index, createPageQueries(), sources, (shadow) => observer.observe(shadow));
  const scheduler = createScheduler(ctx, planner, reportSoon);
  const observer = createPageObserver(sources, index, planner, scheduler, reportSoon);

  return {
    start() {
      // An editor's document (designMode) is all editable text: nothing in it is read.
      if (document.designMode === 'on') return;
      planner.add(document.documentElement);
      scheduler.schedule();
      observer.observe(document.documentElement);
      ctx.onInvalidated(() => observer.disconnect());
    },
    /** The address of an attribute source at or above an element (a few levels), or null. */
    addressOfElement: (element: Element | null) => index.addressOfElement(element),
    /** The open shadow roots found so far, for caret lookups that pierce them. */
    shadowRoots: () => index.shadowRoots(),
    /** The text match at a caret position, or null. */
    hitAt: (node: Node, offset: number) => index.hitAt(node, offset),
  };
}

export type PageScanner = ReturnType<typeof createPageScanner>;
