/**
 * The lookup path in real Chromium with the built extension, against the real service on loopback: the time
 * from the end of the hover delay to the card on screen (memory hit, storage hit after the worker stopped,
 * API answer), the service worker's cold start, and how many API requests 10 tabs hovering the same 50
 * domains at once cause.
 *
 * The card is timed with the real hover delay (HOVER_DELAY_MS), measured in the page: the content script
 * counts the delay from the pointer event's own timestamp, so the delay ends at that timestamp plus the
 * delay, and every figure is from there. "On screen" is the answer in the card's DOM, then the next frame
 * rendered: a task posted from the next requestAnimationFrame callback runs after that frame's style, layout
 * and paint (compositing to the display follows on other threads and is not counted).
 */
import type { CDPSession, Page } from 'playwright-core';
import { HOVER_DELAY_MS, MAX_CACHE_ENTRIES, REPORT_DEBOUNCE_MS } from '#extension/limits.ts';
import buildExtension from '#test/support/build-extension.ts';
import { chromiumCard } from '#test/support/extension-browser.ts';
import { type ExtensionStack, startExtensionStack } from '#test/support/extension-stack.ts';
import { startPageServer } from '#test/support/page-server.ts';
import { median, percentile, upperBudget } from './stats.ts';
import { ANSWER_INDEX_KEY, answerKey } from './stored-keys.ts';
import type { BenchRow } from './table.ts';

const MEMORY_SAMPLES = 15;
const STORAGE_SAMPLES = 7;
const API_SAMPLES = 9;
const COLD_START_SAMPLES = 5;
const TABS = 10;
const DOMAINS = 50;
/** The hover delay in the many-tabs part: only request counts are measured there, so it is kept short. */
const MANY_TABS_HOVER_DELAY_MS = 50;
/** The proxy holds every answer this long in the many-tabs part, so the tabs' requests overlap in flight. */
const MANY_TABS_PROXY_DELAY_MS = 300;
/** A frame at 60 Hz (1000 / 60, rounded): a cached card should be on screen within one. */
const ONE_FRAME_MS = 16.7;

/** Fresh domains under the fixture zones' wildcard (MX: Google Workspace), one per API sample and tab part. */
const benchDomain = (label: string) => `${label}.bench-customer.example.com`;
const CACHED_ADDRESS = `pat@${benchDomain('cached')}`;
const apiAddress = (i: number) => `api@${benchDomain(`api-${String(i).padStart(2, '0')}`)}`;
const tabsAddress = (i: number) => `tabs@${benchDomain(`tabs-${String(i).padStart(2, '0')}`)}`;
/** Hovered once in each tab before the many-tabs part, so that each has a card to watch. */
const WARM_ADDRESS = `warm@${benchDomain('warm')}`;

/** One address per line, small enough that every line is in view: the pointer never has to scroll. */
function addressPage(addresses: string[]): string {
  const lines = addresses.map((address) => `<p>Write to ${address} today.</p>`).join('\n');
  return `<!doctype html><html><head><meta charset="utf-8"><style>
    body { margin: 8px; font: 11px/13px sans-serif; } p { margin: 0; }
  </style></head><body>${lines}</body></html>`;
}

/**
 * Runs in the page with the card's closed shadow root (given by the DevTools protocol, as the tests reach
 * it: test/support/card.ts), before the pointer moves onto an address: it leaves on the root a promise,
 * `webmailLookupProbe`, that resolves once that address's card shows an answer and a frame has been
 * rendered after it. The card's root is there from its first showing in the page on, so each tab shows one
 * card before it is measured. Times are the page's (ms since `timeOrigin`, epoch ms): `pointerAt` is the
 * pointer event's own timestamp, from which the content script counts the hover delay; `cardAt` is when
 * the card for the address first appeared (loading or answered: its lookup was just sent); `answerAt` is
 * when the answer entered the DOM (a MutationObserver callback, in the same task); `frameAt` is the next
 * requestAnimationFrame callback (the frame that paints the answer begins); `frameDoneAt` is a task posted
 * from it, so it runs after that frame's style, layout and paint (both left null without `waitForFrame`).
 * The card draws its words from attributes (components/words.ts). A string: tsx's `keepNames` would wrap
 * inner functions in a `__name` the page lacks.
 */
