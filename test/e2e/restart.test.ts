import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import de from '../../public/_locales/de/messages.json';
import en from '../../public/_locales/en/messages.json';
import { BROWSERS, type BrowserDriver } from '../support/driver.ts';
import { type Backend, SUITE_HOVER_DELAY_MS, startBackend } from '../support/extension-stack.ts';
import { pollUntil } from '../support/poll-until.ts';
import {
  type RestartableBrowser,
  restartableBrowser,
  type StartedBrowser,
} from '../support/restartable-browser.ts';

/**
 * The first moments after the browser starts, in the profile of the day before: nothing a person sees waits
 * for the browser's policy service, and the policy it then gives is in force from that moment, in every
 * context. Chromium's service answers storage.managed seconds after a start (3 s on a 2-core machine); here a
 * stand-in holds it until the test says it is up (restartable-browser.ts), so whatever waited for it would
 * never come. Each restart's first words and first card are measured beside the same later in the same run,
 * the service up and the browser warm, and printed.
 */

/**
 * A test here starts a browser once or twice, installs or finds the extension, and reads a card and the popup
 * in each start: more than the suites' 30 s on 2 busy cores.
 */
const RESTART_TEST_TIMEOUT_MS = 180_000;

/** On plain.html; not the welcome page's sample domain (gmail.com), which that page looks up itself. */
const ADDRESS = 'sales@workspace-customer.example.com';
const DOMAIN = 'workspace-customer.example.com';

/** The popup's first words: its first contentful paint (it paints nothing before its words), ms after it opened. */
async function popupFirstWords(driver: BrowserDriver): Promise<{ ms: number; button: string | null }> {
  const popup = await driver.openPopup();
  const ms = await popup.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const painted = () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime;
        const seen = painted();
        if (seen !== undefined) return resolve(seen);
        new PerformanceObserver(() => {
          const at = painted();
          if (at !== undefined) resolve(at);
        }).observe({ type: 'paint', buffered: true });
        setTimeout(() => reject(new Error('the popup showed no words in 30 s')), 30_000);
      }),
    null,
  );
  const button = await popup.text('lookup-submit');
  await popup.close();
  return { ms, button };
}

/**
 * The first card on a page: when its addresses are found (underlined, ms after the page's navigation began)
 * and how long the card then takes to show the answer, from the pointer's first move (the pointer's moves
 * and the hover delay included; the card is read every 100 ms).
 */
async function firstCard(driver: BrowserDriver, url: string): Promise<{ found: number; card: number }> {
  const page = await driver.openPage(url);
  const found = await page.evaluate(
    (address) =>
      new Promise<number>((resolve, reject) => {
        // As in-page.ts's isUnderlined: the underline's ranges may be static ones, without toString().
        const underlined = () =>
          [...(CSS.highlights.get('webmail-lookup')?.keys() ?? [])].some(
            (range) =>
              range.startContainer instanceof Text &&
              range.startContainer.data.slice(range.startOffset, range.endOffset) === address,
          );
        const check = () => (underlined() ? resolve(performance.now()) : requestAnimationFrame(check));
        check();
        setTimeout(() => reject(new Error(`${address} was not found in 30 s`)), 30_000);
      }),
    ADDRESS,
  );
  const hovering = Date.now();
  await page.hoverText(ADDRESS);
  await page.card.answered();
  const card = Date.now() - hovering;
  expect(await page.card.text('provider-nice-name')).toBe('Google Workspace');
  await page.close();
  return { found, card };
}

/** The part of the extension's API a page function here uses. */
type Runtime = { runtime: { sendMessage(message: object): Promise<unknown> } };

/** A request sent from one of the extension's pages, as the popup sends it. */
async function ask(driver: BrowserDriver, request: object): Promise<unknown> {
  const page = await driver.openExtensionPage('control.html');
  const answer = await page.evaluate((message) => {
    const scope = globalThis as unknown as { browser?: Runtime; chrome?: Runtime };
    return (scope.browser ?? (scope.chrome as Runtime)).runtime.sendMessage(message);
  }, request);
  await page.close();
  return answer;
}

