/**
 * A stopped service worker woken by a lookup (issue 22): Chromium stops the worker after 30 s idle, so most
 * hovers wake it, and each wake evaluates the whole background script. Measured in one browser, in the same
 * run, for three extensions loaded side by side:
 * - this build, whose domain lists are files read when first needed (lib/worker/offline-catalog.ts);
 * - the build of EAGER_LISTS_COMMIT, the last one whose background script carried the lists as literals
 *   (built from `git archive` of that commit into a temporary folder, with this checkout's node_modules);
 * - the floor: a worker whose script is one message listener answering at once, what Chromium charges to
 *   wake any extension's worker.
 * Each sample stops every worker through the DevTools protocol (as test/e2e/dead-worker.test.ts does), then
 * sends one lookup message from an extension page of that extension and times the round trip in the page;
 * a sample counts only if the worker started after the message was sent. The cached lookup is answered from
 * chrome.storage.local (seeded before), so no network is measured; the disposable one has no key and is
 * answered by the built-in catalog, which needs the disposable list.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CDPSession, Page } from 'playwright-core';
import type { LookupAnswer } from '#extension/lookup-result.ts';
import { HOSTED_GMAIL_INFO } from '#test/fixtures/hosted-examples.ts';
import buildExtension, { E2E_EXTENSION_DIR } from '#test/support/build-extension.ts';
import { unpackedExtensionId } from '#test/support/chromium-policy.ts';
import { launchPlainBrowser } from '#test/support/extension-browser.ts';
import { CACHE_INDEX_KEY, cacheEntryKey } from '#worker/answer-cache.ts';
import { median, percentile, ratioBudget, upperBudget } from './stats.ts';
import type { BenchRow } from './table.ts';

/** main before issue 22: its background.js held the disposable and free-mail lists as literals. */
export const EAGER_LISTS_COMMIT = 'ea5df1939e83ff4f1a75bb90df509893f18d11c3';
const SAMPLES = 15;
const STEP_TIMEOUT_MS = 15_000;
const REPO = new URL('..', import.meta.url).pathname;
/** A page of each extension with no script of its own, to send messages from. */
const WAKE_PAGE = 'bench-wake.html';
const CACHED_DOMAIN = 'gmail.com';
/** On the disposable list, under a parent on it: only the list answers it. */
const DISPOSABLE_DOMAIN = 'x7k2.mailinator.com';

/** Builds the Chrome extension of EAGER_LISTS_COMMIT in a temporary folder and returns its output folder. */
function buildEagerReference(): { dir: string; remove(): void } {
  const work = mkdtempSync(join(tmpdir(), 'webmail-bench-eager-'));
  const archive = execFileSync('git', ['archive', '--format=tar', EAGER_LISTS_COMMIT], {
    cwd: REPO,
    maxBuffer: 256 * 1024 * 1024,
  });
  execFileSync('tar', ['x', '-C', work], { input: archive });
  symlinkSync(join(REPO, 'node_modules'), join(work, 'node_modules'));
  const result = spawnSync('npx', ['wxt', 'build', '-b', 'chrome'], {
    cwd: work,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      WXT_API_BASE_URL: 'http://127.0.0.1:8787',
      WXT_OUT_DIR: 'out',
    },
    encoding: 'utf8',
  });
  if (result.status !== 0)
    throw new Error(`the eager reference build failed:\n${result.stdout}\n${result.stderr}`);
  return { dir: join(work, 'out/chrome-mv3'), remove: () => rmSync(work, { recursive: true, force: true }) };
}

/** A copy of a built extension with the page to send messages from. */
function withWakePage(built: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'webmail-bench-wake-'));
  cpSync(built, dir, { recursive: true });
  writeFileSync(join(dir, WAKE_PAGE), '<!doctype html><title>wake</title>');
  return dir;
}

/** The floor: a worker that answers every message at once, and the page to send from. */
function writeFloorExtension(): string {
  const dir = mkdtempSync(join(tmpdir(), 'webmail-bench-floor-'));
  writeFileSync(
    join(dir, 'worker.js'),
    "chrome.runtime.onMessage.addListener((message, sender, respond) => { respond({ state: 'found' }); });",
  );
  writeFileSync(join(dir, WAKE_PAGE), '<!doctype html><title>wake</title>');
  const manifest = {
    manifest_version: 3,
    name: 'Floor',
    version: '1.0.0',
    background: { service_worker: 'worker.js' },
  };
  writeFileSync(join(dir, 'manifest.json'), JSON.stringify(manifest));
  return dir;
}

/** What the worker's cache holds for CACHED_DOMAIN, as answer-cache.ts writes it. */
function cachedItems(): Record<string, unknown> {
  const expiresAt = Date.now() + 24 * 3600 * 1000;
  const answer: LookupAnswer = {
    state: 'found',
    info: HOSTED_GMAIL_INFO,
    source: 'api',
    fetchedAt: Date.now(),
  };
  return {
    [cacheEntryKey(CACHED_DOMAIN)]: { answer, expiresAt },
    [CACHE_INDEX_KEY]: [[CACHED_DOMAIN, expiresAt]],
  };
}