const PROBE_CARD = `(root, { address, waitForFrame }) => {
  if (!root) return false;
  root.webmailLookupProbe = new Promise((resolve) => {
    const times = { timeOrigin: performance.timeOrigin, pointerAt: null, cardAt: null, answerAt: null, frameAt: null, frameDoneAt: null };
    document.addEventListener('pointermove', (event) => { times.pointerAt ??= event.timeStamp; }, { capture: true, once: true });
    const observer = new MutationObserver(() => {
      if (root.querySelector('.wl-address')?.getAttribute('data-words') !== address) return;
      times.cardAt ??= performance.now();
      if (!root.querySelector('[data-testid="provider-nice-name"]')) return;
      times.answerAt = performance.now();
      observer.disconnect();
      if (!waitForFrame) return resolve(times);
      requestAnimationFrame(() => {
        times.frameAt = performance.now();
        const channel = new MessageChannel();
        channel.port1.onmessage = () => { times.frameDoneAt = performance.now(); resolve(times); };
        channel.port2.postMessage(null);
      });
    });
    observer.observe(root, { childList: true, subtree: true, characterData: true, attributes: true });
  });
  return true;
}`;

interface CardTimes {
  timeOrigin: number;
  pointerAt: number;
  cardAt: number;
  answerAt: number;
  frameAt: number;
  frameDoneAt: number;
}

/** The centre of each address's text on a page, without scrolling (a scroll closes the card). */
async function addressPoints(page: Page, addresses: string[]): Promise<{ x: number; y: number }[]> {
  const points = await page.evaluate((needles) => {
    const found: ({ x: number; y: number } | null)[] = needles.map(() => null);
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = (node as Text).data;
      needles.forEach((needle, i) => {
        const index = text.indexOf(needle);
        if (index === -1 || found[i]) return;
        const range = document.createRange();
        range.setStart(node as Text, index);
        range.setEnd(node as Text, index + needle.length);
        const rect = range.getBoundingClientRect();
        if (rect.bottom <= window.innerHeight)
          found[i] = { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 };
      });
    }
    return found;
  }, addresses);
  return points.map((point, i) => {
    if (!point) throw new Error(`${addresses[i]} is not in view`);
    return point;
  });
}

const STEP_TIMEOUT_MS = 15_000;

/** A step of the benchmark that must not hang it: rejects, naming what it waited for, after 15 s. */
function withTimeout<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`waited ${STEP_TIMEOUT_MS} ms for ${what}`)), STEP_TIMEOUT_MS);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Waits until the content script has found the page's addresses (they are underlined): hovers work from then. */
async function waitForUnderlines(page: Page, count: number): Promise<void> {
  await page.waitForFunction(`(CSS.highlights.get('webmail-lookup')?.size ?? 0) >= ${count}`);
}

/** Closes any card at once (Escape) with the pointer off every address. */
async function closeCard(page: Page): Promise<void> {
  await page.mouse.move(1, 1);
  await page.keyboard.press('Escape');
  await chromiumCard(page).closed();
}

/** The page's first card, untimed: it loads the card module and makes the card's root the probe watches. */
async function firstCard(page: Page, point: { x: number; y: number }): Promise<void> {
  await page.mouse.move(point.x, point.y);
  await chromiumCard(page).answered({ timeout: STEP_TIMEOUT_MS });
  await closeCard(page);
}

/**
 * Moves the pointer onto an address in one move (one pointer event) and waits for its card's answer, and
 * then for a frame if told.
 */
async function hoverUntilAnswered(
  page: Page,
  address: string,
  point: { x: number; y: number },
  { waitForFrame }: { waitForFrame: boolean },
) {
  const card = chromiumCard(page);
  if (!(await card.run(PROBE_CARD, { address, waitForFrame })))
    throw new Error('the page has shown no card yet, so there is no root to watch');
  await page.mouse.move(point.x, point.y);
  return withTimeout(
    card.run<null, CardTimes>('(root) => root.webmailLookupProbe', null),
    `the card for ${address}`,
  );
}

/**
 * One hover in one move (one pointer event), with no card open: the card's times, relative to the end of the
 * hover delay.
 */
async function timeCard(page: Page, address: string, point: { x: number; y: number }) {
  // Playwright's waits end on the page's animation frames, so without this pause every hover (and so every
  // end of the delay) would fall at the same point between two frames, and so would the wait for the next one.
  await page.waitForTimeout(Math.random() * ONE_FRAME_MS);
  const times = await hoverUntilAnswered(page, address, point, { waitForFrame: true });
  const delayEnd = times.pointerAt + HOVER_DELAY_MS;
  return {
    answer: times.answerAt - delayEnd,
    frame: times.frameAt - delayEnd,
    onScreen: times.frameDoneAt - delayEnd,
  };
}

