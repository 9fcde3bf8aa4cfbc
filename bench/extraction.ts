/**
 * Address extraction in Node, in one process so the figures compare: throughput of `extractEmails`, of
 * linkify-it's and linkifyjs's email detection and of a bare `indexOf('@')` scan (the floor) over the same
 * few MB of generated text (mail threads, CRM tables, signatures, page copy, code, URLs), and the precision
 * and recall of the three extractors on our labelled corpus of tricky lines (test/fixtures/extraction-corpus.ts)
 * and on peers' test cases (test/fixtures/extraction-peer-corpus.ts).
 */
import { linkifyit } from 'linkify-it';
import { find } from 'linkifyjs';
import tlds from 'tlds/index.json' with { type: 'json' };
import { extractEmails } from '#core/email/extract.ts';
import { extractionCorpus, type LabelledCorpus, scoreOnCorpus } from '#test/fixtures/extraction-corpus.ts';
import { extractionPeerCorpus } from '#test/fixtures/extraction-peer-corpus.ts';
import { seeded } from './seeded.ts';
import { lowerBudget, lowerRatioBudget, median, ratioBudget } from './stats.ts';
import type { BenchRow } from './table.ts';
import { contacts, FIRST, URLS, WORDS } from './vocabulary.ts';

/** About 3 MB of text: long enough that a scan takes milliseconds, short enough for slow extractors. */
const TEXT_BYTES = 3_000_000;
/** Untimed runs first, for at least this long and at least once, so every scanner is compiled and warm. */
const WARMUP_MS = 300;
/**
 * A timed sample lasts at least this long, in as many runs as that takes: on a busy 2-core machine a 1 ms
 * scan mostly escapes preemption that a 100 ms scan suffers, and would look faster than it is beside it.
 */
const MIN_SAMPLE_MS = 20;
/** Timed rounds; each samples every scanner in turn, so noise on a busy machine falls on all alike. */
const ROUNDS = 5;
/** Samples per round of the scanners that need several runs per sample: they are cheap, and noisy. */
const FAST_SAMPLES_PER_ROUND = 3;

const LINKIFY_IT_RATIO_BUDGET = 5;
const FLOOR_RATIO_BUDGET = 4;
const QUALITY_BUDGET_PERCENT = 99;

const CITIES = ['London', 'Berlin', 'Paris', 'Tokyo', 'Austin', 'Lagos', 'São Paulo', 'Zürich'];
/** Pieces of page copy with an `@` that is not an address, or an address inside a URL. */
const AT_NOISE = [
  'follow @acme',
  'logo@2x.png',
  'icon@3x.webp',
  'react@18.2.0',
  'npm i @types/node@20.1.0',
  'https://medium.com/@writer/notes-1a2b',
  'https://x.com/@handle',
  'meet @ 10am',
  '3 @ $4.99',
  'https://user:secret@git.example.com/repo',
  'https://example.com/unsubscribe?email=reader@example.com',
];
const CODE = [
  'const email = "{address}";',
  'git clone git@github.com:acme/web.git && cd web',
  '"dependencies": { "react": "^18.2.0", "@types/react": "18.2.7" }',
  '.logo { background: url(/img/logo@2x.png) no-repeat; } @media (min-width: 600px) { .nav { display: flex } }',
  '@app.route("/contact", methods=["POST"])',
  "SELECT id FROM users WHERE email = '{address}';",
  'Signed-off-by: {name} <{address}>',
];

/** Writes the blocks of realistic text, each kind from the same seeded generator. */
class RealisticTextWriter {
  readonly #random: ReturnType<typeof seeded>;
  readonly #contacts: ReturnType<typeof contacts>;

  constructor(seed: number) {
    this.#random = seeded(seed);
    this.#contacts = contacts(this.#random);
  }

  /** Blocks of every kind, picked at random (mail three times as often as code), until `bytes` is reached. */
  write(bytes: number): string {
    const kinds = [
      () => this.#message(),
      () => this.#message(),
      () => this.#message(),
      () => this.#crmTable(),
      () => this.#pageCopy(),
      () => this.#pageCopy(),
      () => this.#code(),
    ];
    const blocks: string[] = [];
    let length = 0;
    while (length < bytes) {
      const block = this.#random.pick(kinds)();
      blocks.push(block);
      length += Buffer.byteLength(block) + 2;
    }
    return blocks.join('\n\n');
  }

