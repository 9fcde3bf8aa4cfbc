// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { applyWords } from '#extension/i18n.ts';
import english from '#locales/en/messages.json';
import french from '#locales/fr/messages.json';
import portuguese from '#locales/pt_BR/messages.json';
import { readPastedList } from './bulk-list.ts';
import { ListPlan } from './ListPlan.tsx';

afterEach(() => {
  cleanup();
  applyWords('en', english);
});

const LIST = readPastedList('jane@acme.example.com, bob@beta.example.com, kim@gamma.example.com');
const DOMAINS = ['acme.example.com', 'beta.example.com', 'gamma.example.com'];

function renderPlan(cached: number) {
  render(
    <ListPlan
      list={LIST}
      domains={DOMAINS}
      cached={cached}
      toLookUp={DOMAINS.length - cached}
      onStart={() => {}}
    />,
  );
  return {
    cached: screen.getByTestId('bulk-cached').textContent,
    cost: screen.getByTestId('bulk-cost').textContent,
  };
}

describe('the bulk page’s plan, at 0', () => {
  it('with no answer cached, says none is, and what the domains without one cost', () => {
    expect(renderPlan(0)).toEqual({
      cached: 'None of these domains has an answer cached yet.',
      cost: 'Looking up the 3 domains without a cached answer uses at most 3 credits: each answer that names a provider uses one; a domain the service does not know, or an error, costs nothing.',
    });
  });

  it('with every answer cached, says nothing is left to pay for, not “0 credits”', () => {
    expect(renderPlan(3).cost).toBe('Nothing is left to look up: no credit is used.');
  });

  // French and Brazilian Portuguese put 0 in their one-form: "0 resposta em cache" is no way to say none.
  it.each([
    ['fr', french],
    ['pt_BR', portuguese],
  ] as const)('in %s, says none in words, never 0 in the singular', (locale, messages) => {
    applyWords(locale, messages);
    const plan = renderPlan(0);
    expect(plan.cached).toBe(messages.bulkSummaryCachedNone.message);
    expect(plan.cached).not.toMatch(/\b0\b/);
    cleanup();
    expect(renderPlan(3).cost).toBe(messages.bulkSummaryCostNone.message);
  });
});

describe('the bulk page’s plan beside the balance', () => {
  const planWith = (credits: number, cached: number) =>
    render(
      <ListPlan
        list={LIST}
        domains={DOMAINS}
        cached={cached}
        toLookUp={DOMAINS.length - cached}
        onStart={() => {}}
        balance={{ credits, subscription: null, seenAt: Date.now() }}
      />,
    );

  it('shows the balance beside the cost, and warns before the start button when the list may cost more', () => {
    const { container } = planWith(2, 0);
    expect(screen.getByTestId('balance').dataset.credits).toBe('2');
    const order = [...container.querySelectorAll('[data-testid]')].map((element) =>
      element.getAttribute('data-testid'),
    );
    expect(order.indexOf('bulk-cost')).toBeLessThan(order.indexOf('balance'));
    expect(order.indexOf('bulk-over-balance')).toBeLessThan(order.indexOf('bulk-start'));
    // The person may still start it.
    expect(screen.getByTestId('bulk-start')).toBeTruthy();
  });

  it('warns of nothing when what is not cached fits the balance', () => {
    planWith(2, 1);
    expect(screen.getByTestId('balance').dataset.credits).toBe('2');
    expect(screen.queryByTestId('bulk-over-balance')).toBeNull();
  });
});