type CardSample = Awaited<ReturnType<typeof timeCard>>;

function cardRow(name: string, samples: CardSample[], what: string, budget = ''): BenchRow {
  const onScreen = samples.map((sample) => sample.onScreen);
  const ms = median(onScreen);
  const medianOf = (key: keyof CardSample) => median(samples.map((sample) => sample[key])).toFixed(1);
  return {
    name,
    value: `${ms.toFixed(1)} ms`,
    detail:
      `median of ${samples.length} (p90 ${percentile(onScreen, 0.9).toFixed(1)}); answer in the DOM ` +
      `${medianOf('answer')}, its frame begins ${medianOf('frame')}; ${what}`,
    budget,
  };
}

/**
 * Stops the extension's service worker on demand (Chrome stops idle workers at any time; the DevTools
 * protocol does it now) and follows its running status, as the protocol reports it.
 */
async function workerControl(stack: ExtensionStack, page: Page) {
  const session = await stack.browser.context.newCDPSession(page);
  const script = `chrome-extension://${stack.browser.extensionId}/`;
  let status = 'unknown';
  /** When the worker last began to start (the benchmark's clock). */
  let startedAt = Number.NaN;
  const changed = new Set<() => void>();
  session.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
    const version = versions.find((candidate) => candidate.scriptURL.startsWith(script));
    if (!version) return;
    if (version.runningStatus === 'starting' && status !== 'starting') startedAt = performance.now();
    status = version.runningStatus;
    for (const listener of changed) listener();
  });
  await session.send('ServiceWorker.enable');
  return {
    startedAt: () => startedAt,
    /**
     * Stops the worker and waits until it has stopped. Every card shown or closed makes the content script
     * report the tab's addresses again (REPORT_DEBOUNCE_MS later), which would wake the worker: that report
     * is let through first.
     */
    async stop(): Promise<void> {
      await page.waitForTimeout(REPORT_DEBOUNCE_MS + 100);
      const stopped = new Promise<void>((resolve) => {
        const listener = () => {
          if (status !== 'stopped') return;
          changed.delete(listener);
          resolve();
        };
        changed.add(listener);
      });
      await session.send('ServiceWorker.stopAllWorkers');
      await withTimeout(stopped, 'the service worker to stop');
    },
    detach: () => session.detach(),
  };
}

/** The content script's isolated world in a page's main frame, to send messages as the card does. */
async function contentScriptWorld(stack: ExtensionStack, page: Page) {
  const session: CDPSession = await stack.browser.context.newCDPSession(page);
  const origin = `chrome-extension://${stack.browser.extensionId}`;
  let contextId: number | null = null;
  session.on('Runtime.executionContextCreated', ({ context }) => {
    const aux = context.auxData as { type?: string; isDefault?: boolean } | undefined;
    if (aux?.type === 'isolated' && context.origin === origin) contextId = context.id;
  });
  await session.send('Runtime.enable');
  if (contextId === null) throw new Error('the content script has no world in this page');
  const id: number = contextId;
  return {
    /** The round trip of one lookup message from the content script, in ms of the page's clock. */
    async lookupRoundTrip(domain: string): Promise<{ ms: number; sentAt: number; state: string }> {
      const { result, exceptionDetails } = await session.send('Runtime.evaluate', {
        contextId: id,
        awaitPromise: true,
        returnByValue: true,
        expression: `(async () => {
          const started = performance.now();
          const answer = await chrome.runtime.sendMessage({ type: 'lookup', domain: ${JSON.stringify(domain)} });
          return { ms: performance.now() - started, sentAt: performance.timeOrigin + started, state: answer?.state ?? 'none' };
        })()`,
      });
      if (exceptionDetails) throw new Error(`lookup message failed: ${exceptionDetails.text}`);
      return result.value;
    },
    detach: () => session.detach(),
  };
}