  #sentence(): string {
    const random = this.#random;
    const words = Array.from({ length: random.between(8, 22) }, () => random.pick(WORDS));
    if (random.chance(0.1)) words.splice(random.between(0, words.length), 0, random.pick(URLS));
    if (random.chance(0.08)) words.splice(random.between(0, words.length), 0, random.pick(AT_NOISE));
    if (random.chance(0.05)) words.splice(random.between(0, words.length), 0, `“${random.pick(WORDS)}”`);
    const text = words.join(' ');
    return `${text[0]?.toUpperCase()}${text.slice(1)}${random.pick(['.', '.', '?', ' —'])}`;
  }

  #paragraph(): string {
    return Array.from({ length: this.#random.between(2, 6) }, () => this.#sentence()).join(' ');
  }

  /** A mail with headers, a greeting, paragraphs, maybe an address in the text, a signature and a quote. */
  #message(): string {
    const random = this.#random;
    const { person, address } = this.#contacts;
    const from = person();
    const lines = [...this.#headers(from), '', `Hi ${random.pick(FIRST)},`];
    for (let p = random.between(2, 5); p > 0; p--) lines.push('', this.#paragraph());
    if (random.chance(0.3)) lines.push('', `Write to ${address(person())} for details.`);
    if (random.chance(0.6))
      lines.push(
        '',
        'Best regards,',
        from,
        `${random.pick(WORDS)} manager | ${random.pick(this.#contacts.companies)}`,
        `M: +1 555 ${random.between(100, 999)} ${random.between(1000, 9999)} | E: ${address(from)}`,
      );
    if (random.chance(0.5)) {
      const quoted = person();
      lines.push('', `On Mon, ${random.between(1, 28)} Nov 2025, ${quoted} <${address(quoted)}> wrote:`);
      for (const line of this.#paragraph().match(/.{1,76}(\s|$)/g) ?? []) lines.push(`> ${line.trim()}`);
    }
    return lines.join('\n');
  }

  #headers(from: string): string[] {
    const random = this.#random;
    const { person, address } = this.#contacts;
    return [
      `From: ${from} <${address(from)}>`,
      `To: ${Array.from({ length: random.between(1, 3) }, () => {
        const to = person();
        return random.chance(0.5) ? `${to} <${address(to)}>` : address(to);
      }).join(', ')}`,
      `Date: Tue, ${random.between(1, 28)} Nov 2025 ${random.between(8, 18)}:${random.between(10, 59)}:00 +0100`,
      `Subject: Re: ${random.pick(WORDS)} ${random.pick(WORDS)}`,
    ];
  }

  #crmTable(): string {
    const random = this.#random;
    const { companies, person, address } = this.#contacts;
    return Array.from({ length: random.between(10, 40) }, () => {
      const name = person();
      return [
        name,
        address(name),
        random.pick(companies),
        `+44 20 ${random.between(1000, 9999)} ${random.between(1000, 9999)}`,
        random.pick(CITIES),
        random.pick(['lead', 'customer', 'churned', 'trial']),
      ].join('\t');
    }).join('\n');
  }

  #pageCopy(): string {
    const company = this.#random.pick(this.#contacts.companies);
    return [
      this.#paragraph(),
      this.#paragraph(),
      `© 2025 ${company} · Privacy · Terms · Contact: ${this.#random.pick(['info', 'hello', 'support', 'press'])}@${company}`,
    ].join('\n');
  }

  #code(): string {
    const { person, address } = this.#contacts;
    return Array.from({ length: this.#random.between(3, 8) }, () => {
      const name = person();
      return this.#random.pick(CODE).replace('{address}', address(name)).replace('{name}', name);
    }).join('\n');
  }
}

/**
 * Deterministic text as pages hold it: mail threads with headers, quotes and signatures, CRM rows, page
 * copy with URLs and handles, and code. Curly quotes and dashes make it a two-byte string, as most real
 * page text is.
 */
