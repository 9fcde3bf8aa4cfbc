import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import {
  MAX_ADDRESSES_PER_PAGE,
  MAX_ADDRESSES_PER_TAB,
  MAX_FRAMES_PER_TAB,
  STORAGE_QUOTA_BYTES,
} from '#extension/limits.ts';
import { itemBytes } from '#extension/stored-size.ts';
import { refuseWrites, storedItems } from '#test/support/fake-storage.ts';
import { TabAddresses } from './tab-addresses.ts';

beforeEach(() => {
  fakeBrowser.reset();
  vi.restoreAllMocks();
});

describe("a tab's addresses", () => {
  it("are the union of its frames' reports, a frame's new report replacing its old one", async () => {
    const tabs = new TabAddresses();
    expect(await tabs.report(1, 0, ['a@x.com', 'b@x.com', 'a@x.com'])).toBe(2);
    expect(await tabs.report(1, 5, ['b@x.com', 'c@y.com'])).toBe(3);
    expect(await tabs.report(1, 0, ['d@z.com'])).toBe(3);
    expect(await tabs.of(1)).toEqual(['d@z.com', 'b@x.com', 'c@y.com']);
    expect(await tabs.of(2)).toEqual([]);
  });

  it('lose no report when frames report at the same moment', async () => {
    const tabs = new TabAddresses();
    const counts = await Promise.all([0, 1, 2, 3].map((frame) => tabs.report(1, frame, [`f${frame}@x.com`])));
    expect(counts).toEqual([1, 2, 3, 4]);
    expect(Object.keys((await storedItems('session'))['tabAddresses:1'] as object)).toEqual([
      '0',
      '1',
      '2',
      '3',
    ]);
  });

  it('are read back by a worker that started again, and a stored list of the wrong shape counts as none', async () => {
    await fakeBrowser.storage.session.set({
      'tabAddresses:1': { 0: ['kept@x.com'] },
      'tabAddresses:2': { 0: 'not a list' },
    });
    const restarted = new TabAddresses();
    expect(await restarted.of(1)).toEqual(['kept@x.com']);
    expect(await restarted.of(2)).toEqual([]);
    expect(await restarted.report(2, 0, ['new@x.com'])).toBe(1);
  });

  it('are forgotten with the page, in memory and in storage', async () => {
    const tabs = new TabAddresses();
    await tabs.report(1, 0, ['a@x.com']);
    tabs.forget(1);
    expect(await tabs.of(1)).toEqual([]);
    expect(await storedItems('session')).toEqual({});
    expect(await new TabAddresses().of(1)).toEqual([]);
  });

  it('are forgotten with the page while a report is on its way, which cannot bring them back', async () => {
    const tabs = new TabAddresses();
    const reporting = tabs.report(1, 0, ['a@x.com']);
    tabs.forget(1);
    await reporting;
    expect(await tabs.of(1)).toEqual([]);
    await expect.poll(() => storedItems('session')).toEqual({});
  });

  it('are forgotten without a read of what storage holds', async () => {
    const tabs = new TabAddresses();
    const reads = vi.spyOn(fakeBrowser.storage.session, 'get');
    tabs.forget(1);
    await expect.poll(() => storedItems('session')).toEqual({});
    expect(reads.mock.calls.filter(([keys]) => keys !== null)).toEqual([]);
  });

  it('are counted in memory when a full session store refuses them, which is told once, and stored whole once it has room', async () => {
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const full = refuseWrites('session');
    const tabs = new TabAddresses();
    expect(await tabs.report(1, 0, ['a@x.com'])).toBe(1);
    expect(await tabs.report(1, 1, ['b@x.com'])).toBe(2);
    expect(await tabs.of(1)).toEqual(['a@x.com', 'b@x.com']);
    expect(warned).toHaveBeenCalledOnce();
    expect(String(warned.mock.calls[0])).toMatch(/tabAddresses:1.*QUOTA_BYTES/s);
    full.mockRestore();
    expect(await tabs.report(1, 2, ['c@x.com'])).toBe(3);
    expect((await storedItems('session'))['tabAddresses:1']).toEqual({
      0: ['a@x.com'],
      1: ['b@x.com'],
      2: ['c@x.com'],
    });
    // A worker started again knows them all.
    expect(await new TabAddresses().of(1)).toEqual(['a@x.com', 'b@x.com', 'c@x.com']);
  });

  it('are stored again after a refused write even by a report that changes nothing', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const tabs = new TabAddresses();
    await tabs.report(1, 0, ['a@x.com']);
    const full = refuseWrites('session');
    await tabs.report(1, 1, ['b@x.com']);
    full.mockRestore();
    await tabs.report(1, 1, ['b@x.com']);
    expect((await storedItems('session'))['tabAddresses:1']).toEqual({ 0: ['a@x.com'], 1: ['b@x.com'] });
  });
});

/** `count` addresses of one frame, each of its own: none is in another frame's list. */
const addressesOfFrame = (frame: number, count: number) =>
  Array.from({ length: count }, (_, index) => `user${index}@frame${frame}.example.com`);

/** The addresses in a stored record, each frame's counted. */
const entries = (record: unknown) => Object.values(record as Record<string, string[]>).flat().length;