/** Follows every extension worker's running status, and stops them all on demand. */
async function workerStatus(session: CDPSession) {
  const workers = new Map<string, { status: string; startedAt: number }>();
  const changed = new Set<() => void>();
  session.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
    for (const version of versions) {
      // Node's URL gives no origin for a scheme it does not know.
      const origin = `chrome-extension://${new URL(version.scriptURL).host}`;
      const worker = workers.get(origin) ?? { status: 'unknown', startedAt: Number.NaN };
      if (version.runningStatus === 'starting' && worker.status !== 'starting')
        worker.startedAt = performance.now();
      worker.status = version.runningStatus;
      workers.set(origin, worker);
    }
    for (const listener of changed) listener();
  });
  await session.send('ServiceWorker.enable');
  const allStopped = () => [...workers.values()].every((worker) => worker.status === 'stopped');
  return {
    startedAt: (origin: string) => workers.get(origin)?.startedAt ?? Number.NaN,
    async stopAll(): Promise<void> {
      const stopped = new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('the workers did not stop')), STEP_TIMEOUT_MS);
        const listener = () => {
          if (!allStopped()) return;
          changed.delete(listener);
          clearTimeout(timer);
          resolve();
        };
        changed.add(listener);
      });
      await session.send('ServiceWorker.stopAllWorkers');
      if (allStopped()) return;
      await stopped;
    },
  };
}

interface Sample {
  ms: number;
  state: string;
  disposable: boolean | null;
}

/** One lookup message from the page, timed in the page. */
function sendLookup(page: Page, domain: string): Promise<Sample> {
  return page.evaluate(async (domain) => {
    const runtime = (
      globalThis as unknown as { chrome: { runtime: { sendMessage(m: object): Promise<unknown> } } }
    ).chrome.runtime;
    const started = performance.now();
    const answer = (await runtime.sendMessage({ type: 'lookup', domain })) as
      | { state?: string; info?: { is_disposable?: boolean } }
      | undefined;
    return {
      ms: performance.now() - started,
      state: answer?.state ?? 'none',
      disposable: answer?.info?.is_disposable ?? null,
    };
  }, domain);
}

function kilobytes(paths: string[]): number {
  return paths.reduce((sum, path) => sum + statSync(path).size, 0) / 1024;
}

/** The scripts popup.html loads at open: its module scripts and the chunks it preloads. */
function popupScripts(dir: string): string[] {
  const html = readFileSync(join(dir, 'popup.html'), 'utf8');
  const sources = [...html.matchAll(/(?:src|href)="\/?([^"]+\.js)"/g)].map((match) => match[1] as string);
  if (sources.length === 0) throw new Error('popup.html names no script');
  return sources.map((source) => join(dir, source));
}

/** Strings only a domain list holds: one entry of each list, and one of the Public Suffix List. */
const LIST_MARKERS = {
  disposable: '0-mail.com',
  'free mail': '123box.net',
  'public suffixes': 'blogspot',
};

function listsIn(paths: string[]): string[] {
  const text = paths.map((path) => readFileSync(path, 'utf8')).join('\n');
  return Object.entries(LIST_MARKERS)
    .filter(([, marker]) => text.includes(marker))
    .map(([name]) => name);
}

export async function benchWorkerWake(): Promise<BenchRow[]> {
  buildExtension();
  const eager = buildEagerReference();
  try {
    return await measureWorkerWake(E2E_EXTENSION_DIR, eager.dir);
  } finally {
    eager.remove();
  }
}