export function realisticText(bytes = TEXT_BYTES, seed = 5): string {
  return new RealisticTextWriter(seed).write(bytes);
}

interface Extractor {
  name: string;
  /** The addresses in a text, domains lower-cased, for scoring on the labelled corpus. */
  addresses(text: string): string[];
}

/** linkify-it with the full IANA list, as extractEmails has: its emails are the matches with a `mailto:` schema. */
const linkifyIt = linkifyit().tlds(tlds);

/** An address as a linkifier writes it, in the form extractEmails returns: no `mailto:` or query, domain lower-cased. */
function asAddress(match: string): string {
  const address = match.replace(/^mailto:/i, '').replace(/\?.*$/s, '');
  const at = address.lastIndexOf('@');
  return `${address.slice(0, at)}@${address.slice(at + 1).toLowerCase()}`;
}

function linkifyItEmails(text: string) {
  return (linkifyIt.match(text) ?? []).filter((match) => match.schema === 'mailto:');
}

/** linkifyjs reads `mailto:` links as URLs: they count as addresses too. */
function linkifyjsEmails(text: string) {
  return find(text).filter((link) => link.type === 'email' || link.href.toLowerCase().startsWith('mailto:'));
}

const EXTRACTORS: readonly Extractor[] = [
  { name: 'extractEmails', addresses: (text) => extractEmails(text).map((found) => found.address) },
  { name: 'linkify-it', addresses: (text) => linkifyItEmails(text).map((match) => asAddress(match.text)) },
  { name: 'linkifyjs', addresses: (text) => linkifyjsEmails(text).map((link) => asAddress(link.value)) },
];

/** The least any address scan must do: visit every `@`. Returns the count so the loop cannot be dropped. */
function indexOfFloor(text: string): number {
  let count = 0;
  for (let at = text.indexOf('@'); at !== -1; at = text.indexOf('@', at + 1)) count++;
  return count;
}

const FLOOR = "indexOf('@') floor";

/**
 * What an extractor that checks nothing still does: read out from each `@` to the spaces around it (as far
 * as an address may reach) and return the word it found, with its offsets. How far above the floor any
 * extractor starts.
 */
function unvalidatedWords(text: string): number {
  const words: { address: string; start: number; end: number }[] = [];
  for (let at = text.indexOf('@'); at !== -1; at = text.indexOf('@', at + 1)) {
    let start = at;
    while (start > Math.max(0, at - 64) && text.charCodeAt(start - 1) > 32) start--;
    let end = at + 1;
    while (end < Math.min(text.length, at + 255) && text.charCodeAt(end) > 32) end++;
    words.push({ address: text.slice(start, end), start, end });
  }
  return words.length;
}

const UNVALIDATED = "words around each '@', unchecked";

export interface Scanner {
  name: string;
  /** Scans the text as a user of the library would, returning how many matches it found. */
  scan: (text: string) => number;
}

function percent(value: number): string {
  return `${(value * 100).toFixed(2)}%`;
}

/** Times every scanner on the same text, in turn, round after round: each one's median ms per run. */
export function timeScanners(
  scanners: readonly Scanner[],
  text: string,
): Map<string, { ms: number; samples: number; runs: number }> {
  const timed = scanners.map((scanner) => {
    const warmupStarted = performance.now();
    let fastestMs = Number.POSITIVE_INFINITY;
    do {
      const started = performance.now();
      scanner.scan(text);
      fastestMs = Math.min(fastestMs, performance.now() - started);
    } while (performance.now() - warmupStarted < WARMUP_MS);
    const runsPerSample = Math.max(1, Math.ceil(MIN_SAMPLE_MS / fastestMs));
    return { scanner, runsPerSample, samples: [] as number[] };
  });
  for (let round = 0; round < ROUNDS; round++) {
    for (const { scanner, runsPerSample, samples } of timed) {
      for (let sample = 0; sample < (runsPerSample > 1 ? FAST_SAMPLES_PER_ROUND : 1); sample++) {
        const started = performance.now();
        for (let run = 0; run < runsPerSample; run++) scanner.scan(text);
        samples.push((performance.now() - started) / runsPerSample);
      }
    }
  }
  return new Map(
    timed.map(({ scanner, runsPerSample, samples }) => [
      scanner.name,
      { ms: median(samples), samples: samples.length, runs: samples.length * runsPerSample },
    ]),
  );
}

