import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { ApiOutcome } from '#core/api/outcome.ts';
import { HOSTED_GMAIL_INFO } from '#test/fixtures/hosted-examples.ts';
import { answerCachesOfEachTest } from '#test/support/fake-storage.ts';
import { lookUpForCard } from './card-lookup.ts';
import { LookupService } from './lookup-service.ts';

beforeEach(() => {
  fakeBrowser.reset();
});

const newCache = answerCachesOfEachTest();

const FOUND: ApiOutcome = { kind: 'found', info: HOSTED_GMAIL_INFO, message: 'ok' };

/** The lookup service over the answer cache and an API whose answers the test releases; `left` lookups per tab. */
function setup(left: number) {
  const cache = newCache();
  const answers: ((outcome: ApiOutcome) => void)[] = [];
  const api = vi.fn(() => new Promise<ApiOutcome>((resolve) => answers.push(resolve)));
  const service = new LookupService({
    cache,
    callApi: async () => api,
    foundTtlMs: async () => 60_000,
    // Every lookup here has a key and an API that answers: none falls back to the catalog.
    offlineCatalog: async () => null,
  });
  const spent = new Map<number, number>();
  const budgets = {
    take: vi.fn(async (tabId: number) => {
      spent.set(tabId, (spent.get(tabId) ?? 0) + 1);
      return (spent.get(tabId) ?? 0) <= left;
    }),
  };
  /** Lets the API answer every request made so far. */
  const answerAll = async () => {
    await vi.waitFor(() => expect(answers.length).toBeGreaterThan(0));
    for (const answer of answers.splice(0)) answer(FOUND);
  };
  return { service, budgets, api, spent, answerAll };
}

const hover = (domain: string) => ({ domain, refresh: false, intent: 'hover' }) as const;

describe('a lookup a card asks for', () => {
  it('spends the tab’s budget on a hover that asks the API, and nothing on an answer cached since', async () => {
    const { service, budgets, api, spent, answerAll } = setup(5);
    const first = lookUpForCard(service, budgets, 1, hover('gmail.com'));
    await answerAll();
    expect((await first).state).toBe('found');
    expect((await lookUpForCard(service, budgets, 1, hover('gmail.com'))).state).toBe('found');
    expect(api).toHaveBeenCalledOnce();
    expect(spent.get(1)).toBe(1);
  });

  it('lets ten tabs hovering one domain at once wait for one lookup, spending one tab’s budget once', async () => {
    const { service, budgets, api, spent, answerAll } = setup(5);
    const cards = Array.from({ length: 10 }, (_, tab) =>
      lookUpForCard(service, budgets, tab, hover('acme.example')),
    );
    await answerAll();
    expect((await Promise.all(cards)).map((result) => result.state)).toEqual(Array(10).fill('found'));
    expect(api).toHaveBeenCalledOnce();
    expect([...spent.values()]).toEqual([1]);
  });

  it('a lookup one tab’s budget refused is no answer for the tabs that waited for it: they ask through theirs', async () => {
    const { service, budgets, api, answerAll } = setup(1);
    // Tab 1 spends its one lookup; then all three tabs hover another domain at once, tab 1 first.
    const spend = lookUpForCard(service, budgets, 1, hover('first.example'));
    await answerAll();
    await spend;
    const cards = [1, 2, 3].map((tab) => lookUpForCard(service, budgets, tab, hover('acme.example')));
    await answerAll();
    expect((await Promise.all(cards)).map((result) => result.state)).toEqual([
      'over-budget',
      'found',
      'found',
    ]);
    expect(api).toHaveBeenCalledTimes(2);
  });

  it('past the budget asks for a click, and a click looks up outside it', async () => {
    const { service, budgets, api, answerAll } = setup(0);
    expect(await lookUpForCard(service, budgets, 1, hover('acme.example'))).toEqual({ state: 'over-budget' });
    expect(api).not.toHaveBeenCalled();
    const click = lookUpForCard(service, budgets, 1, {
      domain: 'acme.example',
      refresh: false,
      intent: 'click',
    });
    await answerAll();
    expect((await click).state).toBe('found');
    expect(budgets.take).toHaveBeenCalledOnce();
  });

  it('counts every refresh, however asked, and refuses one past the budget', async () => {
    const { service, budgets, api, answerAll } = setup(1);
    const refresh = { domain: 'gmail.com', refresh: true, intent: 'click' } as const;
    const first = lookUpForCard(service, budgets, 1, refresh);
    await answerAll();
    expect((await first).state).toBe('found');
    expect(await lookUpForCard(service, budgets, 1, refresh)).toEqual({ state: 'over-budget' });
    expect(api).toHaveBeenCalledOnce();
    expect(api).toHaveBeenCalledWith({ email: 'gmail.com', skipCache: true });
  });
});
