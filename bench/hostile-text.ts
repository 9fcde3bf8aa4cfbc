/**
 * What text a stranger wrote to be slow costs, beside ordinary text of the same length, in one process so the
 * figures compare: the adversarial inputs of the linear-time tests (`*.speed.test.ts`), each at a fixed
 * length, through the code that reads it in the extension (and, for a TXT record, the service).
 */

import { findTopUpUrl } from '#core/api/client.ts';
import { findMailbox } from '#core/catalog/mailbox-evidence.ts';
import { parseMailto } from '#core/email/mailto.ts';
import { findEmails } from '#core/email/obfuscated.ts';
import { TEXT_WINDOW } from '#extension/limits.ts';
import { realisticText, type Scanner, timeScanners } from './extraction.ts';
import { ratioBudget } from './stats.ts';
import type { BenchRow } from './table.ts';

/** The linear-time tests' bound: 4x the text costs at most 6x the time (test/support/linear-time.ts). */
const GROWTH = 4;
const MAX_TIME_RATIO = 6;

/** `text` repeated and cut to `length` characters. */
const cut = (text: string, length: number) => text.repeat(Math.ceil(length / text.length)).slice(0, length);

/** Reads a text window by window, as the page scanner reads a long text node. */
function readInWindows(text: string): number {
  let found = 0;
  for (let from = 0; from < text.length; from += TEXT_WINDOW)
    found += findEmails(text, from, Math.min(text.length, from + TEXT_WINDOW)).length;
  return found;
}

interface HostileCase {
  name: string;
  /** The reading, of the hostile text and of the ordinary text alike. */
  read: (text: string) => number;
  /** The hostile text at a length. */
  hostile: (length: number) => string;
  /** The length it is measured at, the same in every run so that runs compare. */
  length: number;
  /** Where a text sits: a `mailto:` link, a message, a TXT record. */
  frame?: (text: string) => string;
}

/** Ordinary text, from the extraction benchmark's generator. */
const prose = (length: number) => cut(realisticText(length + 1_000, 32), length);
const asLink = (text: string) => `mailto:${text}`;
const numberedRecipients = (length: number) =>
  cut(Array.from({ length: length / 10 }, (_, i) => `u${i}@x.org,`).join(''), length);

/** findEmails over text made of `piece` repeated, at 48 K. */
const findEmailsIn = (piece: string): HostileCase => ({
  name: `findEmails, '${piece}'`,
  read: (text) => findEmails(text).length,
  hostile: (n) => cut(piece, n),
  length: 48_000,
});

const CASES: readonly HostileCase[] = [
  findEmailsIn('-AT'),
  findEmailsIn('x-AT-a.'),
  findEmailsIn(' @ a'),
  findEmailsIn('a at '),
  {
    name: "a text node of '-AT', in windows",
    read: readInWindows,
    hostile: (n) => cut('-AT', n),
    length: 210_000,
  },
  {
    name: `the last ${TEXT_WINDOW / 1024} K window of that node`,
    read: (text) => findEmails(text, text.length - TEXT_WINDOW, text.length).length,
    hostile: (n) => cut('-AT', n),
    length: 210_000,
  },
  {
    name: "parseMailto, '-AT'",
    read: (href) => parseMailto(href).length,
    hostile: (n) => cut('-AT', n),
    length: 30_000,
    frame: asLink,
  },
  {
    name: 'parseMailto, a recipient every 10',
    read: (href) => parseMailto(href).length,
    hostile: numberedRecipients,
    length: 30_000,
    frame: asLink,
  },
  {
    name: 'findTopUpUrl, dots after https://',
    read: (message) => (findTopUpUrl(message) ? 1 : 0),
    hostile: (n) => `${'.'.repeat(n)}a`,
    length: 64_000,
    frame: (text) => `Top up at https://x.example/${text}`,
  },
  {
    name: "an SPF record's include of labels",
    read: (record) => (findMailbox('acme.com', ['mx.unknown.example'], [record]) ? 1 : 0),
    hostile: (n) => `include:${cut('a.', n)}spf.protection.outlook.com`,
    length: 60_000,
    frame: (terms) => `v=spf1 ${terms}`,
  },
];

/**
 * Each hostile text at a quarter of its length and at its length, and ordinary text of its length in the same
 * frame, timed in turn: what it costs, how its cost grows (the tests' bound, below the sizes where a string
 * outgrows the processor's caches), and what the same length of ordinary text costs.
 */
export function benchHostileText(): BenchRow[] {
  return CASES.map(({ name, read, hostile, length, frame = (text) => text }) => {
    const texts = {
      quarter: frame(hostile(length / GROWTH)),
      hostile: frame(hostile(length)),
      prose: frame(prose(length)),
    };
    const scanners: Scanner[] = Object.entries(texts).map(([kind, text]) => ({
      name: kind,
      scan: () => read(text),
    }));
    const timings = timeScanners(scanners, '');
    const ms = (kind: keyof typeof texts) => timings.get(kind)?.ms ?? Number.NaN;
    return {
      name: `${name} (${Math.round(length / 1000)} K)`,
      value: `${ms('hostile').toFixed(2)} ms`,
      detail: `a quarter of it: ${ms('quarter').toFixed(2)} ms; ordinary text of its length: ${ms('prose').toFixed(2)} ms`,
      budget: ratioBudget(
        ms('hostile') / ms('quarter'),
        MAX_TIME_RATIO,
        `a quarter's time, for ${GROWTH}x the text`,
      ),
    };
  });
}
