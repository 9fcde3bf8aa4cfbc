/**
 * A stopped service worker woken by a lookup: Chromium stops the worker after 30 s idle, so most
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
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import type { LookupAnswer } from '#extension/lookup-result.ts';
import { HOSTED_GMAIL_INFO } from '#test/fixtures/hosted-examples.ts';
import buildExtension, { E2E_EXTENSION_DIR } from '#test/support/build-extension.ts';
import { unpackedExtensionId } from '#test/support/chromium-policy.ts';
import { launchPlainBrowser } from '#test/support/extension-browser.ts';
import { median, percentile, ratioBudget, upperBudget } from './stats.ts';
import { ANSWER_INDEX_KEY, answerKey } from './stored-keys.ts';
import type { BenchRow } from './table.ts';

/** The reference build: its background.js holds the disposable and free-mail lists as literals. */
export const EAGER_LISTS_COMMIT = 'ea5df1939e83ff4f1a75bb90df509893f18d11c3';
const SAMPLES = 15;
const STEP_TIMEOUT_MS = 15_000;
const REPO = new URL('..', import.meta.url).pathname;
/** A page of each extension with no script of its own, to send messages from. */
const WAKE_PAGE = 'bench-wake.html';
const CACHED_DOMAIN = 'gmail.com';
/** On the disposable list, under a parent on it: only the list answers it. */
const DISPOSABLE_DOMAIN = 'x7k2.mailinator.com';
/** Where this build records the policy last seen (policySeenItem, lib/extension/stored.ts). */
const POLICY_SEEN_KEY = 'policySeen';

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
    [answerKey(CACHED_DOMAIN)]: { answer, expiresAt },
    [ANSWER_INDEX_KEY]: [[CACHED_DOMAIN, expiresAt]],
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

type VariantName = 'floor' | 'eager' | 'lazy';
type Variant = { name: VariantName; dir: string; origin: string };

/** What each sample wakes, and for which domain; each round takes them in this order. */
const WAKE_CASES = [
  { name: 'floor', variant: 'floor', domain: CACHED_DOMAIN },
  { name: 'eagerCached', variant: 'eager', domain: CACHED_DOMAIN },
  { name: 'lazyCached', variant: 'lazy', domain: CACHED_DOMAIN },
  { name: 'eagerDisposable', variant: 'eager', domain: DISPOSABLE_DOMAIN },
  { name: 'lazyDisposable', variant: 'lazy', domain: DISPOSABLE_DOMAIN },
] as const satisfies { name: string; variant: VariantName; domain: string }[];
type WakeCase = (typeof WAKE_CASES)[number];
type WakeSamples = Record<WakeCase['name'], number[]>;
type WorkerStatus = Awaited<ReturnType<typeof workerStatus>>;

/** The wakes of the build in `lazyDir` beside the eager build in `eagerDir` and the floor. */
export async function measureWorkerWake(lazyDir: string, eagerDir: string): Promise<BenchRow[]> {
  const variants: Variant[] = (
    [
      { name: 'floor', dir: writeFloorExtension() },
      { name: 'eager', dir: withWakePage(eagerDir) },
      { name: 'lazy', dir: withWakePage(lazyDir) },
    ] as const
  ).map((variant) => ({ ...variant, origin: `chrome-extension://${unpackedExtensionId(variant.dir)}` }));
  // One browser for all three, so that every sample meets the same machine: Chromium takes a list of folders.
  const browser = await launchPlainBrowser(variants.map((variant) => variant.dir).join(','));
  try {
    const pages = await openWakePages(browser.context, variants);
    const session = await browser.context.newCDPSession(pages.floor);
    const { samples, retaken } = await sampleWakes(pages, variants, await workerStatus(session));
    await session.detach();
    const sizes = buildSizes(lazyDir, eagerDir);
    return [...wakeRows(samples, retaken, sizes), ...sizeRows(sizes)];
  } finally {
    await browser.close();
    for (const variant of variants) rmSync(variant.dir, { recursive: true, force: true });
  }
}

/** Each extension's page to send from; the eager and lazy ones with the cached answer in their storage. */
async function openWakePages(
  context: BrowserContext,
  variants: Variant[],
): Promise<Record<VariantName, Page>> {
  const pages: Partial<Record<VariantName, Page>> = {};
  for (const variant of variants) {
    const page = await context.newPage();
    await page.goto(`${variant.origin}/${WAKE_PAGE}`);
    pages[variant.name] = page;
  }
  for (const name of ['eager', 'lazy'] as const) {
    await pages[name]?.evaluate(
      (items) =>
        (
          globalThis as unknown as { chrome: { storage: { local: { set(items: object): Promise<void> } } } }
        ).chrome.storage.local.set(items),
      cachedItems(),
    );
  }
  await policyRecorded(pages.lazy as Page);
  return pages as Record<VariantName, Page>;
}

/**
 * Waits until this build has recorded the browser's policy (lib/settings/policy.ts): the samples are wakes in
 * a browser that has run a while, past its policy service's first answer (3 s after a start), as most are.
 */
