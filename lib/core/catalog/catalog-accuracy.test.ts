import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { measureAccuracy, parseLabelledDomains } from '#test/support/catalog-accuracy.ts';
import { businessProviders, consumerProviders, relays } from './providers.ts';

const labelled = parseLabelledDomains(
  readFileSync(new URL('../../../test/fixtures/labelled-domains.tsv', import.meta.url), 'utf8'),
);

describe('catalog accuracy on the labelled set', () => {
  const report = measureAccuracy(labelled);

  it('has at least 400 sourced labels', () => {
    expect(labelled.length).toBeGreaterThanOrEqual(400);
    for (const row of labelled) expect(row.source, row.domain).not.toBe('');
  });

  it('covers every flag and the business providers found by MX', () => {
    expect(labelled.some((row) => row.isDisposable)).toBe(true);
    expect(labelled.some((row) => row.isPrivacyService)).toBe(true);
    expect(labelled.some((row) => row.isFreemail)).toBe(true);
    const labelledNames = new Set(labelled.map((row) => row.expectedName));
    const unlabelled = [...consumerProviders, ...businessProviders]
      .map((provider) => provider.name)
      .filter((name) => !labelledNames.has(name));
    expect(unlabelled).toEqual([]);
    const relayLabels = new Set(labelled.filter((row) => row.isPrivacyService).map((row) => row.domain));
    expect(relays.filter((relay) => !relay.domains.some((domain) => relayLabels.has(domain)))).toEqual([]);
  });

  it('is right on the provider at least 98 % of the time', () => {
    expect(
      report.accuracy.provider,
      JSON.stringify(report.misses.filter((m) => m.field === 'provider').slice(0, 10)),
    ).toBeGreaterThanOrEqual(0.98);
  });

  it.each(['is_freemail', 'is_disposable', 'is_privacy_service'] as const)(
    'is right on %s at least 99 %% of the time',
    (field) => {
      expect(
        report.accuracy[field],
        JSON.stringify(report.misses.filter((m) => m.field === field).slice(0, 10)),
      ).toBeGreaterThanOrEqual(0.99);
    },
  );
});
