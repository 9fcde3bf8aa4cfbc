import { describe, expect, it } from 'vitest';
import {
  MAX_BULK_ANSWER_BYTES,
  MAX_BULK_DOMAINS,
  MAX_BULK_DRAFT_BYTES,
  MAX_CACHE_BYTES,
  MAX_CACHE_ENTRIES,
  MAX_KEPT_ANSWER_BYTES,
  MAX_REMEMBERED_POLICY_BYTES,
  STORAGE_QUOTA_BYTES,
} from '#extension/limits.ts';
import { DEFAULT_SETTINGS, type Settings } from '#extension/settings.ts';
import { answerIndexItem, apiKeyItem, bulkJobItem, settingsItem } from '#extension/stored.ts';
import { keyInArea } from '#extension/stored-item.ts';
import { itemBytes } from '#extension/stored-size.ts';
import { recordResult, startJob } from './bulk-job.ts';

/** The longest a domain can be (253 characters), each one its own. */
const longDomain = (index: number) =>
  `${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.${String(index).padStart(53, '0')}.example`;

describe('what storage.local keeps, at its worst', () => {
  it('fits in Chromium’s 10 MB with room to spare: every part within its budget, together', () => {
    const domains = Array.from({ length: MAX_BULK_DOMAINS }, (_, index) => longDomain(index));
    expect(domains[0]).toHaveLength(253);
    // A run whose every domain the service answered with 60 KB of words: the job marks each `kept`, and
    // the answers, each cut to MAX_KEPT_ANSWER_BYTES, are items of their own within MAX_BULK_ANSWER_BYTES
    // (lib/worker/bulk-run.test.ts: the run stops before a lookup whose answer would not fit).
    let job = startJob(domains);
    for (const domain of domains)
      job = recordResult(job, domain, { state: 'unreachable', message: 'é'.repeat(60_000) }, 0);
    const stored = { ...job, done: Object.fromEntries(domains.map((domain) => [domain, 'kept'])) };
    const jobBytes = itemBytes(keyInArea(bulkJobItem.key), stored);
    // Each domain twice (the list, and its mark).
    expect(jobBytes).toBeLessThan(MAX_BULK_DOMAINS * 2 * 300);
    // Each answer within its budget: a list of them all would pass the list's, and stop before.
    expect(job.keptBytes).toBeLessThanOrEqual(MAX_BULK_DOMAINS * (300 + MAX_KEPT_ANSWER_BYTES));
    expect(job.keptBytes).toBeGreaterThan(MAX_BULK_ANSWER_BYTES);

    const index = Array.from({ length: MAX_CACHE_ENTRIES }, (_, i) => [
      longDomain(i),
      1e13,
      MAX_KEPT_ANSWER_BYTES,
    ]);
    const settings: Settings = {
      ...DEFAULT_SETTINGS,
      disabledSites: Array.from({ length: 500 }, (_, i) => longDomain(i)),
      sendingAddresses: Array.from({ length: 20 }, (_, i) => `someone@${longDomain(i)}`),
    };
    const total =
      MAX_CACHE_BYTES +
      itemBytes(keyInArea(answerIndexItem.key), index) +
      jobBytes +
      MAX_BULK_ANSWER_BYTES +
      MAX_BULK_DRAFT_BYTES +
      MAX_REMEMBERED_POLICY_BYTES +
      itemBytes(keyInArea(settingsItem.key), settings) +
      itemBytes(keyInArea(apiKeyItem.key), 'k'.repeat(1_000));
    expect(total).toBeLessThan(STORAGE_QUOTA_BYTES * 0.8);
  });
});