/** Part 1: the card after the hover delay, for each tier the answer can come from. */
async function benchCardTimes(stack: ExtensionStack, url: string): Promise<BenchRow[]> {
  const page = await stack.browser.context.newPage();
  await page.goto(url);
  await waitForUnderlines(page, 1 + API_SAMPLES);
  const apiAddresses = Array.from({ length: API_SAMPLES }, (_, i) => apiAddress(i));
  const [cachedPoint, ...apiPoints] = await addressPoints(page, [CACHED_ADDRESS, ...apiAddresses]);
  if (!cachedPoint) throw new Error('no point for the cached address');

  // The first hover loads the card module and puts the answer in both cache tiers.
  await firstCard(page, cachedPoint);
  const memory = [];
  for (let i = 0; i < MEMORY_SAMPLES; i++) {
    await closeCard(page);
    memory.push(await timeCard(page, CACHED_ADDRESS, cachedPoint));
  }
  const api = [];
  for (const [i, address] of apiAddresses.entries()) {
    await closeCard(page);
    api.push(await timeCard(page, address, apiPoints[i] as { x: number; y: number }));
  }
  const requestsBefore = stack.proxy.requests.length;
  const worker = await workerControl(stack, page);
  const storage = [];
  for (let attempt = 0; storage.length < STORAGE_SAMPLES; attempt++) {
    if (attempt >= 2 * STORAGE_SAMPLES) throw new Error('something else kept waking the worker');
    await closeCard(page);
    await worker.stop();
    const hoveredAt = performance.now();
    const sample = await timeCard(page, CACHED_ADDRESS, cachedPoint);
    // Only a hover that woke the worker itself counts (its pointer's arrival asks for the cached answer).
    if (worker.startedAt() > hoveredAt) storage.push(sample);
  }
  await worker.detach();
  if (stack.proxy.requests.length !== requestsBefore)
    throw new Error('a storage hit asked the API: the answer was not in storage');
  await page.close();

  return [
    cardRow(
      'card after the hover delay: memory hit',
      memory,
      `ms after the end of the delay (pointer event + ${HOVER_DELAY_MS} ms) to a task after the next frame's paint; the worker running, the answer in its memory tier`,
      `one frame: ${upperBudget(median(memory.map((sample) => sample.onScreen)), ONE_FRAME_MS, 'ms')}`,
    ),
    cardRow(
      'card after the hover delay: storage hit',
      storage,
      "the worker stopped before each hover: the pointer's arrival wakes it and asks for the cached answer, so its cold start and the storage read fall within the delay",
    ),
    cardRow(
      'card after the hover delay: API answer',
      api,
      'a fresh domain each: the loopback service (DNS on loopback, SQLite) through the proxy',
    ),
  ];
}

type ContentScriptWorld = Awaited<ReturnType<typeof contentScriptWorld>>;
type WorkerControl = Awaited<ReturnType<typeof workerControl>>;
/** Round trips from a stopped worker, and how long after each send the worker started. */
type ColdStarts = { trips: number[]; started: number[] };

/** Part 2: from a stopped worker to its first answer, asked from a content script as the card asks. */
async function benchColdStart(stack: ExtensionStack, url: string): Promise<BenchRow[]> {
  const page = await stack.browser.context.newPage();
  await page.goto(url);
  await waitForUnderlines(page, 1 + API_SAMPLES);
  const world = await contentScriptWorld(stack, page);
  const worker = await workerControl(stack, page);
  const domain = benchDomain('cached');
  const warm = [];
  for (let i = 0; i < COLD_START_SAMPLES; i++) warm.push((await world.lookupRoundTrip(domain)).ms);
  const fewEntries = await storedAnswerCount(stack);
  const few = await coldStarts(stack, world, worker, domain);
  await fillCache(stack, domain);
  const full = await coldStarts(stack, world, worker, domain);
  await worker.detach();
  await world.detach();
  await page.close();
  return [
    coldStartRow(
      'service worker cold start to first answer',
      few,
      `${fewEntries} answers cached; a warm round trip takes ${median(warm).toFixed(1)} ms`,
    ),
    coldStartRow(
      `the same, ${MAX_CACHE_ENTRIES} answers cached (full)`,
      full,
      'each answer is a chrome.storage.local item of its own, read when its domain is asked about',
    ),
  ];
}

