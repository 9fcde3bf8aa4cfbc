import { afterEach, describe, expect, it } from 'vitest';
import type { KeptBalance } from '#extension/account-balance.ts';
import { applyWords } from '#extension/i18n.ts';
import german from '#locales/de/messages.json';
import english from '#locales/en/messages.json';
import french from '#locales/fr/messages.json';
import japanese from '#locales/ja/messages.json';
import { balanceView } from './balance-sentences.ts';

afterEach(() => {
  applyWords('en', english);
});

const NOW = Date.parse('2026-03-01T12:00:00Z');
/** Midday, so that the date reads the same in every time zone the tests run in. */
const ENDS = '2026-06-15T12:00:00.000Z';
const balance = (fields: Partial<KeptBalance>): KeptBalance => ({
  credits: null,
  subscription: null,
  seenAt: NOW,
  ...fields,
});

describe('the balance in words', () => {
  it('says the credits left, and how old the figure is', () => {
    expect(balanceView(balance({ credits: 41, seenAt: NOW - 5 * 60_000 }), NOW)).toEqual({
      credits: 41,
      planRemaining: null,
      text: '41 credits left. Updated 5 minutes ago.',
    });
    expect(balanceView(balance({ credits: 1 }), NOW)?.text).toBe('1 credit left. Updated just now.');
  });

  it('says none are left in a sentence of its own, never "0 credits"', () => {
    expect(balanceView(balance({ credits: 0 }), NOW)).toMatchObject({
      credits: 0,
      text: 'No credits left. Updated just now.',
    });
  });

  it('writes large counts as the language does', () => {
    expect(balanceView(balance({ credits: 1_234_567 }), NOW)?.text).toMatch(/^1,234,567 credits left\./);
    applyWords('de', german);
    expect(balanceView(balance({ credits: 1_234_567 }), NOW)?.text).toMatch(/^Noch 1\.234\.567 Credits\./);
    // French counts a million in its "many" form: "de crédits".
    applyWords('fr', french);
    expect(balanceView(balance({ credits: 1_000_000 }), NOW)?.text).toMatch(
      /^1\s000\s000 de crédits restants\./u,
    );
  });

  it('says what a running plan still gives this period, and until when', () => {
    const view = balanceView(balance({ credits: 3, subscription: { remaining: 99_958, endsAt: ENDS } }), NOW);
    expect(view).toEqual({
      credits: 3,
      planRemaining: 99_958,
      text: '3 credits left. Your plan gives 99,958 more lookups this period; it runs until Jun 15, 2026. Updated just now.',
    });
    const spent = balanceView(balance({ credits: 0, subscription: { remaining: 0, endsAt: ENDS } }), NOW);
    expect(spent?.text).toBe(
      'No credits left. Your plan gives no more lookups this period; it runs until Jun 15, 2026. Updated just now.',
    );
  });

  it('shows a plan where the service said nothing of credits, without making a figure up', () => {
    expect(balanceView(balance({ subscription: { remaining: 7, endsAt: ENDS } }), NOW)).toEqual({
      credits: null,
      planRemaining: 7,
      text: 'Your plan gives 7 more lookups this period; it runs until Jun 15, 2026. Updated just now.',
    });
  });

  it('leaves out a plan that has ended, and shows nothing when nothing else was said', () => {
    const ended = { remaining: 7, endsAt: '2026-02-01T00:00:00.000Z' };
    expect(balanceView(balance({ credits: 5, subscription: ended }), NOW)).toMatchObject({
      planRemaining: null,
      text: '5 credits left. Updated just now.',
    });
    expect(balanceView(balance({ subscription: ended }), NOW)).toBeNull();
    expect(balanceView(null, NOW)).toBeNull();
  });

  it('puts no space between Japanese sentences', () => {
    applyWords('ja', japanese);
    expect(balanceView(balance({ credits: 41 }), NOW)?.text).toBe(
      `${japanese.balanceCredits_other.message.replace('$COUNT$', '41')}更新：${japanese.ageJustNow.message}`,
    );
  });
});