/** The policy the background has recorded, once `done` holds for it. */
function recordedPolicy(driver: BrowserDriver, done: (policy: unknown) => boolean = () => true) {
  return pollUntil(
    async () => (await driver.stored(['policySeen'])).policySeen,
    (policy) => policy !== undefined && done(policy),
    'the policy recorded',
  );
}

interface Moment {
  /** The popup's first words, ms after it opened. */
  words: number;
  /** The page's addresses underlined, ms after its navigation began. */
  found: number;
  /** The card's answer, ms after the pointer began to move to the address. */
  card: number;
}

function printFigures(label: string, restart: Moment, warm: Moment): void {
  const row = (what: string, key: keyof Moment) =>
    `${what} ${restart[key].toFixed(0)} ms after the restart, ${warm[key].toFixed(0)} ms later`;
  console.log(
    `${label}: ${row('popup first words', 'words')}; ${row('addresses found', 'found')}; ${row('card', 'card')}`,
  );
}

/**
 * A restart measured: the first words and the first card with the policy service held, then the same with it
 * up (answering `policy`) and the browser warm. Every lookup since the start (the `sent`th request to the
 * service) carries `keyBefore`, the key of the policy last seen or the person's, while the service is held.
 */
async function restartAndWarm(
  started: StartedBrowser,
  backend: Backend,
  want: { sent: number; keyBefore: string; words: string; policy: Record<string, unknown> | null },
): Promise<{ restart: Moment; warm: Moment }> {
  const url = backend.pages.url('plain.html');
  const firstWords = await popupFirstWords(started.driver);
  expect(firstWords.button).toBe(want.words);
  const first = await firstCard(started.driver, url);
  const lookups = backend.proxy.requests.slice(want.sent);
  expect(lookups.filter((r) => JSON.stringify(r.body).includes(DOMAIN))).toHaveLength(1);
  expect(new Set(lookups.map((r) => r.authorization))).toEqual(new Set([`Bearer ${want.keyBefore}`]));

  await started.policyServiceUp(want.policy);
  await started.policyServiceAnswered();
  await ask(started.driver, { type: 'clear-cache' });
  const warmWords = await popupFirstWords(started.driver);
  const warm = await firstCard(started.driver, url);
  return { restart: { words: firstWords.ms, ...first }, warm: { words: warmWords.ms, ...warm } };
}