/** COLD_START_SAMPLES lookups, each after stopping the worker; one the worker was awake for is retaken. */
async function coldStarts(
  stack: ExtensionStack,
  world: ContentScriptWorld,
  worker: WorkerControl,
  domain: string,
): Promise<ColdStarts> {
  const trips = [];
  const started = [];
  for (let attempt = 0; trips.length < COLD_START_SAMPLES; attempt++) {
    if (attempt >= 2 * COLD_START_SAMPLES) throw new Error('something else kept waking the worker');
    await worker.stop();
    const sentAt = performance.now();
    const trip = await world.lookupRoundTrip(domain);
    if (!(worker.startedAt() >= sentAt)) continue;
    if (trip.state !== 'found') throw new Error(`the cold worker answered ${trip.state}`);
    trips.push(trip.ms);
    const workerOrigin = await (await stack.browser.worker()).evaluate(() => performance.timeOrigin);
    started.push(workerOrigin - trip.sentAt);
  }
  return { trips, started };
}

/** How many answers the worker's stored cache holds. */
async function storedAnswerCount(stack: ExtensionStack): Promise<number> {
  return (await stack.browser.worker()).evaluate(async (indexKey) => {
    const area = (globalThis as unknown as ChromeStorage).chrome.storage.local;
    return ((await area.get(indexKey))[indexKey] as unknown[]).length;
  }, ANSWER_INDEX_KEY);
}

function coldStartRow(name: string, { trips, started }: ColdStarts, what: string): BenchRow {
  return {
    name,
    value: `${median(trips).toFixed(1)} ms`,
    detail:
      `median of ${COLD_START_SAMPLES} (p90 ${percentile(trips, 0.9).toFixed(1)}): a lookup message from the ` +
      `content script, the worker stopped by CDP before each; it starts ${median(started).toFixed(1)} ms after ` +
      `the send, then runs its script (the catalog with it) and reads the cache; ${what}`,
    budget: '',
  };
}

type ChromeStorage = {
  chrome: {
    storage: {
      local: { get(key: string): Promise<Record<string, unknown>>; set(items: object): Promise<void> };
    };
  };
};

/**
 * Fills the stored cache to MAX_CACHE_ENTRIES with copies of the cached domain's answer under made-up
 * domains, the asked domain last (most recently used), through the worker while it has nothing of its own
 * to write.
 */
async function fillCache(stack: ExtensionStack, domain: string): Promise<void> {
  await (await stack.browser.worker()).evaluate(
    async ({ domain, askedKey, indexKey, fillers }) => {
      const area = (globalThis as unknown as ChromeStorage).chrome.storage.local;
      const answer = (await area.get(askedKey))[askedKey] as { expiresAt: number } | undefined;
      if (!answer) throw new Error(`${domain} is not in the stored cache`);
      const items: Record<string, unknown> = {};
      for (const [, key] of fillers) items[key] = answer;
      items[indexKey] = [...fillers.map(([name]) => [name, answer.expiresAt]), [domain, answer.expiresAt]];
      await area.set(items);
    },
    {
      domain,
      askedKey: answerKey(domain),
      indexKey: ANSWER_INDEX_KEY,
      fillers: Array.from({ length: MAX_CACHE_ENTRIES - 1 }, (_, i) => {
        const name = `filler-${i}.example.com`;
        return [name, answerKey(name)] as const;
      }),
    },
  );
}

/** Part 3: 10 tabs hover the same 50 domains at once, each answer held by the proxy so requests overlap. */
async function benchManyTabs(stack: ExtensionStack, url: string): Promise<BenchRow[]> {
  await stack.browser.configure({ settings: { hoverDelayMs: MANY_TABS_HOVER_DELAY_MS } });
  stack.proxy.setDelay(MANY_TABS_PROXY_DELAY_MS);
  const addresses = Array.from({ length: DOMAINS }, (_, i) => tabsAddress(i));
  const tabs = await openTabsInOwnWindows(stack, url);
  const points = await addressPoints(tabs[0] as Page, addresses);
  const requestsBefore = stack.proxy.requests.length;
  const started = performance.now();
  const { shown, spreads, whileInFlight } = await hoverFromEveryTab(tabs, addresses, points);
  const seconds = (performance.now() - started) / 1000;
  await Promise.all(tabs.map((page) => page.close()));
  stack.proxy.setDelay(0);

  const requests = stack.proxy.requests.slice(requestsBefore);
  const counts = addresses.map((address) => {
    const domain = address.slice(address.indexOf('@') + 1);
    return requests.filter((request) => (request.body as { email?: unknown } | null)?.email === domain)
      .length;
  });
  const min = Math.min(...counts);
  const max = Math.max(...counts);
  return [
    {
      name: `API requests per domain, ${TABS} tabs × ${DOMAINS} domains at once`,
      value: `min ${min}, max ${max}`,
      detail:
        `${requests.length} requests in all; ${shown}/${TABS * DOMAINS} cards showed the answer; the tabs' cards for one ` +
        `domain appeared within ${median(spreads).toFixed(0)} ms (median; max ${Math.max(...spreads).toFixed(0)}); ` +
        `the proxy held each answer ${MANY_TABS_PROXY_DELAY_MS} ms, and ${whileInFlight} hovers asked meanwhile ` +
        `(the rest found the answer cached); hover delay ${MANY_TABS_HOVER_DELAY_MS} ms; ${seconds.toFixed(1)} s`,
      budget: `exactly 1 each: ${min === 1 && max === 1 && requests.length === DOMAINS ? 'OK' : 'MISSED'}`,
    },
  ];
}

