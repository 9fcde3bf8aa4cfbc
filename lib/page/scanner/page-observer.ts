import { SMALL_MUTATION_BATCH } from '#extension/limits.ts';
import type { AddressSource } from '#page/address-source.ts';
import type { AddressIndex } from './address-index.ts';
import type { Planner } from './planner.ts';
import type { Scheduler } from './scheduler.ts';
import { SHOWING_ATTRIBUTES } from './shown.ts';

/** What the observer tells the index, the planner and the scheduler. */
type ObservedIndex = Pick<AddressIndex, 'forgetText' | 'readElement' | 'isAboveFound' | 'moved'>;
type ObservedPlanner = Pick<Planner, 'add' | 'addAll' | 'sweepSoon' | 'recheckSoon'>;
type ObservedScheduler = Pick<Scheduler, 'schedule' | 'sliceNow'>;

/** The records a MutationObserver over the page delivers: what may hold an address, or show or hide one. */
function observedChanges(sourceAttributes: ReadonlySet<string>): MutationObserverInit {
  return {
    childList: true,
    subtree: true,
    characterData: true,
    attributes: true,
    attributeFilter: [...new Set([...sourceAttributes, ...SHOWING_ATTRIBUTES])],
  };
}

/**
 * Scans what the page changed: a few nodes added (a chat message, a chip) at once; a flood in idle time, and
 * so anything added while a scan is waiting for it (the first scan would otherwise run inside the page's
 * mutation, and a second chain of slices start beside the one waiting). Places removed, shown or hidden
 * (`judgeAgain`) are judged in idle time, after the page's changes for its next frame: judged here, they
 * would make the browser work out the page's style within the page's task.
 */
function scanSoon(scheduler: ObservedScheduler, added: number, judgeAgain: boolean) {
  if (added > 0 && added <= SMALL_MUTATION_BATCH) scheduler.sliceNow();
  else if (added > 0 || judgeAgain) scheduler.schedule();
}

/**
 * Later content, from one MutationObserver over the page and each open shadow root: changed and added
 * nodes are queued for the planner, changed attribute sources read at once, removals swept later, and
 * places under an element shown or hidden (its class, style or `hidden` changed) judged anew later. Small
 * batches are scanned at once, floods in slices. It keeps no state of its own: what it learns goes to the
 * index, the planner and the scheduler.
 */
export function createPageObserver(
  sources: readonly AddressSource[],
  index: ObservedIndex,
  planner: ObservedPlanner,
  scheduler: ObservedScheduler,
  /** An attribute source changed: the tab's list may have. */
  onSourceChanged: () => void,
) {
  const sourceAttributes = new Set(sources.flatMap((source) => source.attributes));
  const observed = observedChanges(sourceAttributes);

  /** Reads a changed attribute source; true when the change may show or hide a place found. */
  function attributeChanged(record: MutationRecord): boolean {
    const element = record.target as Element;
    const name = record.attributeName as string;
    if (sourceAttributes.has(name)) {
      index.readElement(element);
      onSourceChanged();
    }
    // Pages change classes and styles all the time (a hover, an animation): only a change above a place
    // found can show or hide it.
    if (!SHOWING_ATTRIBUTES.includes(name) || !index.isAboveFound(element)) return false;
    planner.recheckSoon(element);
    return true;
  }

  const observer = new MutationObserver((records) => {
    let added = 0;
    let removed = false;
    let showing = false;
    for (const record of records) {
      if (record.type === 'attributes') showing = attributeChanged(record) || showing;
      else if (record.type === 'characterData') {
        index.forgetText(record.target as Text);
        planner.add(record.target);
        added++;
      } else {
        for (const node of record.addedNodes) index.moved(node, record.target);
        planner.addAll(record.target, record.addedNodes);
        added += record.addedNodes.length;
        if (record.removedNodes.length) removed = true;
      }
    }
    if (removed) planner.sweepSoon();
    scanSoon(scheduler, added, removed || showing);
  });

  return {
    /** Watches a root (the page's, or a shadow root's) and all under it. */
    observe: (root: Node) => observer.observe(root, observed),
    disconnect: () => observer.disconnect(),
  };
}