describe.each(BROWSERS)('%s: the first moments after the browser starts', (name) => {
  let backend: Backend;
  let ownKey: string;
  let orgKey: string;
  beforeAll(async () => {
    backend = await startBackend({ credits: 100 });
    ownKey = backend.key;
    orgKey = await backend.service.createKey({ credits: 100 });
  });
  afterAll(async () => {
    await backend?.close();
  });

  /** The profile's first start, with the person's own key and settings. */
  async function firstStart(kept: RestartableBrowser): Promise<StartedBrowser> {
    const started = await kept.start();
    expect(started.firstStart).toBe(true);
    await started.driver.configure({
      apiKey: ownKey,
      settings: { baseUrl: backend.proxy.url, hoverDelayMs: SUITE_HOVER_DELAY_MS },
    });
    return started;
  }

  /** Closes the day: one lookup of the card's domain first (the service caches it, for each restart alike). */
  async function endOfDay(started: StartedBrowser): Promise<void> {
    await ask(started.driver, { type: 'lookup', domain: DOMAIN });
    await ask(started.driver, { type: 'clear-cache' });
    await started.close();
  }

  describe('without a policy', () => {
    let kept: RestartableBrowser;
    beforeAll(() => {
      kept = restartableBrowser(name);
    });
    // A test that failed half-way leaves its browser running: the next one starts it again.
    afterEach(() => kept?.closeRunning());
    afterAll(() => kept?.remove());

    it(
      'the first words and the first card come at once, the person’s key in the lookup',
      async () => {
        const first = await firstStart(kept);
        await first.policyServiceUp(null);
        // "None seen" is recorded, so that later starts wait for nothing.
        expect(await recordedPolicy(first.driver)).toEqual({});
        await endOfDay(first);

        const sent = backend.proxy.requests.length;
        const morning = await kept.start();
        expect(morning.firstStart).toBe(false);
        const { restart, warm } = await restartAndWarm(morning, backend, {
          sent,
          keyBefore: ownKey,
          words: en.popupLookupSubmit.message,
          policy: null,
        });
        printFigures(`${name}, no policy`, restart, warm);
        await morning.close();
      },
      RESTART_TEST_TIMEOUT_MS,
    );
  });

  describe('under a policy', () => {
    let kept: RestartableBrowser;
    let policy: Record<string, unknown>;
    beforeAll(() => {
      kept = restartableBrowser(name);
      policy = { apiKey: orgKey, baseUrl: backend.proxy.url, language: 'de' };
    });
    // A test that failed half-way leaves its browser running: the next one starts it again.
    afterEach(() => kept?.closeRunning());
    afterAll(() => kept?.remove());

    it(
      'the first run waits for the policy, and its first lookup carries the organisation’s key',
      async () => {
        const first = await firstStart(kept);
        const sent = backend.proxy.requests.length;
        const lookup = ask(first.driver, { type: 'lookup', domain: DOMAIN });
        // Time for the lookup to reach the background: one that did not wait would go with the person's key.
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        await first.policyServiceUp(policy);
        expect(await lookup).toMatchObject({ state: 'found', source: 'api' });
        const keys = new Set(backend.proxy.requests.slice(sent).map((r) => r.authorization));
        expect(keys).toEqual(new Set([`Bearer ${orgKey}`]));
        expect(await recordedPolicy(first.driver)).toMatchObject({ apiKey: orgKey, language: 'de' });
        await endOfDay(first);
      },
      RESTART_TEST_TIMEOUT_MS,
    );

    it(
      'after a restart, the policy last seen is in force at once: its words, its key',
      async () => {
        const sent = backend.proxy.requests.length;
        const morning = await kept.start();
        const { restart, warm } = await restartAndWarm(morning, backend, {
          sent,
          keyBefore: orgKey,
          words: de.popupLookupSubmit.message,
          policy,
        });
        printFigures(`${name}, under a policy`, restart, warm);
        await morning.close();
      },
      RESTART_TEST_TIMEOUT_MS,
    );

    it(
      'a policy removed while the browser was closed stops its key the moment the browser gives it',
      async () => {
        const morning = await kept.start();
        // Until the policy service answers, the policy last seen is in force: its language, its key.
        const popup = await morning.driver.openPopup();
        // The popup reloads itself when its language changes: a read meanwhile gives nothing.
        const button = () => popup.text('lookup-submit').catch(() => null);
        await pollUntil(button, (text) => text === de.popupLookupSubmit.message, 'the button');
        await morning.policyServiceUp(null);
        await recordedPolicy(morning.driver, (recorded) => JSON.stringify(recorded) === '{}');
        const landed = backend.proxy.requests.length;
        // The open popup follows: it speaks the browser's language again.
        await pollUntil(button, (text) => text === en.popupLookupSubmit.message, 'the button');
        await ask(morning.driver, { type: 'clear-cache' });
        expect(await ask(morning.driver, { type: 'lookup', domain: DOMAIN })).toMatchObject({
          source: 'api',
        });
        expect(backend.proxy.requests.slice(landed).map((r) => r.authorization)).toEqual([
          `Bearer ${ownKey}`,
        ]);
        await morning.close();
      },
      RESTART_TEST_TIMEOUT_MS,
    );
  });
});
