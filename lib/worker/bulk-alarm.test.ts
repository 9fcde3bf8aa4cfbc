import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { LookupResult } from '#extension/lookup-result.ts';
import { bulkJobItem } from '#extension/stored.ts';
import { keepBulkRunAwake, listenForBulkAlarm } from './bulk-alarm.ts';
import { startJob } from './bulk-job.ts';
import { BulkRunner } from './bulk-run.ts';

beforeEach(() => {
  fakeBrowser.reset();
});

const NOT_FOUND: LookupResult = {
  state: 'not-found',
  reason: 'unrecognised',
  message: 'Not found',
  source: 'api',
  fetchedAt: 0,
};

/** A worker's runner, with the browser's alarm; `lookup` answers for the service. */
const runner = (lookup: (domain: string) => Promise<LookupResult>) =>
  new BulkRunner({ lookup, keepAwake: keepBulkRunAwake });

describe("the bulk run's alarm", () => {
  it('is set while a run is unfinished, and cleared when it ends', async () => {
    let answer: () => void = () => {};
    const bulk = runner(() => new Promise((resolve) => (answer = () => resolve(NOT_FOUND))));
    await bulk.start(['a.example.com']);
    await expect.poll(() => fakeBrowser.alarms.get('bulk-run')).toMatchObject({ periodInMinutes: 1 });
    answer();
    await bulk.resume();
    expect(await fakeBrowser.alarms.getAll()).toEqual([]);
  });

  it('takes up, when it rings, the run a stopped worker left unfinished', async () => {
    await bulkJobItem.setValue(startJob(['a.example.com', 'b.example.com']));
    const looked: string[] = [];
    const woken = runner(async (domain) => {
      looked.push(domain);
      return NOT_FOUND;
    });
    listenForBulkAlarm(woken);
    await fakeBrowser.alarms.onAlarm.trigger({ name: 'bulk-run', scheduledTime: Date.now() });
    // Asking for the run's status would take it up too: only the alarm may here.
    await expect.poll(() => looked.sort()).toEqual(['a.example.com', 'b.example.com']);
    await expect.poll(async () => (await bulkJobItem.getValue())?.state).toBe('finished');
  });
});
