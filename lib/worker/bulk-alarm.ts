import { browser } from 'wxt/browser';
import { BULK_ALARM_PERIOD_MINUTES } from '#extension/limits.ts';
import type { BulkRunner } from './bulk-run.ts';

const BULK_ALARM = 'bulk-run';

/**
 * An alarm while a bulk run is unfinished. The browser stops an idle worker (Chrome after 30 s: a run held
 * by a long 429, or whose page was closed, is idle), and runtime.onStartup and onInstalled do not fire when
 * it starts one again; an alarm does, and a worker that starts takes the run up (lib/worker/bulk-run.ts).
 */
export async function keepBulkRunAwake(running: boolean): Promise<void> {
  if (running) {
    const existing = await browser.alarms.get(BULK_ALARM);
    if (!existing) await browser.alarms.create(BULK_ALARM, { periodInMinutes: BULK_ALARM_PERIOD_MINUTES });
  } else {
    await browser.alarms.clear(BULK_ALARM);
  }
}

/** Listens for the run's alarm; registered when the worker starts, so that the alarm's event wakes it. */
export function listenForBulkAlarm(runner: Pick<BulkRunner, 'resume'>): void {
  browser.alarms.onAlarm.addListener((alarm) => {
    if (alarm.name === BULK_ALARM) void runner.resume();
  });
}
