import { MAX_ADDRESSES_PER_TAB, MAX_FRAMES_PER_TAB } from '#extension/limits.ts';
import { tabAddressesFamily } from '#extension/stored.ts';
import { TabRecords } from './tab-records.ts';

/** Per frame id, the addresses that frame reported. */
type FrameAddresses = Record<string, string[]>;

/** How much one tab's record keeps: frames, and addresses over all of them (each frame's counted). */
export interface TabBounds {
  frames: number;
  addresses: number;
}

const union = (frames: FrameAddresses) => [...new Set(Object.values(frames).flat())];

/** A frame's place: the page's own (0) first, then the others as the browser numbered them. */
const frameOrder = (frameId: string) => {
  const order = Number(frameId);
  return Number.isFinite(order) ? order : Number.POSITIVE_INFINITY;
};

/** The frames in the order of their ids, each keeping its addresses as far as the bounds leave room. */
function bounded(frames: FrameAddresses, bounds: TabBounds): FrameAddresses {
  const kept: FrameAddresses = {};
  let room = bounds.addresses;
  let count = 0;
  const ordered = Object.entries(frames).sort(([a], [b]) => frameOrder(a) - frameOrder(b));
  for (const [frameId, addresses] of ordered) {
    if (count === bounds.frames || room === 0) break;
    if (addresses.length === 0) continue;
    const part = addresses.length <= room ? addresses : addresses.slice(0, room);
    kept[frameId] = part;
    room -= part.length;
    count++;
  }
  return kept;
}

const sameList = (a: string[], b: string[] | undefined) =>
  a === b || (b !== undefined && a.length === b.length && a.every((address, index) => address === b[index]));

const sameFrames = (a: FrameAddresses, b: FrameAddresses) =>
  Object.keys(a).length === Object.keys(b).length &&
  Object.entries(a).every(([id, list]) => sameList(list, b[id]));

/**
 * The addresses each tab shows, kept in storage.session under `tabAddresses:<tabId>` (DESIGN.md) so that a
 * worker started again still knows them. Each frame of a tab reports its own; the tab's list is their union.
 * Frames report at the same moment: each tab's reports are taken one after another (tab-records.ts), so
 * none is lost.
 * A report rewrites the tab's record, so the record has bounds (MAX_FRAMES_PER_TAB, MAX_ADDRESSES_PER_TAB)
 * and a report's cost is theirs, however many frames report: past them, the frames with the higher ids lose
 * what does not fit, until a frame before them shows fewer and they report again. The badge counts what the
 * popup lists: the addresses kept.
 */
export class TabAddresses {
  readonly #bounds: TabBounds;
  readonly #frames = new TabRecords<FrameAddresses>(tabAddressesFamily, {});

  constructor(bounds: TabBounds = { frames: MAX_FRAMES_PER_TAB, addresses: MAX_ADDRESSES_PER_TAB }) {
    this.#bounds = bounds;
  }

  /** Replaces one frame's list; answers how many distinct addresses the tab now shows. */
  report(tabId: number, frameId: number, addresses: string[]): Promise<number> {
    return this.#frames.update(tabId, (frames) => {
      const next = bounded({ ...frames, [String(frameId)]: [...new Set(addresses)] }, this.#bounds);
      // The record as it was when nothing changed, so that nothing is written.
      const record = sameFrames(next, frames) ? frames : next;
      return { record, answer: union(record).length };
    });
  }

  async of(tabId: number): Promise<string[]> {
    return union(await this.#frames.read(tabId));
  }

  /** A tab that loads a new page or closes shows nothing any more. */
  forget(tabId: number): void {
    this.#frames.forget(tabId);
  }
}
