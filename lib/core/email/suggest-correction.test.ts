import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { classify } from '#core/catalog/classify.ts';
import { freeEmailDomainSet } from '#core/catalog/domain-lists.ts';
import { consumerProviders } from '#core/catalog/providers.ts';
import { knownRealMailDomains } from '#test/fixtures/typos/corpus.ts';
import { suggestCorrection } from './suggest-correction.ts';
import { TYPO_TARGETS } from './typo/targets.ts';

const domainOf = (address: string) => address.slice(address.lastIndexOf('@') + 1);

/** Addresses typed, and the one each meant, by the kind of slip. */
const FIXES: [kind: string, cases: [typed: string, meant: string][]][] = [
  [
    'fixes a slip or an edit',
    [
      ['jane@gmial.com', 'jane@gmail.com'],
      ['jane@gnail.com', 'jane@gmail.com'],
      ['jane@gmal.com', 'jane@gmail.com'],
      ['jane@gmaill.com', 'jane@gmail.com'],
      ['jane@hotmial.com', 'jane@hotmail.com'],
      ['jane@yahooo.com', 'jane@yahoo.com'],
      ['jane@outllok.com', 'jane@outlook.com'],
      ['jane@t-onlien.de', 'jane@t-online.de'],
      ['jane@freeent.de', 'jane@freenet.de'],
      ['jane@gmxx.de', 'jane@gmx.de'],
      ['jane@wanadoo.ft', 'jane@wanadoo.fr'],
      ['jane@yahoo.com.vr', 'jane@yahoo.com.br'],
      ['jane@docomo.ne.pj', 'jane@docomo.ne.jp'],
    ],
  ],
  [
    'puts back a missing or moved dot',
    [
      ['jane@gmailcom', 'jane@gmail.com'],
      ['jane@hotmailfr', 'jane@hotmail.fr'],
      ['jane@gmailc.om', 'jane@gmail.com'],
    ],
  ],
  [
    'fixes a top-level domain the provider has no mailbox at',
    [
      ['jane@gmail.co', 'jane@gmail.com'],
      ['jane@gmail.cm', 'jane@gmail.com'],
      ['jane@gmail.om', 'jane@gmail.com'],
      ['jane@gmail.con', 'jane@gmail.com'],
      ['jane@yahoo.cmo', 'jane@yahoo.com'],
      ['jane@icloud.com.mx', 'jane@icloud.com'],
    ],
  ],
  [
    'puts back a missing letter of the top-level domain where one target fits',
    [
      ['jane@yandex.r', 'jane@yandex.ru'],
      // mail.de is as far as a changed and a dropped letter: mail.ru, one dropped letter, is the one that fits.
      ['jane.doe@mail.r', 'jane.doe@mail.ru'],
      ['jane@gmx.d', 'jane@gmx.de'],
    ],
  ],
  [
    'fixes a slip in a short name or a suffix of two labels',
    [
      // A short name: slips that keep its letters (a changed or dropped one makes another real name).
      ['jane@gxm.de', 'jane@gmx.de'],
      ['jane@gmnx.de', 'jane@gmx.de'],
      // Two letters swapped right after the first.
      ['jane@lvie.de', 'jane@live.de'],
      // The name is softbank, after a leading label.
      ['jane@i.sodtbank.jp', 'jane@i.softbank.jp'],
      // A slip in the com of com.br keeps the country.
      ['jane@bol.con.br', 'jane@bol.com.br'],
      ['jane@yahoo.cco.uk', 'jane@yahoo.co.uk'],
    ],
  ],
];

