import { SMALL_MUTATION_BATCH } from '#extension/limits.ts';
import type { AddressSource } from '#page/address-source.ts';
import type { AddressIndex } from './address-index.ts';
import type { Planner } from './planner.ts';
import type { Scheduler } from './scheduler.ts';
import { SHOWING_ATTRIBUTES } from './shown.ts';

/**
 * Later content, from one MutationObserver over the page and each open shadow root: changed and added
 * nodes are queued for the planner, changed attribute sources read at once, removals swept later, and
 * places under an element shown or hidden (its class, style or `hidden` changed) judged anew later. Small
 * batches are scanned at once, floods in slices.
 */
export function createPageObserver(
  sources: readonly AddressSource[],
  index: Pick<AddressIndex, 'forgetText' | 'readElement' | 'isAboveFound' | 'moved'>,
  planner: Pick<Planner, 'add' | 'addAll' | 'sweepSoon' | 'recheckSoon'>,
  scheduler: Pick<Scheduler, 'schedule' | 'sliceNow'>,
  /** An attribute source changed: the tab's list may have. */
  onSourceChanged: () => void,
) {
  const sourceAttributes = new Set(sources.flatMap((source) => source.attributes));
  const observed: MutationObserverInit = {
    childList: true,
    subtree: true,
    characterData: true,
    attributes: true,
    attributeFilter: [...new Set([...sourceAttributes, ...SHOWING_ATTRIBUTES])],
  };

  const observer = new MutationObserver((records) => {
    let added = 0;
    let removed = false;
    let showing = false;
    for (const record of records) {
      if (record.type === 'characterData') {
        index.forgetText(record.target as Text);
        planner.add(record.target);
        added++;
      } else if (record.type === 'attributes') {
        const element = record.target as Element;
        if (sourceAttributes.has(record.attributeName as string)) {
          index.readElement(element);
          onSourceChanged();
        }
        // Pages change classes and styles all the time (a hover, an animation): only a change above a
        // place found can show or hide it.
        if (SHOWING_ATTRIBUTES.includes(record.attributeName as string) && index.isAboveFound(element)) {
          planner.recheckSoon(element);
          showing = true;
        }
      } else {
        added += record.addedNodes.length;
        for (const node of record.addedNodes) index.moved(node, record.target);
        planner.addAll(record.target, record.addedNodes);
        if (record.removedNodes.length) removed = true;
      }
    }
    if (removed) planner.sweepSoon();
    if (added === 0) {
      // Places shown or hidden are judged in idle time, after whatever else the page changes for its next
      // frame: a judgment here would make the browser work out the page's style within the page's task.
      if (removed || showing) scheduler.schedule();
      return;
    }
    // A few nodes (a chat message, a chip) are scanned at once; a flood waits for idle time, and so does
    // anything added while a scan is waiting for it (the first scan would otherwise run inside the page's
    // mutation, and a second chain of slices start beside the one waiting).
    if (added <= SMALL_MUTATION_BATCH) scheduler.sliceNow();
    else scheduler.schedule();
  });

  return {
    /** Watches a root (the page's, or a shadow root's) and all under it. */
    observe(root: Node) {
      observer.observe(root, observed);
    },
    disconnect() {
      observer.disconnect();
    },
  };
}
