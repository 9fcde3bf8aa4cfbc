import { describe, expect, it } from 'vitest';
import { createTabAddresses } from './tab-addresses.ts';
import type { SessionArea } from './tab-records.ts';

/** Session storage over a map, answering each read after a turn, as the browser's does. */
function memorySession(initial: Record<string, unknown> = {}) {
  const items = new Map(Object.entries(initial));
  const area: SessionArea = {
    get: async (key) => {
      await Promise.resolve();
      return items.has(key) ? { [key]: structuredClone(items.get(key)) } : {};
    },
    set: async (values) => {
      await Promise.resolve();
      for (const [key, value] of Object.entries(values)) items.set(key, structuredClone(value));
    },
    remove: async (key) => {
      items.delete(key);
    },
  };
  return { area, items };
}

describe("a tab's addresses", () => {
  it("are the union of its frames' reports, a frame's new report replacing its old one", async () => {
    const tabs = createTabAddresses(memorySession().area);
    expect(await tabs.report(1, 0, ['a@x.com', 'b@x.com', 'a@x.com'])).toBe(2);
    expect(await tabs.report(1, 5, ['b@x.com', 'c@y.com'])).toBe(3);
    expect(await tabs.report(1, 0, ['d@z.com'])).toBe(3);
    expect(await tabs.of(1)).toEqual(['d@z.com', 'b@x.com', 'c@y.com']);
    expect(await tabs.of(2)).toEqual([]);
  });

  it('lose no report when frames report at the same moment', async () => {
    const { area, items } = memorySession();
    const tabs = createTabAddresses(area);
    const counts = await Promise.all([0, 1, 2, 3].map((frame) => tabs.report(1, frame, [`f${frame}@x.com`])));
    expect(counts).toEqual([1, 2, 3, 4]);
    expect(Object.keys(items.get('tabAddresses:1') as object)).toEqual(['0', '1', '2', '3']);
  });

  it('are read back by a worker that started again, and a stored list of the wrong shape counts as none', async () => {
    const { area } = memorySession({
      'tabAddresses:1': { 0: ['kept@x.com'] },
      'tabAddresses:2': { 0: 'not a list' },
    });
    const restarted = createTabAddresses(area);
    expect(await restarted.of(1)).toEqual(['kept@x.com']);
    expect(await restarted.of(2)).toEqual([]);
    expect(await restarted.report(2, 0, ['new@x.com'])).toBe(1);
  });

  it('are forgotten with the page, in memory and in storage', async () => {
    const { area, items } = memorySession();
    const tabs = createTabAddresses(area);
    await tabs.report(1, 0, ['a@x.com']);
    tabs.forget(1);
    expect(items.has('tabAddresses:1')).toBe(false);
    expect(await tabs.of(1)).toEqual([]);
  });
});