export function benchExtraction(): BenchRow[] {
  const text = realisticText();
  const scanners: Scanner[] = [
    { name: 'extractEmails', scan: (input) => extractEmails(input).length },
    { name: 'linkify-it', scan: (input) => linkifyItEmails(input).length },
    { name: 'linkifyjs', scan: (input) => linkifyjsEmails(input).length },
    { name: FLOOR, scan: indexOfFloor },
    { name: UNVALIDATED, scan: unvalidatedWords },
  ];
  return [...throughputRows(text, scanners), ...qualityRows()];
}

/** Each scanner's speed on the same text, and extractEmails' beside the floor. */
function throughputRows(text: string, scanners: Scanner[]): BenchRow[] {
  const megabytes = Buffer.byteLength(text) / 1e6;
  const timings = timeScanners(scanners, text);
  const time = (name: string) => timings.get(name)?.ms ?? Number.NaN;
  const extractMs = time('extractEmails');
  const floorMs = time(FLOOR);
  const ats = indexOfFloor(text);
  const rows: BenchRow[] = scanners.map((scanner) => ({
    name: `throughput: ${scanner.name}`,
    value: `${(megabytes / (time(scanner.name) / 1000)).toFixed(0)} MB/s`,
    detail: [
      `${time(scanner.name).toFixed(2)} ms a run`,
      `(median of ${timings.get(scanner.name)?.samples} samples, ${timings.get(scanner.name)?.runs} runs);`,
      scanner.name === FLOOR || scanner.name === UNVALIDATED
        ? `${ats} '@'`
        : `${scanner.scan(text)} addresses`,
      `in ${megabytes.toFixed(1)} MB`,
    ].join(' '),
    budget:
      scanner.name === 'extractEmails'
        ? lowerRatioBudget(time('linkify-it') / extractMs, LINKIFY_IT_RATIO_BUDGET, "linkify-it's speed")
        : '',
  }));
  rows.push({
    name: 'extractEmails over the floor',
    value: `${(extractMs / floorMs).toFixed(2)}x`,
    detail: [
      `${(((extractMs - floorMs) / ats) * 1e6).toFixed(0)} ns per '@' beyond finding it;`,
      `the unchecked words around each '@' are ${(time(UNVALIDATED) / floorMs).toFixed(2)}x already`,
    ].join(' '),
    budget: ratioBudget(extractMs / floorMs, FLOOR_RATIO_BUDGET, "the floor's time"),
  });
  return rows;
}

/** The labelled corpora, each scored apart: our tricky lines, and peers' test cases. */
const CORPORA: readonly { name: string; corpus: LabelledCorpus }[] = [
  { name: 'our tricky lines', corpus: extractionCorpus },
  { name: "peers' cases", corpus: extractionPeerCorpus },
];

/** Each extractor's precision and recall on each labelled corpus. */
function qualityRows(): BenchRow[] {
  return CORPORA.flatMap(({ name, corpus }) => corpusQualityRows(name, corpus));
}

function corpusQualityRows(corpusName: string, corpus: LabelledCorpus): BenchRow[] {
  const scores = EXTRACTORS.map((extractor) => ({
    name: extractor.name,
    score: scoreOnCorpus(extractor.addresses, corpus),
  }));
  const rows: BenchRow[] = [];
  for (const measure of ['precision', 'recall'] as const) {
    for (const { name, score } of scores) {
      const value = score[measure];
      rows.push({
        name: `${measure}, ${corpusName}: ${name}`,
        value: percent(value),
        detail:
          measure === 'precision'
            ? `${Math.round(value * score.found)} of ${score.found} found are right`
            : `${Math.round(value * score.expected)} of ${score.expected} found, in ${score.cases} labelled texts`,
        budget: name === 'extractEmails' ? lowerBudget(value * 100, QUALITY_BUDGET_PERCENT, '%') : '',
      });
    }
  }
  return rows;
}
