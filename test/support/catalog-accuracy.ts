import { classify } from '#core/catalog/classify.ts';

export interface LabelledDomain {
  domain: string;
  /** Expected `name`, or null where the provider should not be recognised. */
  expectedName: string | null;
  isFreemail: boolean;
  isDisposable: boolean;
  isPrivacyService: boolean;
  hasWebmail: boolean;
  mx: string[] | undefined;
  source: string;
}

export const ACCURACY_FIELDS = [
  'provider',
  'is_freemail',
  'is_disposable',
  'is_privacy_service',
  'webmail_url',
] as const;
export type AccuracyField = (typeof ACCURACY_FIELDS)[number];

export interface AccuracyReport {
  total: number;
  /** Share of rows right, per field (0..1). */
  accuracy: Record<AccuracyField, number>;
  misses: { domain: string; field: AccuracyField; expected: string; actual: string }[];
}

/** Reads the labelled set (tab-separated, `#` comments, a header row). */
export function parseLabelledDomains(text: string): LabelledDomain[] {
  const lines = text.split('\n').filter((line) => line.trim() !== '' && !line.startsWith('#'));
  return lines.slice(1).map((line) => {
    const [domain = '', name = '-', free, disposable, privacy, webmail, mx = '', source = ''] =
      line.split('\t');
    return {
      domain,
      expectedName: name === '-' ? null : name,
      isFreemail: free === '1',
      isDisposable: disposable === '1',
      isPrivacyService: privacy === '1',
      hasWebmail: webmail === '1',
      mx: mx ? mx.split(' ') : undefined,
      source,
    };
  });
}

/** Classifies every labelled domain (with its MX fixture) and scores each field against its label. */
export function measureAccuracy(rows: readonly LabelledDomain[]): AccuracyReport {
  const right: Record<AccuracyField, number> = {
    provider: 0,
    is_freemail: 0,
    is_disposable: 0,
    is_privacy_service: 0,
    webmail_url: 0,
  };
  const misses: AccuracyReport['misses'] = [];
  for (const row of rows) {
    const info = classify(row.domain, row.mx);
    const checks: [AccuracyField, unknown, unknown][] = [
      ['provider', row.expectedName, info?.name ?? null],
      ['is_freemail', row.isFreemail, info?.is_freemail ?? false],
      ['is_disposable', row.isDisposable, info?.is_disposable ?? false],
      ['is_privacy_service', row.isPrivacyService, info?.is_privacy_service ?? false],
      ['webmail_url', row.hasWebmail, (info?.webmail_url ?? null) !== null],
    ];
    for (const [field, expected, actual] of checks) {
      if (expected === actual) right[field]++;
      else misses.push({ domain: row.domain, field, expected: String(expected), actual: String(actual) });
    }
  }
  const accuracy = Object.fromEntries(
    ACCURACY_FIELDS.map((field) => [field, rows.length ? right[field] / rows.length : 0]),
  ) as Record<AccuracyField, number>;
  return { total: rows.length, accuracy, misses };
}
