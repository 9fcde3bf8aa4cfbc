import { describe, expect, it, vi } from 'vitest';
import { HOSTED_GMAIL_INFO } from '../../test/fixtures/hosted-examples.ts';
import { lookUpForCard } from './card-lookup.ts';
import type { LookupAnswer } from './result.ts';

const ANSWER: LookupAnswer = { state: 'found', info: HOSTED_GMAIL_INFO, source: 'api', fetchedAt: 0 };

function setup({ cached = null, left = 1 }: { cached?: LookupAnswer | null; left?: number } = {}) {
  let budget = left;
  const service = {
    cached: vi.fn(async () => cached),
    pending: vi.fn((): Promise<LookupAnswer> | null => null),
    lookup: vi.fn(async () => ANSWER),
  };
  const budgets = { take: vi.fn(async () => budget-- > 0) };
  return { service, budgets };
}

describe('a lookup a card asks for', () => {
  it('answers a hover from the cache without spending the budget', async () => {
    const { service, budgets } = setup({ cached: ANSWER, left: 0 });
    expect(
      await lookUpForCard(service, budgets, 1, { domain: 'gmail.com', refresh: false, intent: 'hover' }),
    ).toBe(ANSWER);
    expect(budgets.take).not.toHaveBeenCalled();
    expect(service.lookup).not.toHaveBeenCalled();
  });

  it('waits for a lookup another tab already started, without spending the budget', async () => {
    const { service, budgets } = setup({ left: 0 });
    service.pending.mockReturnValue(Promise.resolve(ANSWER));
    const hover = { domain: 'acme.example', refresh: false, intent: 'hover' } as const;
    expect(await lookUpForCard(service, budgets, 1, hover)).toBe(ANSWER);
    expect(budgets.take).not.toHaveBeenCalled();
    expect(service.lookup).not.toHaveBeenCalled();
  });

  it('spends the tab’s budget on a hover the cache cannot answer, and past it asks for a click', async () => {
    const { service, budgets } = setup({ left: 1 });
    const hover = { domain: 'acme.example', refresh: false, intent: 'hover' } as const;
    expect((await lookUpForCard(service, budgets, 1, hover)).state).toBe('found');
    expect(await lookUpForCard(service, budgets, 1, hover)).toEqual({ state: 'over-budget' });
    expect(service.lookup).toHaveBeenCalledOnce();
    expect(budgets.take).toHaveBeenCalledWith(1);
  });

  it('looks up on a click in the card past the budget', async () => {
    const { service, budgets } = setup({ left: 0 });
    const click = { domain: 'acme.example', refresh: false, intent: 'click' } as const;
    expect((await lookUpForCard(service, budgets, 1, click)).state).toBe('found');
    expect(service.lookup).toHaveBeenCalledWith('acme.example');
    expect(budgets.take).not.toHaveBeenCalled();
  });

  it('counts every refresh, however asked, and refuses one past the budget', async () => {
    const { service, budgets } = setup({ cached: ANSWER, left: 1 });
    const refresh = { domain: 'gmail.com', refresh: true, intent: 'click' } as const;
    expect((await lookUpForCard(service, budgets, 1, refresh)).state).toBe('found');
    expect(service.lookup).toHaveBeenCalledWith('gmail.com', { refresh: true });
    expect(await lookUpForCard(service, budgets, 1, refresh)).toEqual({ state: 'over-budget' });
    expect(service.lookup).toHaveBeenCalledOnce();
  });
});
