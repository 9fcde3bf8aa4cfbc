import { describe, expect, it } from 'vitest';
import { type CorpusScore, scoreOnCorpus } from '#test/fixtures/extraction-corpus.ts';
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

/**
 * Scored inside each test (a few milliseconds), never while the tests are collected: mutation testing
 * counts code run outside a test as run by every test.
 */
const scoreExtraction = () => scoreOnCorpus((text) => extractEmails(text).map((found) => found.address));
const scorePeerCases = () =>
  scoreOnCorpus((text) => extractEmails(text).map((found) => found.address), extractionPeerCorpus);

describe('extractEmails on the labelled corpus', () => {
  it('is scored on a corpus of at least 150 texts and 150 addresses', () => {
    const score = scoreExtraction();
    expect(score.cases).toBeGreaterThanOrEqual(150);
    expect(score.expected).toBeGreaterThanOrEqual(150);
  });

  it('is right about at least 99 % of the addresses it finds (precision)', () => {
    const score = scoreExtraction();
    expect(score.precision, listMisses(score)).toBeGreaterThanOrEqual(QUALITY_BUDGET);
  });

  it('finds at least 99 % of the addresses a person would see (recall)', () => {
    const score = scoreExtraction();
    expect(score.recall, listMisses(score)).toBeGreaterThanOrEqual(QUALITY_BUDGET);
  });
});

describe("extractEmails on peers' cases (linkify-it's and linkifyjs's suites, RFC 3696's examples)", () => {
  it('is scored on every text of theirs with an @: at least 60 texts and 45 addresses', () => {
    const score = scorePeerCases();
    expect(score.cases).toBeGreaterThanOrEqual(60);
    expect(score.expected).toBeGreaterThanOrEqual(45);
  });

  it('is right about at least 99 % of the addresses it finds (precision)', () => {
    const score = scorePeerCases();
    expect(score.precision, listMisses(score)).toBeGreaterThanOrEqual(QUALITY_BUDGET);
  });

  it('finds at least 99 % of the addresses a person would see (recall)', () => {
    const score = scorePeerCases();
    expect(score.recall, listMisses(score)).toBeGreaterThanOrEqual(QUALITY_BUDGET);
  });
});