describe("a tab's addresses, bounded", () => {
  it('24 frames of 5,000 addresses each: the record keeps to its bounds and stays small', async () => {
    const tabs = new TabAddresses();
    let count = 0;
    for (let frame = 0; frame < 24; frame++)
      count = await tabs.report(1, frame, addressesOfFrame(frame, MAX_ADDRESSES_PER_PAGE));
    const record = (await storedItems('session'))['tabAddresses:1'] as Record<string, string[]>;
    expect(entries(record)).toBeLessThanOrEqual(MAX_ADDRESSES_PER_TAB);
    expect(Object.keys(record).length).toBeLessThanOrEqual(MAX_FRAMES_PER_TAB);
    // Its bytes are those of the bound's addresses, a small share of the session store all tabs share.
    const longest = Math.max(
      ...Object.values(record)
        .flat()
        .map((address) => address.length),
    );
    const bytes = itemBytes('tabAddresses:1', record);
    expect(bytes).toBeLessThanOrEqual(MAX_ADDRESSES_PER_TAB * (longest + 3) + 1_024);
    expect(bytes).toBeLessThan(STORAGE_QUOTA_BYTES / 20);
    // The badge counts what the popup lists: the addresses kept, each once.
    expect(count).toBe((await tabs.of(1)).length);
    expect(count).toBe(new Set(Object.values(record).flat()).size);
    // The page's own frame keeps its list whole.
    expect(record[0]).toEqual(addressesOfFrame(0, MAX_ADDRESSES_PER_PAGE));
  });

  it('24 frames of 5,000 addresses each: a report writes no more than the bound, and the last no more than the first', async () => {
    const tabs = new TabAddresses();
    const writes = vi.spyOn(fakeBrowser.storage.session, 'set');
    /** The addresses each report wrote to storage (none when it wrote nothing). */
    const written: number[] = [];
    for (let frame = 0; frame < 24; frame++) {
      writes.mockClear();
      await tabs.report(1, frame, addressesOfFrame(frame, MAX_ADDRESSES_PER_PAGE));
      written.push(
        writes.mock.calls.reduce((sum, [items]) => sum + entries(items['tabAddresses:1'] ?? {}), 0),
      );
    }
    expect(Math.max(...written)).toBeLessThanOrEqual(MAX_ADDRESSES_PER_TAB);
    const sum = (reports: number[]) => reports.reduce((total, count) => total + count, 0);
    expect(sum(written.slice(12))).toBeLessThanOrEqual(sum(written.slice(0, 12)));
  });

  it('keeps the frames in the order of their ids, each as far as there is room, and a frame past them not at all', async () => {
    const tabs = new TabAddresses({ frames: 2, addresses: 3 });
    expect(await tabs.report(1, 7, ['c@x.com', 'd@x.com'])).toBe(2);
    expect(await tabs.report(1, 0, ['a@x.com', 'b@x.com'])).toBe(3);
    expect(await tabs.of(1)).toEqual(['a@x.com', 'b@x.com', 'c@x.com']);
    // Frame 3 comes before frame 7: 7 has no room left, and is past the frames kept.
    expect(await tabs.report(1, 3, ['e@x.com'])).toBe(3);
    expect(await tabs.of(1)).toEqual(['a@x.com', 'b@x.com', 'e@x.com']);
    expect(await tabs.report(1, 9, ['f@x.com'])).toBe(3);
    expect((await storedItems('session'))['tabAddresses:1']).toEqual({
      0: ['a@x.com', 'b@x.com'],
      3: ['e@x.com'],
    });
    // A frame that shows none makes room; what was not kept comes back with its frame's next report.
    expect(await tabs.report(1, 0, [])).toBe(1);
    expect(await tabs.report(1, 7, ['c@x.com', 'd@x.com'])).toBe(3);
    expect(await tabs.of(1)).toEqual(['e@x.com', 'c@x.com', 'd@x.com']);
  });

  it('holds a record stored past its bounds (by an earlier version) to them at the next report', async () => {
    await fakeBrowser.storage.session.set({
      'tabAddresses:1': Object.fromEntries(
        Array.from({ length: 30 }, (_, frame) => [frame, addressesOfFrame(frame, 10)]),
      ),
    });
    const tabs = new TabAddresses({ frames: 4, addresses: 25 });
    expect(await tabs.report(1, 40, ['late@x.com'])).toBe(25);
    const record = (await storedItems('session'))['tabAddresses:1'] as Record<string, string[]>;
    expect(Object.keys(record)).toEqual(['0', '1', '2']);
    expect(entries(record)).toBe(25);
  });

  it('a report that changes nothing writes nothing', async () => {
    const tabs = new TabAddresses({ frames: 1, addresses: 10 });
    await tabs.report(1, 0, ['a@x.com']);
    const writes = vi.spyOn(fakeBrowser.storage.session, 'set');
    expect(await tabs.report(1, 0, ['a@x.com'])).toBe(1);
    expect(await tabs.report(1, 4, ['past@x.com'])).toBe(1);
    expect(writes).not.toHaveBeenCalled();
  });
});
