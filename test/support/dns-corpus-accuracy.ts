import { z } from 'zod';
import { classify } from '#core/catalog/classify.ts';

/**
 * Scores `classify` on the labelled DNS corpus (test/fixtures/dns-corpus, LABELLING.md there): measured MX
 * and TXT records of company and public-body domains, each with the answers that count as right. Half the
 * rows (`set: "holdout"`) are never used for tuning; callers pick a set first and see nothing of the other.
 */

export const CORPUS_CLASSES = [
  'mx-provider',
  'gateway-spf',
  'gateway-ambiguous',
  'gateway-none',
  'web-host',
  'unknown-mx-spf',
  'none',
] as const;
export type CorpusClass = (typeof CORPUS_CLASSES)[number];
export type CorpusSet = 'tune' | 'holdout';

/** The corpus's word for "no provider named" (a 404 "unrecognised provider" from the service). */
const UNRECOGNISED = 'unrecognised';

const corpusRowSchema = z.object({
  domain: z.string(),
  mx: z.array(z.object({ preference: z.number().nullable(), host: z.string() })),
  txt: z.array(z.string()),
  included: z.record(z.string(), z.array(z.string())).optional(),
  set: z.enum(['tune', 'holdout']),
  label: z.object({ class: z.enum(CORPUS_CLASSES), accept: z.array(z.string()).min(1) }),
});
type CorpusRow = z.infer<typeof corpusRowSchema>;

/**
 * The corpus names providers by family ("microsoft-365"), the catalog by `name` ("Microsoft (365)"). An
 * answer's name missing here is scored as itself, so it shows among the misses.
 */
const CORPUS_ID_BY_NAME: Readonly<Record<string, string>> = {
  'Microsoft (365)': 'microsoft-365',
  'Microsoft (Public)': 'outlook-com-consumer',
  'Google (Workspace)': 'google-workspace',
  'Zoho (Business)': 'zoho-mail',
  'Zoho (Business, EU)': 'zoho-mail',
  'Zoho (Business, India)': 'zoho-mail',
  'Zoho (Business, Australia)': 'zoho-mail',
  'Zoho (Business, Japan)': 'zoho-mail',
  'Zoho (Business, Canada)': 'zoho-mail',
  'Proton (Business)': 'proton-mail',
  'Yandex (360)': 'yandex-360',
  'Fastmail (Business)': 'fastmail',
  'Apple (iCloud+ Custom Domain)': 'icloud-mail',
  'Apple (Public)': 'icloud-mail',
  'Tuta (Business)': 'tuta',
  'mailbox.org (Business)': 'mailbox-org',
  'Rackspace (Business)': 'rackspace-email',
  'Titan (Business)': 'titan-mail',
  'Infomaniak (Business)': 'infomaniak-mail',
  'Yahoo (Small Business)': 'yahoo-mail',
  'Yahoo (Public)': 'yahoo-mail',
  'AOL (Public)': 'yahoo-mail',
  'Tencent (Exmail)': 'tencent-exmail',
  'NetEase (Qiye)': 'netease-qiye',
  'IONOS (Business)': 'ionos',
  'IONOS (Business, 1&1)': 'ionos',
  'OVHcloud (Business)': 'ovh',
  'GoDaddy (Business)': 'godaddy',
  'Namecheap (Private Email)': 'namecheap',
  'Hostinger (Business)': 'hostinger',
  'Alibaba (Mail)': 'alibaba-mail',
  'VK (WorkSpace)': 'vk-workspace',
  'Lark (Mail)': 'lark-mail',
  'Seznam (Email Profi)': 'seznam-emailprofi',
  'STRATO (Business)': 'strato',
  'one.com (Business)': 'one-com',
  'ALL-INKL.COM (Business)': 'all-inkl',
  'SiteGround (Business)': 'siteground',
  'Locaweb (Business)': 'locaweb',
  'KingHost (Business)': 'kinghost',
  'Loopia (Business)': 'loopia',
  'DreamHost (Business)': 'dreamhost',
  'Jimdo (Business)': 'jimdo',
  'home.pl (Business)': 'home-pl',
  'Hetzner (Business)': 'hetzner',
  'domainFACTORY (Business)': 'domainfactory',
  'Arsys (Business)': 'arsys',
  'mittwald (Business)': 'mittwald',
  'OpenSRS (Hosted Email)': 'opensrs',
  'Mailhostbox (Business)': 'mailhostbox',
  'Gandi (Business)': 'gandi',
};

/** The rows of one set, and only those: the other set is dropped before anything reads a row. */
export function dnsCorpusRows(json: unknown, set: CorpusSet): CorpusRow[] {
  return z
    .array(z.unknown())
    .parse(json)
    .filter((row) => (row as { set?: unknown }).set === set)
    .map((row) => corpusRowSchema.parse(row));
}

/** MX hosts in order of preference, as the service passes them; where none was measured, as listed. */
function mxHostsInOrder(row: CorpusRow): string[] {
  return row.mx
    .map((mx, index) => ({ ...mx, index }))
    .sort((a, b) => (a.preference ?? 0) - (b.preference ?? 0) || a.index - b.index)
    .map((mx) => mx.host);
}

/** What the catalog answers for a row, in the corpus's words. */
function answerFor(row: CorpusRow): string {
  const info = classify(row.domain, mxHostsInOrder(row), row.txt, row.included);
  return info ? (CORPUS_ID_BY_NAME[info.name] ?? info.name) : UNRECOGNISED;
}

export interface ClassScore {
  total: number;
  right: number;
  misses: { domain: string; answer: string; accept: string[] }[];
}

/** Per class: how many rows the catalog answers acceptably, and the rows it does not. */
export function scoreDnsCorpus(rows: readonly CorpusRow[]): Record<CorpusClass, ClassScore> {
  const scores = Object.fromEntries(
    CORPUS_CLASSES.map((corpusClass): [CorpusClass, ClassScore] => [
      corpusClass,
      { total: 0, right: 0, misses: [] },
    ]),
  ) as Record<CorpusClass, ClassScore>;
  for (const row of rows) {
    const score = scores[row.label.class];
    const answer = answerFor(row);
    score.total++;
    if (row.label.accept.includes(answer)) score.right++;
    else score.misses.push({ domain: row.domain, answer, accept: row.label.accept });
  }
  return scores;
}
