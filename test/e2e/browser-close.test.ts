import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSERS, launchBareBrowser } from '../support/driver.ts';
import { type PageServer, startPageServer } from '../support/page-server.ts';
import { closeAll, isRunning } from '../support/teardown.ts';

/**
 * A suite's close of its browser is over only once every process of that browser is: a browser left
 * running keeps its connections to the suite's servers open, and loads the machine for the files after it.
 * Shown with a browser whose content processes no longer answer (stopped), which makes it slow to shut down.
 */

/** The fields of /proc/<pid>/stat after the command name (which may hold spaces): state, parent, group... */
function statOf(pid: number): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

const processIds = () =>
  readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number);
const childrenOf = (parent: number) => processIds().filter((pid) => statOf(pid)?.[1] === String(parent));
/** The processes of a process group that still run (a zombie has exited). */
const runningInGroup = (group: number) =>
  processIds().filter((pid) => statOf(pid)?.[2] === String(group) && isRunning(pid));

let pages: PageServer;
beforeAll(async () => {
  pages = await startPageServer();
});
afterAll(() => closeAll({ 'page server': pages }));

describe.each(BROWSERS)('closing %s', (name) => {
  it('ends every process of the browser, even when its content processes no longer answer', {
    // The browser's grace time to exit when asked (20 s), beside its launch.
    timeout: 60_000,
  }, async () => {
    const before = childrenOf(process.pid);
    const browser = await launchBareBrowser(name);
    const page = await browser.openPage(pages.url('blank.html'));
    expect(await page.evaluate(() => document.title, null)).toBe('Blank');
    const [leader, ...others] = childrenOf(process.pid).filter((pid) => !before.includes(pid));
    expect(others).toEqual([]);
    // Browsers are started in a process group of their own, which holds their content processes.
    const group = runningInGroup(leader as number);
    expect(group.length).toBeGreaterThan(1);
    for (const pid of group) if (pid !== leader) process.kill(pid, 'SIGSTOP');

    await browser.close();
    expect(runningInGroup(leader as number)).toEqual([]);
  });
});