async function policyRecorded(page: Page): Promise<void> {
  const deadline = performance.now() + STEP_TIMEOUT_MS;
  for (;;) {
    const recorded = await page.evaluate(
      async (key) =>
        (
          (await (
            globalThis as unknown as {
              chrome: { storage: { local: { get(key: string): Promise<Record<string, unknown>> } } };
            }
          ).chrome.storage.local.get(key)) as Record<string, unknown>
        )[key] !== undefined,
      POLICY_SEEN_KEY,
    );
    if (recorded) return;
    if (performance.now() > deadline) throw new Error('this build recorded no policy');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * SAMPLES rounds of every case; `retaken` counts the samples that found their worker awake, or still
 * stopping.
 */
async function sampleWakes(
  pages: Record<VariantName, Page>,
  variants: Variant[],
  status: WorkerStatus,
): Promise<{ samples: WakeSamples; retaken: number }> {
  const samples = Object.fromEntries(WAKE_CASES.map(({ name }) => [name, [] as number[]])) as WakeSamples;
  let retaken = 0;
  for (let round = 0; round < SAMPLES; round++) {
    for (const wakeCase of WAKE_CASES) {
      const origin = variants.find((variant) => variant.name === wakeCase.variant)?.origin as string;
      for (let attempt = 0; ; attempt++) {
        if (attempt > 3) throw new Error(`something else kept waking the ${wakeCase.variant} worker`);
        const ms = await wakeOnce(pages[wakeCase.variant], origin, wakeCase, status);
        if (ms === null) {
          retaken++;
          continue;
        }
        samples[wakeCase.name].push(ms);
        break;
      }
    }
  }
  return { samples, retaken };
}

/**
 * Stops every worker, then times one lookup from the page: null when the case's worker did not start
 * after the message was sent (something else woke it), so the sample says nothing of a wake.
 */
async function wakeOnce(page: Page, origin: string, { variant, domain }: WakeCase, status: WorkerStatus) {
  await status.stopAll();
  const sentAt = performance.now();
  const sample = await sendLookup(page, domain).catch((error: unknown) => {
    // Chromium refuses a message that reaches a worker while CDP is still stopping it: no wake to time.
    if (String(error).includes('Receiving end does not exist')) return null;
    throw error;
  });
  if (sample === null) return null;
  if (sample.state !== 'found')
    throw new Error(`the ${variant} worker answered ${sample.state} for ${domain}`);
  if (domain === DISPOSABLE_DOMAIN && sample.disposable !== true)
    throw new Error(`the ${variant} worker did not call ${domain} disposable`);
  return status.startedAt(origin) >= sentAt ? sample.ms : null;
}

function wakeRow(name: string, values: number[], what: string, budget = ''): BenchRow {
  return {
    name,
    value: `${median(values).toFixed(1)} ms`,
    detail: `median of ${values.length} (p90 ${percentile(values, 0.9).toFixed(1)}); ${what}`,
    budget,
  };
}

/** The sizes, in KB, of what each build loads, and the domain lists left in this build's scripts. */
interface BuildSizes {
  eagerBackground: number;
  lazyBackground: number;
  eagerPopup: number;
  lazyPopup: number;
  lazyBackgroundLists: string[];
  lazyPopupLists: string[];
}

function buildSizes(lazyDir: string, eagerDir: string): BuildSizes {
  return {
    eagerBackground: kilobytes([join(eagerDir, 'background.js')]),
    lazyBackground: kilobytes([join(lazyDir, 'background.js')]),
    eagerPopup: kilobytes(popupScripts(eagerDir)),
    lazyPopup: kilobytes(popupScripts(lazyDir)),
    lazyBackgroundLists: listsIn([join(lazyDir, 'background.js')]),
    lazyPopupLists: listsIn(popupScripts(lazyDir)),
  };
}

function wakeRows(samples: WakeSamples, retaken: number, sizes: BuildSizes): BenchRow[] {
  const { floor, eagerCached, lazyCached, eagerDisposable, lazyDisposable } = samples;
  const half = median(eagerCached) / 2;
  const note = `each after every worker was stopped by CDP; ${retaken} samples retaken (the worker was awake or still stopping)`;
  return [
    wakeRow(
      'wake to answer: a worker that only answers (floor)',
      floor,
      `${note}; what any extension's wake costs`,
    ),
    wakeRow(
      'wake to a cached answer: lists as literals (eager)',
      eagerCached,
      `the build of ${EAGER_LISTS_COMMIT.slice(0, 7)}, ${sizes.eagerBackground.toFixed(1)} KB background.js; from storage`,
    ),
    wakeRow(
      'wake to a cached answer: lists read when needed',
      lazyCached,
      `this build, ${sizes.lazyBackground.toFixed(1)} KB background.js; from storage, no list read`,
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
  ];
}

function sizeRows(sizes: BuildSizes): BenchRow[] {
  return [
    {
      name: 'background.js',
      value: `${sizes.lazyBackground.toFixed(1)} KB`,
      detail: `eager ${sizes.eagerBackground.toFixed(1)} KB; domain lists left in it: ${sizes.lazyBackgroundLists.join(', ') || 'none'}`,
      budget: ratioBudget(sizes.lazyBackground / sizes.eagerBackground, 0.5, "the eager build's"),
    },
    {
      name: 'popup scripts at open',
      value: `${sizes.lazyPopup.toFixed(1)} KB`,
      detail: `eager ${sizes.eagerPopup.toFixed(1)} KB; the rest is React and zod, shared with options`,
      budget: `no domain list: ${sizes.lazyPopupLists.length === 0 ? 'OK' : `MISSED (${sizes.lazyPopupLists.join(', ')})`}`,
    },
  ];
}
