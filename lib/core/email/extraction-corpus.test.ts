import { describe, expect, it } from 'vitest';
import { type CorpusScore, extractionCorpus, scoreOnCorpus } from '#test/fixtures/extraction-corpus.ts';
import { extractionPeerCorpus } from '#test/fixtures/extraction-peer-corpus.ts';
import { extractEmails } from './extract.ts';

const QUALITY_BUDGET = 0.99;

/** The texts extractEmails gets wrong, one a line, for the failure message. */
function listMisses(score: CorpusScore): string {
  const lines = score.misses.map(
    (miss) =>
      `${miss.group}: ${JSON.stringify(miss.text)} expected ${JSON.stringify(miss.expected)}, found ${JSON.stringify(miss.found)}`,
  );
  return `${score.misses.length} texts differ:\n${lines.join('\n')}`;
}

const addressesIn = (text: string) => extractEmails(text).map((found) => found.address);

describe.each([
  { corpus: 'the labelled corpus', labelled: extractionCorpus, texts: 150, addresses: 150 },
  {
    corpus: "peers' cases (linkify-it's and linkifyjs's suites, RFC 3696's examples, every text with an @)",
    labelled: extractionPeerCorpus,
    texts: 60,
    addresses: 45,
  },
])('extractEmails on $corpus', ({ labelled, texts, addresses }) => {
  /**
   * Scored inside each test (a few milliseconds), never while the tests are collected: mutation testing
   * counts code run outside a test as run by every test.
   */
  const score = () => scoreOnCorpus(addressesIn, labelled);

  it(`is scored on at least ${texts} texts and ${addresses} addresses`, () => {
    const scored = score();
    expect(scored.cases).toBeGreaterThanOrEqual(texts);
    expect(scored.expected).toBeGreaterThanOrEqual(addresses);
  });

  it('is right about at least 99 % of the addresses it finds (precision)', () => {
    const scored = score();
    expect(scored.precision, listMisses(scored)).toBeGreaterThanOrEqual(QUALITY_BUDGET);
  });

  it('finds at least 99 % of the addresses a person would see (recall)', () => {
    const scored = score();
    expect(scored.recall, listMisses(scored)).toBeGreaterThanOrEqual(QUALITY_BUDGET);
  });
});
