import { tabAddressesFamily } from '#extension/stored.ts';
import { TabRecords } from './tab-records.ts';

/** Per frame id, the addresses that frame reported. */
type FrameAddresses = Record<string, string[]>;

const union = (frames: FrameAddresses) => [...new Set(Object.values(frames).flat())];

/**
 * The addresses each tab shows, kept in storage.session under `tabAddresses:<tabId>` (DESIGN.md) so that a
 * worker started again still knows them. Each frame of a tab reports its own; the tab's list is their union.
 * Frames report at the same moment: each tab's reports are taken one after another (tab-records.ts), so
 * none is lost.
 */
export class TabAddresses {
  readonly #frames = new TabRecords<FrameAddresses>(tabAddressesFamily, {});

  /** Replaces one frame's list; answers how many distinct addresses the tab now shows. */
  report(tabId: number, frameId: number, addresses: string[]): Promise<number> {
    return this.#frames.update(tabId, (frames) => {
      const record = { ...frames, [String(frameId)]: [...new Set(addresses)] };
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
