import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
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

  it('are counted in memory when a full session store refuses them', async () => {
    refuseWrites('session');
    const tabs = new TabAddresses();
    expect(await tabs.report(1, 0, ['a@x.com'])).toBe(1);
    expect(await tabs.report(1, 1, ['b@x.com'])).toBe(2);
    expect(await tabs.of(1)).toEqual(['a@x.com', 'b@x.com']);
  });
});