describe('suggestCorrection', () => {
  describe.each(FIXES)('%s', (_kind, cases) => {
    it.each(cases)('%s', (typed, meant) => {
      expect(suggestCorrection(typed)).toBe(meant);
    });
  });

  it.each([
    // Two targets about as near.
    ['hotmail.fe', 'a slip from hotmail.fr and from hotmail.de'],
    ['bmail.com', 'a neighbouring key from gmail.com, another letter from ymail.com: a quarter edit apart'],
    ['jmail.com', 'a neighbouring key added to mail.com, a letter changed in gmail.com'],
    // Another provider's domain nearer.
    ['aim.cpm', 'AOL’s aim.com, a slip away, not aol.com'],
    ['gmx.cnn', 'GMX’s gmx.cn, a doubled key away, not gmx.ch'],
  ])('gives no suggestion when another domain is as near or nearer: %s (%s)', (domain) => {
    expect(suggestCorrection(`jane.doe@${domain}`)).toBe(null);
  });

  it('suggests the target where a smaller domain is only as near (squatters register 5ymail.com for ymail.com)', () => {
    expect(suggestCorrection('jane@5ymail.com')).toBe('jane@ymail.com');
    expect(suggestCorrection('jane@hotmail.d')).toBe('jane@hotmail.de');
  });

  it.each(['gmd.de', 'ig.com.ar', 'ua.com', 'aiu.com'])(
    'leaves a short name with a changed letter, another country, a tiny name with a slip alone: %s',
    (domain) => {
      expect(suggestCorrection(`jane@${domain}`)).toBe(null);
    },
  );

  it('weighs a slip to a neighbouring key below a slip to a far one', () => {
    // free.fr: a four-letter name may be a real one at any edit, so only a slip passes.
    expect(suggestCorrection('jane@frww.fr')).toBe(null);
    expect(suggestCorrection('jane@frwe.fr')).toBe('jane@free.fr');
    expect(suggestCorrection('jane@frxe.fr')).toBe(null);
    // z and e touch on AZERTY only.
    expect(suggestCorrection('jane@frze.fr')).toBe('jane@free.fr');
  });

  it('keeps the local part as written and lower-cases the domain', () => {
    expect(suggestCorrection('Jane.Doe+news@GMIAL.COM')).toBe('Jane.Doe+news@gmail.com');
    expect(suggestCorrection('jane@gmial.com.')).toBe('jane@gmail.com');
  });

  it('suggests a domain the disposable list names, as squatters register typos', () => {
    expect(classify('gmial.com')?.is_disposable).toBe(true);
    expect(suggestCorrection('jane@gmial.com')).toBe('jane@gmail.com');
    expect(classify('hotmai.com')?.is_disposable).toBe(true);
    expect(suggestCorrection('jane@hotmai.com')).toBe('jane@hotmail.com');
  });

  it.each([
    // What mailcheck's users reported as "corrected" real domains.
    'mail.de',
    'comcast.com',
    'mac.com',
    'gmail.hu',
    'actcom.net.il',
    // Ours: short names one key from a target, other countries, real providers' own domains.
    'aok.de',
    'gmc.com',
    'apl.com',
    'wed.de',
    'web.dk',
    'gmx.fr',
    'yahoo.se',
    'outlook.se',
    'hotmail.cz',
    'yahoo.gr',
    'live.com.my',
    'aol.com.au',
    'msn.com.au',
    'email.com',
    'love.com',
    'y7mail.com',
    'uymail.com',
    'hitmail.com',
    'earthling.net',
    'gmail.fr',
    'gmail.ru',
  ])('never corrects the real domain %s', (domain) => {
    expect(suggestCorrection(`jane@${domain}`)).toBe(null);
  });

  it('never corrects a mail domain the catalog, the free-mail list or the ISPDB names', () => {
    const corrected = knownRealMailDomains().filter((domain) => suggestCorrection(`jane@${domain}`) !== null);
    // When this fails after a list or rule change, run `npm run update-typo-data`.
    expect(corrected).toEqual([]);
  });

  it.each([
    ['no @', 'gmial.com'],
    ['no local part', '@gmial.com'],
    ['a target itself', 'jane@gmail.com'],
    ['a domain far from every target', 'jane@acme-industries.com'],
    ['a non-ASCII domain', 'jane@gmaïl.com'],
    ['a longer address than SMTP allows', `${'j'.repeat(320)}@gmial.com`],
    ['a domain longer than any typo of a target', `jane@gmial.com.${'a'.repeat(20)}`],
  ])('returns null for %s', (_case, address) => {
    expect(suggestCorrection(address)).toBe(null);
  });
});

describe('the targets', () => {
  it('are all mailbox domains the catalog or the free-mail list names', () => {
    const catalog = new Set(consumerProviders.flatMap((provider) => provider.domains ?? []));
    expect(TYPO_TARGETS.filter((target) => !catalog.has(target) && !freeEmailDomainSet.has(target))).toEqual(
      [],
    );
  });
});

describe('suggestCorrection, for any input', () => {
  const letters = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789.-@ ');
  /** Addresses near the targets: a target with a few characters changed, put in or dropped. */
  const nearTarget = fc
    .tuple(
      fc.constantFrom(...TYPO_TARGETS),
      fc.array(fc.tuple(fc.nat(), letters, fc.nat(2)), { maxLength: 3 }),
    )
    .map(([target, edits]) =>
      edits.reduce((domain, [at, letter, kind]) => {
        const i = at % (domain.length + 1);
        return domain.slice(0, i) + (kind === 1 ? '' : letter) + domain.slice(kind === 0 ? i : i + 1);
      }, target),
    )
    .map((domain) => `jane@${domain}`);
  const anyAddress = fc.oneof(nearTarget, fc.string(), fc.string({ unit: 'grapheme' }));

  it('never throws, never returns the same address, and only ever suggests a target', () => {
    fc.assert(
      fc.property(anyAddress, (address) => {
        const suggestion = suggestCorrection(address);
        if (suggestion === null) return;
        expect(suggestion).not.toBe(address);
        expect(TYPO_TARGETS).toContain(domainOf(suggestion));
      }),
      { numRuns: 3000 },
    );
  });

  it('is idempotent: a suggestion gets no further suggestion', () => {
    fc.assert(
      fc.property(nearTarget, (address) => {
        const suggestion = suggestCorrection(address);
        if (suggestion !== null) expect(suggestCorrection(suggestion)).toBe(null);
      }),
      { numRuns: 2000 },
    );
  });
});