/** The wakes of the build in `lazyDir` beside the eager build in `eagerDir` and the floor. */
export async function measureWorkerWake(lazyDir: string, eagerDir: string): Promise<BenchRow[]> {
  const variants = [
    { name: 'floor', dir: writeFloorExtension() },
    { name: 'eager', dir: withWakePage(eagerDir) },
    { name: 'lazy', dir: withWakePage(lazyDir) },
  ].map((variant) => ({ ...variant, origin: `chrome-extension://${unpackedExtensionId(variant.dir)}` }));
  // One browser for all three, so that every sample meets the same machine: Chromium takes a list of folders.
  const browser = await launchPlainBrowser(variants.map((variant) => variant.dir).join(','));
  try {
    const pages = new Map<string, Page>();
    for (const variant of variants) {
      const page = await browser.context.newPage();
      await page.goto(`${variant.origin}/${WAKE_PAGE}`);
      pages.set(variant.name, page);
    }
    for (const name of ['eager', 'lazy']) {
      await (pages.get(name) as Page).evaluate(
        (items) =>
          (
            globalThis as unknown as { chrome: { storage: { local: { set(items: object): Promise<void> } } } }
          ).chrome.storage.local.set(items),
        cachedItems(),
      );
    }
    const session = await browser.context.newCDPSession(pages.get('floor') as Page);
    const status = await workerStatus(session);
    const cases = [
      { variant: 'floor', domain: CACHED_DOMAIN },
      { variant: 'eager', domain: CACHED_DOMAIN },
      { variant: 'lazy', domain: CACHED_DOMAIN },
      { variant: 'eager', domain: DISPOSABLE_DOMAIN },
      { variant: 'lazy', domain: DISPOSABLE_DOMAIN },
    ];
    const samples = cases.map(() => [] as number[]);
    let skipped = 0;
    for (let round = 0; round < SAMPLES; round++) {
      for (const [i, { variant, domain }] of cases.entries()) {
        const origin = variants.find((candidate) => candidate.name === variant)?.origin as string;
        for (let attempt = 0; ; attempt++) {
          if (attempt > 3) throw new Error(`something else kept waking the ${variant} worker`);
          await status.stopAll();
          const sentAt = performance.now();
          const sample = await sendLookup(pages.get(variant) as Page, domain);
          if (sample.state !== 'found')
            throw new Error(`the ${variant} worker answered ${sample.state} for ${domain}`);
          if (domain === DISPOSABLE_DOMAIN && sample.disposable !== true)
            throw new Error(`the ${variant} worker did not call ${domain} disposable`);
          if (!(status.startedAt(origin) >= sentAt)) {
            skipped++;
            continue;
          }
          samples[i]?.push(sample.ms);
          break;
        }
      }
    }
    await session.detach();

    const [floor, eagerCached, lazyCached, eagerDisposable, lazyDisposable] = samples as number[][] as [
      number[],
      number[],
      number[],
      number[],
      number[],
    ];
    const wakeRow = (name: string, values: number[], what: string, budget = ''): BenchRow => ({
      name,
      value: `${median(values).toFixed(1)} ms`,
      detail: `median of ${values.length} (p90 ${percentile(values, 0.9).toFixed(1)}); ${what}`,
      budget,
    });
    const half = median(eagerCached) / 2;
    const eagerBackground = kilobytes([join(eagerDir, 'background.js')]);
    const lazyBackground = kilobytes([join(lazyDir, 'background.js')]);
    const eagerPopup = kilobytes(popupScripts(eagerDir));
    const lazyPopup = kilobytes(popupScripts(lazyDir));
    const lazyBackgroundLists = listsIn([join(lazyDir, 'background.js')]);
    const lazyPopupLists = listsIn(popupScripts(lazyDir));
    const note = `each after every worker was stopped by CDP; ${skipped} samples retaken (the worker was awake)`;
    return [
      wakeRow(
        'wake to answer: a worker that only answers (floor)',
        floor,
        `${note}; what any extension's wake costs`,
      ),
      wakeRow(
        'wake to a cached answer: lists as literals (eager)',
        eagerCached,
        `the build of ${EAGER_LISTS_COMMIT.slice(0, 7)}, ${eagerBackground.toFixed(1)} KB background.js; from storage`,
      ),
      wakeRow(
        'wake to a cached answer: lists read when needed',
        lazyCached,
        `this build, ${lazyBackground.toFixed(1)} KB background.js; from storage, no list read`,
        `half the eager build's: ${upperBudget(median(lazyCached), Number(half.toFixed(1)), 'ms')}; ${(median(lazyCached) - median(floor)).toFixed(1)} ms over the floor against ${(median(eagerCached) - median(floor)).toFixed(1)}`,
      ),
      wakeRow(
        'wake to a disposable answer offline: eager',
        eagerDisposable,
        `${DISPOSABLE_DOMAIN}, no key: the built-in catalog answers`,
      ),
      wakeRow(
        'wake to a disposable answer offline: lists read when needed',
        lazyDisposable,
        `the same; this wake reads catalog/disposable-domains.txt`,
        ratioBudget(median(lazyDisposable) / median(eagerDisposable), 1.25, "the eager build's"),
      ),
      {
        name: 'background.js',
        value: `${lazyBackground.toFixed(1)} KB`,
        detail: `eager ${eagerBackground.toFixed(1)} KB; domain lists left in it: ${lazyBackgroundLists.join(', ') || 'none'}`,
        budget: ratioBudget(lazyBackground / eagerBackground, 0.5, "the eager build's"),
      },
      {
        name: 'popup scripts at open',
        value: `${lazyPopup.toFixed(1)} KB`,
        detail: `eager ${eagerPopup.toFixed(1)} KB; the rest is React and zod, shared with options`,
        budget: `no domain list: ${lazyPopupLists.length === 0 ? 'OK' : `MISSED (${lazyPopupLists.join(', ')})`}`,
      },
    ];
  } finally {
    await browser.close();
    for (const variant of variants) rmSync(variant.dir, { recursive: true, force: true });
  }
}
