// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ContentScriptContext } from 'wxt/utils/content-script-context';
import { applyWords } from '#extension/i18n.ts';
import type { LookupResult } from '#extension/lookup-result.ts';
import { sendRequest } from '#extension/messaging.ts';
import german from '#locales/de/messages.json';
import english from '#locales/en/messages.json';
import { CARD_TAG } from '#page/card-module.ts';
import { takeTopLevelDomains } from '#page/top-level-domains-module.ts';
import { HOSTED_GMAIL_INFO } from '#test/fixtures/hosted-examples.ts';
import { type CardUi, createCardUi } from './card.tsx';

vi.mock('#extension/messaging.ts', () => ({ sendRequest: vi.fn() }));
// The build's module of top-level domains is no file here; the unit tests read the list from its package.
vi.mock('#page/top-level-domains-module.ts', () => ({
  TOP_LEVEL_DOMAINS_FILE: 'content-scripts/top-level-domains.js',
  takeTopLevelDomains: vi.fn(),
}));

/** Only what the card uses of WXT's content script context. */
function fakeContext(): ContentScriptContext {
  return { onInvalidated: () => () => {} } as unknown as ContentScriptContext;
}

/** What the content script hands over: the list it loaded. */
const PACKED_TOP_LEVEL_DOMAINS = 'packed top-level domains';
const CARD_SETTINGS = { searchQueryTemplate: '{address}', sendingAddresses: [] };
const TARGET = { address: 'jane@gmail.com', rect: new DOMRect(10, 10, 100, 16) };
const FOUND: LookupResult = { state: 'found', info: HOSTED_GMAIL_INFO, source: 'api', fetchedAt: Date.now() };

/** Lets pending promise callbacks run, but no task: nothing React might schedule for later. */
async function settleMicrotasks(): Promise<void> {
  for (let i = 0; i < 20; i++) await Promise.resolve();
}

/** The card's shadow root, kept as the card attaches it: closed, the page's view of the host has none. */
let root: ShadowRoot | null = null;
const attachShadow = Element.prototype.attachShadow;
vi.spyOn(Element.prototype, 'attachShadow').mockImplementation(function (this: Element, init) {
  root = attachShadow.call(this, init);
  return root;
});

const inCard = (testId: string) => root?.querySelector(`[data-testid="${testId}"]`) ?? null;
/** What the card shows in an element: its words are drawn by CSS from an attribute (components/words.ts). */
const wordsOf = (testId: string) => inCard(testId)?.getAttribute('data-words') ?? null;

let card: CardUi;
let answer: (result: LookupResult) => void;

beforeEach(async () => {
  vi.mocked(sendRequest).mockReset();
  vi.mocked(sendRequest).mockImplementation(
    () =>
      new Promise((resolve) => {
        answer = resolve as (result: LookupResult) => void;
      }) as ReturnType<typeof sendRequest>,
  );
  card = await createCardUi(fakeContext(), () => {}, PACKED_TOP_LEVEL_DOMAINS);
});

afterEach(() => card.hide());

describe('the hover card', () => {
  it('asks the background for the domain as it opens, and shows loading meanwhile', () => {
    card.show(TARGET, CARD_SETTINGS);
    expect(sendRequest).toHaveBeenCalledWith({ type: 'lookup', domain: 'gmail.com', intent: 'hover' });
    // Rendered at once, not in a task React schedules: the card is there for the next frame.
    expect(inCard('loading')).not.toBeNull();
  });

  it('puts the answer in the card as soon as it arrives, before any other task runs', async () => {
    card.show(TARGET, CARD_SETTINGS);
    answer(FOUND);
    await settleMicrotasks();
    expect(wordsOf('provider-nice-name')).toBe('Gmail');
  });

  it('asks nothing new when the open card is shown again (keyboard focus on it)', async () => {
    card.show(TARGET, CARD_SETTINGS);
    answer(FOUND);
    await settleMicrotasks();
    card.show(TARGET, CARD_SETTINGS);
    await settleMicrotasks();
    expect(sendRequest).toHaveBeenCalledTimes(1);
    expect(wordsOf('provider-nice-name')).toBe('Gmail');
  });

  it('shows an answer found cached during the hover delay, without asking again', async () => {
    card.show(TARGET, CARD_SETTINGS, Promise.resolve(FOUND));
    await settleMicrotasks();
    expect(wordsOf('provider-nice-name')).toBe('Gmail');
    expect(sendRequest).not.toHaveBeenCalled();
  });

  it('asks for a lookup when nothing was cached', async () => {
    card.show(TARGET, CARD_SETTINGS, Promise.resolve(null));
    await settleMicrotasks();
    expect(sendRequest).toHaveBeenCalledWith({ type: 'lookup', domain: 'gmail.com', intent: 'hover' });
    answer(FOUND);
    await settleMicrotasks();
    expect(wordsOf('provider-nice-name')).toBe('Gmail');
  });

  it('is a closed shadow root: the page finds the host, and nothing in it', () => {
    card.show(TARGET, CARD_SETTINGS);
    const host = document.querySelector(CARD_TAG);
    expect(host).not.toBeNull();
    expect(host?.shadowRoot).toBeNull();
    expect(root?.mode).toBe('closed');
  });

  it('answers no click a script makes, even on a control inside it', async () => {
    card.show(TARGET, CARD_SETTINGS);
    answer(FOUND);
    await settleMicrotasks();
    (inCard('refresh') as HTMLElement).click();
    await settleMicrotasks();
    expect(sendRequest).toHaveBeenCalledTimes(1);
  });

  it('speaks the language its settings name: those words come first, then the card in them', async () => {
    card.show(TARGET, { ...CARD_SETTINGS, locale: 'de' });
    expect(sendRequest).toHaveBeenCalledWith({ type: 'words' });
    expect(inCard('loading')).toBeNull();
    try {
      answer({ locale: 'de', messages: german } as never);
      await vi.waitFor(() => expect(inCard('loading')?.outerHTML).toContain(german.stateLoading.message));
      expect(sendRequest).toHaveBeenLastCalledWith({ type: 'lookup', domain: 'gmail.com', intent: 'hover' });
    } finally {
      applyWords('en', english);
    }
  });

  it('asks again for a card opened anew', () => {
    card.show(TARGET, CARD_SETTINGS);
    card.hide();
    card.show(TARGET, CARD_SETTINGS);
    expect(sendRequest).toHaveBeenCalledTimes(2);
  });

  it('takes the top-level domains a typo suggestion reads from the list the content script hands over', () => {
    expect(takeTopLevelDomains).toHaveBeenCalledWith(PACKED_TOP_LEVEL_DOMAINS);
  });

  it('says the address a typo meant, over the page, drawn', () => {
    card.show({ ...TARGET, address: 'jane@gmial.com' }, CARD_SETTINGS);
    expect(wordsOf('did-you-mean')).toBe('Did you mean jane@gmail.com?');
  });
});
