import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  type ClassScore,
  CORPUS_CLASSES,
  type CorpusClass,
  type CorpusSet,
  dnsCorpusRows,
  scoreDnsCorpus,
} from '#test/support/dns-corpus-accuracy.ts';

/**
 * `classify` on the measured MX and TXT records of company and public-body domains
 * (test/fixtures/dns-corpus, labelled by its LABELLING.md), scored per class against budgets.
 *
 * The budgets hold on the holdout rows, which played no part in building the catalog. While tuning, score
 * the tune rows only: `DNS_CORPUS_SET=tune npx vitest run lib/core/catalog/gateway-accuracy.test.ts`.
 */
const set: CorpusSet = process.env.DNS_CORPUS_SET === 'tune' ? 'tune' : 'holdout';

const scores = scoreDnsCorpus(
  dnsCorpusRows(
    JSON.parse(
      readFileSync(new URL('../../../test/fixtures/dns-corpus/corpus.json', import.meta.url), 'utf8'),
    ),
    set,
  ),
);

const BUDGETS: { what: string; classes: CorpusClass[]; atLeast: number }[] = [
  { what: 'the provider named from MX', classes: ['mx-provider'], atLeast: 0.99 },
  { what: 'behind a gateway, the one provider SPF names', classes: ['gateway-spf'], atLeast: 0.95 },
  { what: "web hosts' mail services", classes: ['web-host'], atLeast: 0.95 },
  {
    what: 'where the records name no mailbox, nothing made up',
    classes: ['gateway-none', 'none'],
    atLeast: 0.99,
  },
];

/** The classes' rows taken together. */
function combined(classes: readonly CorpusClass[]): ClassScore {
  const parts = classes.map((corpusClass) => scores[corpusClass]);
  return {
    total: parts.reduce((sum, part) => sum + part.total, 0),
    right: parts.reduce((sum, part) => sum + part.right, 0),
    misses: parts.flatMap((part) => part.misses),
  };
}

function percent({ right, total }: ClassScore): string {
  return `${right}/${total} (${((100 * right) / total).toFixed(1)} %)`;
}

describe(`classify on the DNS corpus, ${set} rows`, () => {
  it('reports every class, budgeted or not', () => {
    console.log(
      CORPUS_CLASSES.map((corpusClass) => `${corpusClass.padEnd(18)} ${percent(scores[corpusClass])}`).join(
        '\n',
      ),
    );
    for (const corpusClass of CORPUS_CLASSES) expect(scores[corpusClass].total).toBeGreaterThan(0);
  });

  it.each(BUDGETS)('gets $what right at least $atLeast of the time', ({ classes, atLeast }) => {
    const score = combined(classes);
    expect(
      score.right / score.total,
      `${percent(score)}; misses: ${JSON.stringify(score.misses)}`,
    ).toBeGreaterThanOrEqual(atLeast);
  });
});
