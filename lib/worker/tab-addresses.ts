import { z } from 'zod';
import type { SessionArea } from './tab-records.ts';

type FrameAddresses = Record<string, string[]>;

const tabKey = (tabId: number) => `tabAddresses:${tabId}`;
const frameAddressesSchema = z.record(z.string(), z.array(z.string()));

/**
 * The addresses each tab shows, kept in session storage so that a restarted worker still knows them. Each
 * frame of a tab reports its own; the tab's list is their union.
 */
export function createTabAddresses(session: SessionArea) {
  /**
   * Frames report at the same moment; each tab's updates run one after another on a promise chain, so no
   * read-modify-write of its list loses another frame's report.
   */
  const updates = new Map<number, Promise<FrameAddresses>>();

  async function stored(tabId: number): Promise<FrameAddresses> {
    const parsed = frameAddressesSchema.safeParse((await session.get(tabKey(tabId)))[tabKey(tabId)]);
    return parsed.success ? parsed.data : {};
  }

  const union = (frames: FrameAddresses) => [...new Set(Object.values(frames).flat())];

  return {
    /** Replaces one frame's list; answers how many distinct addresses the tab now shows. */
    async report(tabId: number, frameId: number, addresses: string[]): Promise<number> {
      const next = (updates.get(tabId) ?? stored(tabId)).then(async (frames) => {
        const updated = { ...frames, [String(frameId)]: [...new Set(addresses)] };
        await session.set({ [tabKey(tabId)]: updated });
        return updated;
      });
      updates.set(
        tabId,
        next.catch(() => ({})),
      );
      return union(await next).length;
    },
    async of(tabId: number): Promise<string[]> {
      return union(await (updates.get(tabId) ?? stored(tabId)));
    },
    /** A tab that loads a new page or closes shows nothing any more. */
    forget(tabId: number): void {
      updates.delete(tabId);
      void session.remove(tabKey(tabId));
    },
  };
}

export type TabAddresses = ReturnType<typeof createTabAddresses>;