/**
 * TABS tabs of the page, each in a window of its own and with a first card shown: headless Chromium renders
 * a window's background tabs at about two frames a second once their page changes, and pointer events wait
 * for a frame, which would pace the hovers by the browser's throttling rather than by the extension.
 */
async function openTabsInOwnWindows(stack: ExtensionStack, url: string): Promise<Page[]> {
  const opener = await stack.browser.context.newPage();
  await opener.goto(url);
  const tabs: Page[] = [];
  for (let i = 0; i < TABS; i++) {
    const [tab] = await Promise.all([
      stack.browser.context.waitForEvent('page'),
      opener.evaluate((target) => void window.open(target, `tab-${Math.random()}`, 'popup'), url),
    ]);
    await waitForUnderlines(tab, DOMAINS + 1);
    const [warmPoint] = await addressPoints(tab, [WARM_ADDRESS]);
    await firstCard(tab, warmPoint as { x: number; y: number });
    tabs.push(tab);
  }
  await opener.close();
  return tabs;
}

/** Every tab hovers each address at once, domain after domain. */
async function hoverFromEveryTab(
  tabs: Page[],
  addresses: string[],
  points: { x: number; y: number }[],
): Promise<{ shown: number; spreads: number[]; whileInFlight: number }> {
  let shown = 0;
  /** Per domain, how far apart the tabs' cards for it appeared, that is, their lookups were sent (ms). */
  const spreads: number[] = [];
  /** Hovers that asked while the first tab's request for the domain was still held by the proxy. */
  let whileInFlight = 0;
  // Bottom to top: a card opens below its address, so it never covers the next one.
  for (let i = addresses.length - 1; i >= 0; i--) {
    const point = points[i] as { x: number; y: number };
    const address = addresses[i] as string;
    // Each domain's hovers start from another tab: the tab that asks first spends its budget of lookups
    // without a click (HOVER_LOOKUP_BURST), and one tab first every time would spend it all.
    const hovers = await Promise.all(
      tabs.map((_, t) =>
        hoverUntilAnswered(tabs[(t + i) % TABS] as Page, address, point, { waitForFrame: false }).then(
          (times) => times.timeOrigin + times.cardAt,
          () => null,
        ),
      ),
    );
    const asked = hovers.filter((time) => time !== null);
    shown += asked.length;
    const first = Math.min(...asked);
    spreads.push(Math.max(...asked) - first);
    whileInFlight += asked.filter((time) => time > first && time < first + MANY_TABS_PROXY_DELAY_MS).length;
  }
  return { shown, spreads, whileInFlight };
}

export async function benchLookupPath(): Promise<BenchRow[]> {
  buildExtension();
  const stack = await startExtensionStack({ credits: 10_000, settings: { hoverDelayMs: HOVER_DELAY_MS } });
  const pages = await startPageServer({
    'lookup-path.html': addressPage([
      CACHED_ADDRESS,
      ...Array.from({ length: API_SAMPLES }, (_, i) => apiAddress(i)),
    ]),
    'many-domains.html': addressPage([
      WARM_ADDRESS,
      ...Array.from({ length: DOMAINS }, (_, i) => tabsAddress(i)),
    ]),
  });
  try {
    return [
      ...(await benchCardTimes(stack, pages.url('lookup-path.html'))),
      ...(await benchColdStart(stack, pages.url('lookup-path.html'))),
      ...(await benchManyTabs(stack, pages.url('many-domains.html'))),
    ];
  } finally {
    await pages.close();
    await stack.close();
  }
}
