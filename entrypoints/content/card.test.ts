// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ContentScriptContext } from 'wxt/utils/content-script-context';
import type { LookupResult } from '@/lib/lookup/result.ts';
import { sendRequest } from '@/lib/messages.ts';
import { HOSTED_GMAIL_INFO } from '@/test/fixtures/hosted-examples.ts';
import { type CardUi, createCardUi } from './card.tsx';
import { CARD_TAG } from './card-tag.ts';

vi.mock('@/lib/messages.ts', () => ({ sendRequest: vi.fn() }));

/** Only what the card uses of WXT's content script context. */
function fakeContext(): ContentScriptContext {
  return { onInvalidated: () => () => {} } as unknown as ContentScriptContext;
}

const CARD_SETTINGS = { searchQueryTemplate: '{address}', sendingAddresses: [] };
const TARGET = { address: 'jane@gmail.com', rect: new DOMRect(10, 10, 100, 16) };
const FOUND: LookupResult = { state: 'found', info: HOSTED_GMAIL_INFO, source: 'api', fetchedAt: Date.now() };

/** Lets pending promise callbacks run, but no task: nothing React might schedule for later. */
async function settleMicrotasks(): Promise<void> {
  for (let i = 0; i < 20; i++) await Promise.resolve();
}

const inCard = (testId: string) =>
  document.querySelector(CARD_TAG)?.shadowRoot?.querySelector(`[data-testid="${testId}"]`) ?? null;

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
  card = await createCardUi(fakeContext(), () => {});
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
    expect(inCard('provider-nice-name')?.textContent).toBe('Gmail');
  });

  it('asks nothing new when the open card is shown again (keyboard focus on it)', async () => {
    card.show(TARGET, CARD_SETTINGS);
    answer(FOUND);
    await settleMicrotasks();
    card.show(TARGET, CARD_SETTINGS);
    await settleMicrotasks();
    expect(sendRequest).toHaveBeenCalledTimes(1);
    expect(inCard('provider-nice-name')?.textContent).toBe('Gmail');
  });

  it('shows an answer found cached during the hover delay, without asking again', async () => {
    card.show(TARGET, CARD_SETTINGS, Promise.resolve(FOUND));
    await settleMicrotasks();
    expect(inCard('provider-nice-name')?.textContent).toBe('Gmail');
    expect(sendRequest).not.toHaveBeenCalled();
  });

  it('asks for a lookup when nothing was cached', async () => {
    card.show(TARGET, CARD_SETTINGS, Promise.resolve(null));
    await settleMicrotasks();
    expect(sendRequest).toHaveBeenCalledWith({ type: 'lookup', domain: 'gmail.com', intent: 'hover' });
    answer(FOUND);
    await settleMicrotasks();
    expect(inCard('provider-nice-name')?.textContent).toBe('Gmail');
  });

  it('asks again for a card opened anew', () => {
    card.show(TARGET, CARD_SETTINGS);
    card.hide();
    card.show(TARGET, CARD_SETTINGS);
    expect(sendRequest).toHaveBeenCalledTimes(2);
  });
});
