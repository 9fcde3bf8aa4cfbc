/**
 * Builds test/fixtures/dns-corpus/corpus.json from public DNS measurements (see SOURCES.md there).
 *
 * The measurement files are read from bare git snapshots of their public repositories, at the commits pinned
 * in SOURCES below: `<mirrors>/<owner>+<name>/repo`, where `<mirrors>` is `--mirrors <folder>` or the
 * environment variable DNS_CORPUS_MIRRORS. Nothing is resolved here: every MX host and TXT string in the
 * corpus is copied from a measurement file (case and whitespace normalised; see SOURCES.md for the one
 * re-joined field). Steps:
 *   1. read the rows of each source;
 *   2. choose a pool per source: seeded sampling, capped per MX family so that rare set-ups are kept;
 *   3. split the pool into tune/holdout halves with a fixed seed, stratified by source and MX family;
 *   4. label the rows by the mechanical parts of LABELLING.md, then apply labels-reviewed.json, the labels
 *      and notes fixed by hand after reading every row.
 * Run: npx tsx scripts/build-dns-corpus.ts [--mirrors <folder>] [--review tune|holdout|all] [--no-labels]
 * (--review prints the rows of that half with their labels instead of writing the file).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { getDomain } from 'tldts';
import { mulberry32 } from '#test/support/seeded-random.ts';
import { stopWithUsage } from './stop-with-usage.ts';

const OUT_DIR = new URL('../test/fixtures/dns-corpus/', import.meta.url);
const SEED = 'webmail-lookup dns-corpus 2026';

// ---------------------------------------------------------------- sources

type Source = {
  id: string;
  repo: string;
  commit: string;
  entity: 'company' | 'public-body';
  /** How many rows of this source go into the pool (before the split). */
  quota: number;
};

const SOURCES: Source[] = [
  {
    id: 'f20-2023',
    repo: 'seanthegeek/fortune-20-domain-survey',
    commit: '4201f10a70f666c08726777a211f4c16bfa574dd',
    entity: 'company',
    quota: 230,
  },
  {
    id: 'mxmapit-2026',
    repo: 'mxmap-it/mxmap.it',
    commit: '93bc7b837d5333f8510fd2c15e682f81ae0906a6',
    entity: 'public-body',
    quota: 440,
  },
  {
    id: 'mxmapdk-2026',
    repo: 'KimTholstorf/mxmap-dk',
    commit: '92352b3fb4f213b38ebdf9bcbad3fc703504fb35',
    entity: 'public-body',
    quota: 70,
  },
  {
    id: 'mxmapch-2026',
    repo: 'davidhuser/mxmap',
    commit: '1aa7738225fb34a3f161f5731ad6e2d60c3327ca',
    entity: 'public-body',
    quota: 70,
  },
];

/** Countries that mxmap-dk and davidhuser/mxmap measured themselves: taken from there, not from mxmap.it. */
const NORDIC_COUNTRIES = ['dk', 'fi', 'no', 'se', 'is'];

type MxRecord = { preference: number | null; host: string };
type CorpusRow = {
  domain: string;
  source: string;
  source_file: string;
  entity: { kind: 'company' | 'public-body'; group: string };
  measured: string;
  mx: MxRecord[];
  txt: string[];
  txt_scope: 'spf-only' | 'spf+verification-tokens';
  /** The SPF records the domain's includes name, by the included name. */
  included?: Record<string, string[]>;
  set?: 'tune' | 'holdout';
  label?: Label;
  notes: string;
};

/** The measurement files of one source, at its pinned commit. */
class SourceSnapshot {
  readonly #gitDir: string;

  constructor(
    mirrors: string,
    readonly source: Source,
  ) {
    this.#gitDir = join(mirrors, source.repo.replace('/', '+'), 'repo');
    if (!existsSync(this.#gitDir))
      stopWithUsage(
        `No snapshot of ${source.repo} at ${this.#gitDir}. Make one with ` +
          `git clone --bare https://github.com/${source.repo} ${this.#gitDir}`,
      );
  }

  read(path: string): string {
    return execFileSync('git', ['--git-dir', this.#gitDir, 'show', `${this.source.commit}:${path}`], {
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
  }

  list(folder: string): string[] {
    return execFileSync(
      'git',
      ['--git-dir', this.#gitDir, 'ls-tree', '-r', '--name-only', this.source.commit, folder],
      { encoding: 'utf8' },
    )
      .split('\n')
      .filter(Boolean);
  }
}

const normaliseSpace = (text: string) => text.trim().replace(/\s+/g, ' ');
const normaliseHost = (name: string) => name.trim().toLowerCase().replace(/\.$/, '');
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;
const stringOf = (value: unknown): string => (typeof value === 'string' ? value : '');

// --- checkdmarc output (seanthegeek/fortune-20-domain-survey)

/** The records of the SPF record's own includes and redirect, as checkdmarc parsed them. */
function checkdmarcIncludes(spf: Record<string, unknown>): Record<string, string[]> {
  const parsed = isRecord(spf.parsed) ? spf.parsed : {};
  const firstLevel = [
    ...(Array.isArray(parsed.include) ? parsed.include : []),
    ...(isRecord(parsed.redirect) ? [parsed.redirect] : []),
  ];
  const included: Record<string, string[]> = {};
  for (const include of firstLevel) {
    if (!isRecord(include) || !stringOf(include.domain) || !stringOf(include.record)) continue;
    included[normaliseHost(stringOf(include.domain))] = [normaliseSpace(stringOf(include.record))];
  }
  return included;
}

function checkdmarcRow(
  source: Source,
  file: string,
  ticker: string,
  entry: Record<string, unknown>,
): CorpusRow {
  const mxReport = isRecord(entry.mx) ? entry.mx : {};
  const hosts = Array.isArray(mxReport.hosts) ? mxReport.hosts : [];
  const mx: MxRecord[] = hosts.filter(isRecord).map((mxHost) => ({
    preference: typeof mxHost.preference === 'number' ? mxHost.preference : null,
    host: normaliseHost(stringOf(mxHost.hostname)),
  }));
  const spf = isRecord(entry.spf) ? entry.spf : {};
  const record = normaliseSpace(stringOf(spf.record));
  const included = checkdmarcIncludes(spf);
  return {
    domain: normaliseHost(stringOf(entry.domain)),
    source: source.id,
    source_file: file,
    entity: { kind: 'company', group: ticker },
    measured: '2023-10-04',
    mx,
    txt: record ? [record] : [],
    txt_scope: 'spf-only',
    ...(Object.keys(included).length ? { included } : {}),
    notes: '',
  };
}

function readCheckdmarc(snapshot: SourceSnapshot): CorpusRow[] {
  const files = snapshot
    .list('results/2023-10-04')
    .filter((file) => file.endsWith('_checkdmarc.json') && !file.includes('aggregate'));
  return files.flatMap((file) => {
    const parsed: unknown = JSON.parse(snapshot.read(file));
    const entries = Array.isArray(parsed) ? parsed : [parsed];
    const ticker = file.split('/')[2] ?? '';
    return entries.filter(isRecord).map((entry) => checkdmarcRow(snapshot.source, file, ticker, entry));
  });
}

// --- mxmap dns_cache entries (mxmap.it, mxmap-dk) and davidhuser/mxmap data.json

const VERIFICATION_PREFIXES: Record<string, string> = {
  microsoft: 'MS=',
  google: 'google-site-verification=',
  apple: 'apple-domain-verification=',
  atlassian: 'atlassian-domain-verification=',
  facebook: 'facebook-domain-verification=',
  docusign: 'docusign=',
};

/** mxmap's resolver stops after this many lookups (resolve_spf_includes, max_lookups). */
const MXMAP_SPF_LOOKUPS = 10;
const INCLUDE_PATTERN = /\binclude:(\S+)/gi;
const REDIRECT_PATTERN = /\bredirect=(\S+)/gi;
/** The names an SPF record includes or redirects to, as mxmap finds them: includes first. */
const namesMxmapFollows = (spf: string) => [
  ...[...spf.matchAll(INCLUDE_PATTERN)].map((match) => match[1] ?? ''),
  ...[...spf.matchAll(REDIRECT_PATTERN)].map((match) => match[1] ?? ''),
];

/**
 * mxmap keeps `spf_resolved`: the SPF record and then every record reached from it, breadth first, joined
 * with spaces (src/mail_sovereignty/dns.py, resolve_spf_includes). The level-one records are recovered by
 * replaying that walk; if any step cannot be matched (a lookup that failed, a macro) nothing is recovered.
 */
function levelOneIncludes(spf: string, resolved: string): Record<string, string[]> | null {
  if (!resolved || resolved === spf) return null;
  const chain = resolved.split(/ (?=v=spf1(?: |$))/i);
  if (chain[0] !== spf) return null;
  const levelOne = namesMxmapFollows(spf).map(normaliseHost);
  if (levelOne.some((name) => name.includes('%'))) return null;
  const recordOf = replayMxmapWalk(levelOne, chain);
  if (!recordOf) return null;
  const included: Record<string, string[]> = {};
  for (const name of levelOne) {
    const record = recordOf.get(name);
    if (record) included[name] = [normaliseSpace(record)];
  }
  return Object.keys(included).length ? included : null;
}

/** Each name mxmap looked up, with the record it got, when `chain` holds exactly the walk's records. */
function replayMxmapWalk(levelOne: string[], chain: string[]): Map<string, string> | null {
  const queue = [...levelOne];
  const visited = new Set<string>();
  const recordOf = new Map<string, string>();
  let next = 1;
  while (queue.length && visited.size < MXMAP_SPF_LOOKUPS) {
    const name = normaliseHost(queue.shift() ?? '');
    if (visited.has(name)) continue;
    visited.add(name);
    const record = chain[next];
    if (record === undefined) return null;
    next += 1;
    recordOf.set(name, record);
    queue.push(...namesMxmapFollows(record));
  }
  return next === chain.length ? recordOf : null;
}

function mxmapRow(
  source: Source,
  file: string,
  group: string,
  domain: string,
  entry: Record<string, unknown>,
): CorpusRow {
  const mx: MxRecord[] = (Array.isArray(entry.mx) ? entry.mx : [])
    .map((name) => normaliseHost(stringOf(name)))
    .filter(Boolean)
    .map((name) => ({ preference: null, host: name }));
  const spf = normaliseSpace(stringOf(entry.spf));
  const txt = spf ? [spf] : [];
  const tokens = isRecord(entry.txt_verifications) ? entry.txt_verifications : {};
  for (const [kind, prefix] of Object.entries(VERIFICATION_PREFIXES)) {
    const value = stringOf(tokens[kind]);
    if (value) txt.push(`${prefix}${normaliseSpace(value)}`);
  }
  const included = spf
    ? levelOneIncludes(stringOf(entry.spf).trim(), stringOf(entry.spf_resolved).trim())
    : null;
  const measuredAt = typeof entry.ts === 'number' ? entry.ts : 0;
  return {
    domain: normaliseHost(domain),
    source: source.id,
    source_file: file,
    entity: { kind: 'public-body', group },
    measured: measuredAt ? new Date(measuredAt * 1000).toISOString().slice(0, 10) : '',
    mx,
    txt,
    txt_scope: 'spf+verification-tokens',
    ...(included ? { included } : {}),
    notes: '',
  };
}

/** The rows of mxmap's per-country cache files whose country `wanted` takes. */
function readDnsCache(snapshot: SourceSnapshot, wanted: (country: string) => boolean): CorpusRow[] {
  const rows: CorpusRow[] = [];
  for (const file of snapshot.list('data/dns_cache')) {
    const country = file
      .replace(/^.*\//, '')
      .replace(/\.json$/, '')
      .slice(0, 2);
    if (!wanted(country)) continue;
    let parsed: unknown;
    try {
      parsed = JSON.parse(snapshot.read(file));
    } catch {
      continue; // files of 4 MiB and more are absent from the snapshot (it.json): skipped
    }
    if (!isRecord(parsed)) continue;
    for (const [domain, entry] of Object.entries(parsed)) {
      if (isRecord(entry)) rows.push(mxmapRow(snapshot.source, file, country, domain, entry));
    }
  }
  return rows;
}

function readSwissMunicipalities(snapshot: SourceSnapshot): CorpusRow[] {
  const data: unknown = JSON.parse(snapshot.read('data.json'));
  if (!isRecord(data) || !isRecord(data.municipalities)) return [];
  const measured = stringOf(data.generated).slice(0, 10);
  const rows: CorpusRow[] = [];
  for (const municipality of Object.values(data.municipalities)) {
    if (!isRecord(municipality) || !stringOf(municipality.domain)) continue;
    const row = mxmapRow(snapshot.source, 'data.json', 'ch', stringOf(municipality.domain), {
      mx: municipality.mx,
      spf: municipality.spf,
    });
    row.measured = measured;
    row.txt_scope = 'spf-only';
    rows.push(row);
  }
  return rows;
}

function readSource(snapshot: SourceSnapshot): CorpusRow[] {
  switch (snapshot.source.id) {
    case 'f20-2023':
      return readCheckdmarc(snapshot);
    case 'mxmapit-2026':
      return readDnsCache(snapshot, (country) => country !== 'ch' && !NORDIC_COUNTRIES.includes(country));
    case 'mxmapdk-2026':
      return readDnsCache(snapshot, (country) => NORDIC_COUNTRIES.includes(country));
    default:
      return readSwissMunicipalities(snapshot);
  }
}

// ---------------------------------------------------------------- patterns (LABELLING.md §3–§5)

type PatternKind = 'provider' | 'gateway' | 'host' | 'forwarder';
type Pattern = { id: string; kind: PatternKind; mx: RegExp[]; spf?: RegExp[] };

/** A DNS zone: the name and every name under it. */
const zone = (name: string) => new RegExp(`(^|\\.)${name.replace(/\./g, '\\.')}$`);
const exactly = (...names: string[]) =>
  new RegExp(`^(${names.map((name) => name.replace(/\./g, '\\.')).join('|')})$`);

const PATTERNS: Pattern[] = [
  // mailbox providers
  {
    id: 'microsoft-365',
    kind: 'provider',
    mx: [
      zone('mail.protection.outlook.com'),
      zone('mail.eo.outlook.com'),
      zone('mx.microsoft'),
      zone('mail.protection.outlook.de'),
      zone('mail.protection.partner.outlook.cn'),
    ],
    spf: [
      exactly('spf.protection.outlook.com', 'spf.protection.outlook.de', 'spf.protection.partner.outlook.cn'),
    ],
  },
  { id: 'outlook-com-consumer', kind: 'provider', mx: [zone('pamx1.hotmail.com')] },
  {
    id: 'google-workspace',
    kind: 'provider',
    mx: [/^(alt[1-4]\.)?aspmx\.l\.google\.com$/, /^aspmx[2-5]\.googlemail\.com$/, exactly('smtp.google.com')],
    spf: [exactly('_spf.google.com', 'aspmx.googlemail.com', 'google.com')],
  },
  {
    id: 'zoho-mail',
    kind: 'provider',
    mx: [/^mx[23]?\.zoho(mail)?\.(com|eu|in|com\.au|jp|sa|ca|com\.cn)$/],
    spf: [/^((spf|one)\.)?zoho(mail)?\.(com|eu|in|com\.au|jp|sa|ca|com\.cn)$/],
  },
  {
    id: 'proton-mail',
    kind: 'provider',
    mx: [exactly('mail.protonmail.ch', 'mailsec.protonmail.ch')],
    spf: [exactly('_spf.protonmail.ch')],
  },
  {
    id: 'yandex-360',
    kind: 'provider',
    mx: [exactly('mx.yandex.net', 'mx.yandex.ru')],
    spf: [exactly('_spf.yandex.net')],
  },
  { id: 'vk-workspace', kind: 'provider', mx: [exactly('emx.mail.ru')], spf: [exactly('_spf.mail.ru')] },
  { id: 'alibaba-mail', kind: 'provider', mx: [zone('mxhichina.com')], spf: [exactly('spf.mxhichina.com')] },
  {
    id: 'tencent-exmail',
    kind: 'provider',
    mx: [exactly('mxbiz1.qq.com', 'mxbiz2.qq.com', 'mx.exmail.qq.com')],
    spf: [exactly('spf.mail.qq.com')],
  },
  {
    id: 'netease-qiye',
    kind: 'provider',
    mx: [zone('ym.163.com'), zone('qiye.163.com')],
    spf: [exactly('spf.163.com')],
  },
  {
    id: 'lark-mail',
    kind: 'provider',
    mx: [/^mx\d?\.larksuite\.com$/, /^mx\d?\.feishu\.cn$/],
    spf: [exactly('spf.onlarksuite.com', 'spf.feishu.cn')],
  },
  {
    id: 'seznam-emailprofi',
    kind: 'provider',
    mx: [zone('emailprofi.seznam.cz')],
    spf: [exactly('spf.seznam.cz')],
  },
  { id: 'yahoo-mail', kind: 'provider', mx: [zone('yahoodns.net')], spf: [exactly('_spf.mail.yahoo.com')] },
  {
    id: 'icloud-mail',
    kind: 'provider',
    mx: [exactly('mx01.mail.icloud.com', 'mx02.mail.icloud.com')],
    spf: [exactly('icloud.com')],
  },
  {
    id: 'fastmail',
    kind: 'provider',
    mx: [exactly('in1-smtp.messagingengine.com', 'in2-smtp.messagingengine.com')],
    spf: [exactly('spf.messagingengine.com')],
  },
  {
    id: 'rackspace-email',
    kind: 'provider',
    mx: [exactly('mx1.emailsrvr.com', 'mx2.emailsrvr.com')],
    spf: [exactly('emailsrvr.com')],
  },
  {
    id: 'titan-mail',
    kind: 'provider',
    mx: [exactly('mx1.titan.email', 'mx2.titan.email')],
    spf: [exactly('spf.titan.email')],
  },
  { id: 'mailbox-org', kind: 'provider', mx: [/^mxext\d\.mailbox\.org$/], spf: [exactly('mailbox.org')] },
  { id: 'tuta', kind: 'provider', mx: [exactly('mail.tutanota.de')], spf: [exactly('spf.tutanota.de')] },
  {
    id: 'infomaniak-mail',
    kind: 'provider',
    mx: [exactly('mta-gw.infomaniak.ch')],
    spf: [exactly('spf.infomaniak.ch')],
  },
  // security gateways
  { id: 'proofpoint', kind: 'gateway', mx: [zone('pphosted.com')] },
  { id: 'proofpoint-essentials', kind: 'gateway', mx: [zone('ppe-hosted.com')] },
  {
    id: 'mimecast',
    kind: 'gateway',
    mx: [zone('mimecast.com'), zone('mimecast.co.za'), zone('mimecast-offshore.com')],
  },
  { id: 'barracuda', kind: 'gateway', mx: [zone('barracudanetworks.com')] },
  { id: 'cisco', kind: 'gateway', mx: [zone('iphmx.com')] },
  {
    id: 'trendmicro',
    kind: 'gateway',
    mx: [
      zone('tmes.trendmicro.com'),
      zone('tmes.trendmicro.eu'),
      zone('tmes-anz.trendmicro.com'),
      /\.hes\.trendmicro\./,
    ],
  },
  { id: 'sophos', kind: 'gateway', mx: [zone('hydra.sophos.com')] },
  { id: 'hornetsecurity', kind: 'gateway', mx: [zone('hornetsecurity.com')] },
  { id: 'fortimail', kind: 'gateway', mx: [zone('fortimailcloud.com'), zone('fortimail.com')] },
  { id: 'seppmail', kind: 'gateway', mx: [zone('seppmail.cloud')] },
  { id: 'symantec', kind: 'gateway', mx: [zone('messagelabs.com')] },
  { id: 'forcepoint', kind: 'gateway', mx: [zone('mailcontrol.com')] },
  { id: 'trustwave', kind: 'gateway', mx: [zone('mailmarshal.cloud'), /\.trustwave\.com$/] },
  { id: 'libraesva', kind: 'gateway', mx: [zone('libraesva.com'), zone('esvalabs.com')] },
  {
    id: 'spamexperts',
    kind: 'gateway',
    mx: [zone('spamexperts.com'), zone('spamexperts.eu'), zone('spamexperts.net'), zone('antispamcloud.com')],
  },
  { id: 'appriver', kind: 'gateway', mx: [zone('arsmtp.com')] },
  { id: 'fireeye', kind: 'gateway', mx: [zone('fireeyecloud.com')] },
  { id: 'titanhq', kind: 'gateway', mx: [zone('titanhq.com')] },
  { id: 'vade', kind: 'gateway', mx: [zone('vadesecure.com')] },
  { id: 'topsec', kind: 'gateway', mx: [zone('topsec.com')] },
  // web hosts' mail
  {
    id: 'ionos',
    kind: 'host',
    mx: [/^mx0[01]\.ionos\./, /^mx0[01]\.kundenserver\.de$/, /^mx0[01]\.1and1\./, zone('perfora.net')],
  },
  { id: 'strato', kind: 'host', mx: [exactly('smtpin.rzone.de')] },
  { id: 'one-com', kind: 'host', mx: [zone('one.com')] },
  { id: 'all-inkl', kind: 'host', mx: [zone('kasserver.com')] },
  { id: 'hostinger', kind: 'host', mx: [exactly('mx1.hostinger.com', 'mx2.hostinger.com')] },
  { id: 'siteground', kind: 'host', mx: [zone('antispam.mailspamprotection.com')] },
  { id: 'locaweb', kind: 'host', mx: [zone('locaweb.com.br')] },
  { id: 'kinghost', kind: 'host', mx: [zone('kinghost.net')] },
  { id: 'loopia', kind: 'host', mx: [zone('loopia.se')] },
  { id: 'dreamhost', kind: 'host', mx: [zone('dreamhost.com')] },
  { id: 'jimdo', kind: 'host', mx: [exactly('mx1.jimdo.com', 'mx2.jimdo.com')] },
  { id: 'home-pl', kind: 'host', mx: [zone('home.pl')] },
  { id: 'hetzner', kind: 'host', mx: [zone('your-server.de')] },
  { id: 'domainfactory', kind: 'host', mx: [zone('ispgateway.de')] },
  { id: 'arsys', kind: 'host', mx: [zone('serviciodecorreo.es')] },
  { id: 'opensrs', kind: 'host', mx: [zone('hostedemail.com')] },
  { id: 'ovh', kind: 'host', mx: [/^mx\d*\.ovh\.net$/, zone('mail.ovh.net')] },
  { id: 'godaddy', kind: 'host', mx: [exactly('smtp.secureserver.net', 'mailstore1.secureserver.net')] },
  { id: 'namecheap', kind: 'host', mx: [exactly('mx1.privateemail.com', 'mx2.privateemail.com')] },
  { id: 'mittwald', kind: 'host', mx: [zone('agenturserver.de')] },
  { id: 'united-domains', kind: 'host', mx: [zone('udag.de')] },
  { id: 'mailhostbox', kind: 'host', mx: [zone('mailhostbox.com')] },
  // forwarding only (never a mailbox; the label is `none`, the note says so)
  {
    id: 'forwarding',
    kind: 'forwarder',
    mx: [
      zone('mx.cloudflare.net'),
      zone('improvmx.com'),
      zone('forwardemail.net'),
      /^eforward\d\.registrar-servers\.com$/,
    ],
  },
];

/** SPF-management services whose includes hide the real senders (LABELLING.md §7). */
const SPF_MANAGERS = [
  /powerspf\.com$/,
  /spf-protect\.agari\.com$/,
  /ondmarc\.com$/,
  /dmarcly(eu)?\.com$/,
  /spf-?protect\.com$/,
  /easydmarc\./,
  /autospf\./,
  /valimail\.com$/,
  /smartspf\./,
  /spf\.dmarcian\.com$/,
  /_spf\.sendmarc\.com$/,
  /vali\.email$/,
  /spf\.has\.pphosted\.com$/,
  /mimecastspf\./,
];

const WEB_HOST_SPF = [
  /ionos\.com$/,
  /kundenserver\.de$/,
  /kasserver\.com$/,
  /hostinger\.com$/,
  /websitewelcome\.com$/,
  /secureserver\.net$/,
  /^mx\.ovh\.com$/,
  /locaweb\.com\.br$/,
  /kinghost\.net$/,
  /strato\.com$/,
  /one\.com$/,
  /mailspamprotection\.com$/,
  /serviciodecorreo\.es$/,
  /ispgateway\.de$/,
  /agenturserver\.de$/,
];

function patternOfMx(mxHost: string): Pattern | null {
  for (const pattern of PATTERNS) if (pattern.mx.some((regex) => regex.test(mxHost))) return pattern;
  return null;
}

/** The family used to sample and stratify: the matched pattern ids, `self`, `other` or `no-mx`. */
function mxFamily(row: CorpusRow): string {
  if (!row.mx.length) return 'no-mx';
  const ids = new Set<string>();
  for (const { host } of row.mx) {
    const pattern = patternOfMx(host);
    if (pattern) ids.add(pattern.kind === 'forwarder' ? 'forwarding' : pattern.id);
  }
  if (ids.size) return [...ids].sort().join('+');
  const own = getDomain(row.domain);
  if (row.mx.every(({ host }) => getDomain(host) === own)) return 'self';
  return 'other';
}

function isGatewayOnly(row: CorpusRow): boolean {
  return row.mx.length > 0 && row.mx.every(({ host }) => patternOfMx(host)?.kind === 'gateway');
}

// ---------------------------------------------------------------- seeded randomness

/** A generator of numbers in [0, 1) from a text seed: the xmur3 string hash seeding Mulberry32. */
function seededRandom(seed: string): () => number {
  let hash = 1779033703 ^ seed.length;
  for (let i = 0; i < seed.length; i++) {
    hash = Math.imul(hash ^ seed.charCodeAt(i), 3432918353);
    hash = (hash << 13) | (hash >>> 19);
  }
  return mulberry32(hash);
}

/** A Fisher–Yates shuffle of a copy. */
function shuffled<T>(items: T[], random: () => number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    const item = copy[i] as T;
    copy[i] = copy[j] as T;
    copy[j] = item;
  }
  return copy;
}

const byDomain = (a: CorpusRow, b: CorpusRow) => a.domain.localeCompare(b.domain);

// ---------------------------------------------------------------- pool and split

/** Per family caps: common set-ups are capped so that rare ones fill the quota. */
function familyCap(family: string, source: Source): number {
  const large = source.quota >= 200;
  if (family === 'microsoft-365') return large ? 55 : 14;
  if (family === 'google-workspace') return large ? 35 : 8;
  if (family === 'self') return large ? 55 : 10;
  if (family === 'other') return large ? 110 : 16;
  if (family === 'no-mx') return large ? 8 : 0;
  return large ? 14 : 5;
}

function rowsByFamily(rows: CorpusRow[]): Map<string, CorpusRow[]> {
  const families = new Map<string, CorpusRow[]>();
  for (const row of rows) families.set(mxFamily(row), [...(families.get(mxFamily(row)) ?? []), row]);
  return families;
}

/** The source's pool, from `rows` in domain order. */
function choosePool(rows: CorpusRow[], source: Source): CorpusRow[] {
  const random = seededRandom(`${SEED} pool ${source.id}`);
  const families = rowsByFamily(shuffled(rows, random));
  const chosen: CorpusRow[] = [];
  // Round-robin over the families (in a seeded order) until the quota is met or every cap is reached.
  const order = shuffled([...families.keys()].sort(), random);
  const taken = new Map<string, number>();
  let progress = true;
  while (chosen.length < source.quota && progress) {
    progress = false;
    for (const family of order) {
      const count = taken.get(family) ?? 0;
      const row = families.get(family)?.[count];
      if (count >= familyCap(family, source) || !row) continue;
      chosen.push(row);
      taken.set(family, count + 1);
      progress = true;
      if (chosen.length >= source.quota) break;
    }
  }
  return chosen;
}

function splitTuneHoldout(pool: CorpusRow[], splitId: string): void {
  const random = seededRandom(`${SEED} split ${splitId}`);
  const families = rowsByFamily(pool);
  for (const family of [...families.keys()].sort()) {
    const rows = shuffled((families.get(family) ?? []).sort(byDomain), random);
    // Alternate within the family; a coin decides which half gets the odd one.
    const holdoutFirst = random() < 0.5;
    rows.forEach((row, index) => {
      row.set = (index % 2 === 0) === holdoutFirst ? 'holdout' : 'tune';
    });
  }
}

/**
 * The source's rows in the corpus: its pool, and every row behind a gateway whose SPF names two mailbox
 * providers. Those are rare (a handful in all sources) and the family caps leave most of them out, so each
 * one not yet chosen is added, and split on its own.
 */
function sampleSource(rows: CorpusRow[], source: Source): CorpusRow[] {
  const inDomainOrder = [...rows].sort(byDomain);
  const pool = choosePool(inDomainOrder, source);
  splitTuneHoldout(pool, source.id);
  const chosen = new Set(pool);
  const twoProviders = inDomainOrder.filter(
    (row) => !chosen.has(row) && isGatewayOnly(row) && providersInSpf(row, []).size > 1,
  );
  splitTuneHoldout(twoProviders, `${source.id} supplement`);
  return [...pool, ...twoProviders];
}

// ---------------------------------------------------------------- mechanical labelling (LABELLING.md §2)

type Label = {
  class:
    | 'mx-provider'
    | 'gateway-spf'
    | 'gateway-ambiguous'
    | 'gateway-none'
    | 'web-host'
    | 'unknown-mx-spf'
    | 'none';
  provider: string | null;
  gateway: string | null;
  evidence: 'mx' | 'spf' | 'ms-verification' | 'none';
  weak: boolean;
  accept: string[];
};

function spfRecordOf(row: CorpusRow): string | null {
  return row.txt.find((text) => /^v=spf1(\s|$)/i.test(text)) ?? null;
}

/** The names an SPF record's include and redirect terms name, whatever their qualifier. */
function spfIncludeTargets(record: string): string[] {
  return record
    .split(/\s+/)
    .map((term) => term.replace(/^[+\-~?]/, ''))
    .filter((term) => /^(include:|redirect=)/i.test(term))
    .map((term) => normaliseHost(term.replace(/^(include:|redirect=)/i, '')));
}

/** Adds to `found` the providers the targets name, and to `notes` what a reader of the row should know. */
function noteProvidersNamed(targets: string[], via: string, found: Set<string>, notes: string[]): void {
  for (const target of targets) {
    for (const pattern of PATTERNS) {
      if (pattern.kind !== 'provider' || !pattern.spf?.some((regex) => regex.test(target))) continue;
      found.add(pattern.id);
      if (via) notes.push(`${pattern.id} via ${via}`);
      if (target === 'google.com') notes.push('include:google.com counted as Google Workspace');
      if (pattern.id === 'zoho-mail')
        notes.push(`include:${target} counted as Zoho Mail (may be Zoho CRM/One only)`);
    }
    if (target === 'outlook.com') notes.push('include:outlook.com not counted (LABELLING.md §8)');
    if (SPF_MANAGERS.some((regex) => regex.test(target)))
      notes.push(`SPF managed by a third party (${target})`);
    if (WEB_HOST_SPF.some((regex) => regex.test(target)))
      notes.push(`web-host SPF include ${target} not counted`);
  }
}

/** The providers the domain's SPF names, directly or through the domain's own includes. */
function providersInSpf(row: CorpusRow, notes: string[]): Set<string> {
  const found = new Set<string>();
  const record = spfRecordOf(row);
  if (!record) return found;
  const own = getDomain(row.domain);
  const targets = spfIncludeTargets(record);
  noteProvidersNamed(targets, '', found, notes);
  for (const target of targets) {
    if (getDomain(target) !== own || target === row.domain) continue;
    const includedRecord = row.included?.[target]?.[0];
    if (includedRecord)
      noteProvidersNamed(spfIncludeTargets(includedRecord), `own include ${target}`, found, notes);
    else notes.push(`own include ${target}: its record is not in the source`);
  }
  return found;
}

/** What the MX records say, by the patterns. */
type MxReading = {
  providers: string[];
  webHosts: string[];
  gateway: string | null;
  /** A gateway at the lowest preference (or anywhere, when preferences are unknown). */
  primaryIsGateway: boolean;
  someUnknown: boolean;
  someForwarder: boolean;
};

function readMx(row: CorpusRow): MxReading {
  const known = row.mx.map((mx) => ({ mx, pattern: patternOfMx(mx.host) }));
  const idsOf = (kind: PatternKind) => [
    ...new Set(known.filter(({ pattern }) => pattern?.kind === kind).map(({ pattern }) => pattern?.id ?? '')),
  ];
  const preferences = row.mx.filter((mx) => mx.preference !== null).map((mx) => mx.preference as number);
  const lowest = preferences.length === row.mx.length && preferences.length ? Math.min(...preferences) : null;
  const gateways = idsOf('gateway');
  return {
    providers: idsOf('provider').sort(),
    webHosts: idsOf('host').sort(),
    gateway: gateways.length ? gateways.sort().join('|') : null,
    primaryIsGateway: known.some(
      ({ mx, pattern }) => (lowest === null || mx.preference === lowest) && pattern?.kind === 'gateway',
    ),
    someUnknown: known.some(({ pattern }) => !pattern),
    someForwarder: known.some(({ pattern }) => pattern?.kind === 'forwarder'),
  };
}

/** A label, with `accept` defaulting to the provider and each of its alternatives, or `unrecognised`. */
function makeLabel(fields: Omit<Label, 'weak' | 'accept'> & Partial<Label>): Label {
  return {
    weak: false,
    accept: fields.provider
      ? [fields.provider, ...(fields.provider.includes('|') ? fields.provider.split('|') : [])]
      : ['unrecognised'],
    ...fields,
  };
}

/** The label when the MX names a mailbox provider or a web host's mail, else null. */
function labelByMx(mx: MxReading, spfProviders: string[], notes: string[]): Label | null {
  const { gateway } = mx;
  if (mx.providers.length) {
    const provider = mx.providers.join('|');
    const other = spfProviders.filter((id) => !mx.providers.includes(id));
    if (other.length) notes.push(`SPF also names ${other.join(', ')}`);
    if (gateway) notes.push(`MX lists both ${provider} and gateway ${gateway}`);
    if (mx.providers.length > 1) notes.push('MX names two providers');
    return makeLabel({ class: 'mx-provider', provider, gateway, evidence: 'mx' });
  }
  if (mx.webHosts.length) {
    const provider = mx.webHosts.join('|');
    if (spfProviders.length) notes.push(`SPF names ${spfProviders.join(', ')} (outbound only by the rules)`);
    return makeLabel({ class: 'web-host', provider, gateway, evidence: 'mx' });
  }
  return null;
}

/** The label when a gateway receives the domain's mail first. */
function labelBehindGateway(mx: MxReading, spfProviders: string[], msToken: boolean, notes: string[]): Label {
  const { gateway } = mx;
  if (mx.someUnknown) notes.push('MX also lists host(s) outside the tables');
  if (spfProviders.length === 1)
    return makeLabel({ class: 'gateway-spf', provider: spfProviders[0] ?? null, gateway, evidence: 'spf' });
  if (spfProviders.length > 1)
    return makeLabel({
      class: 'gateway-ambiguous',
      provider: spfProviders.join('|'),
      gateway,
      evidence: 'spf',
      accept: [spfProviders.join('|'), ...spfProviders],
    });
  if (msToken)
    return makeLabel({
      class: 'gateway-none',
      provider: 'microsoft-365',
      gateway,
      evidence: 'ms-verification',
      weak: true,
      accept: ['microsoft-365', 'unrecognised'],
    });
  return makeLabel({ class: 'gateway-none', provider: null, gateway, evidence: 'none' });
}

/** The label when no pattern knows the MX hosts that receive first. */
function labelWithoutKnownMx(
  row: CorpusRow,
  mx: MxReading,
  spfProviders: string[],
  msToken: boolean,
  notes: string[],
): Label {
  const { gateway } = mx;
  if (!row.mx.length) notes.push('no MX');
  if (mx.someForwarder) notes.push('MX is a forwarding service, not a mailbox');
  if (gateway) notes.push(`gateway ${gateway} only at a backup preference`);
  if (spfProviders.length) {
    const provider = spfProviders.join('|');
    if (spfProviders.length > 1) notes.push('SPF names two providers');
    return makeLabel({
      class: 'unknown-mx-spf',
      provider,
      gateway,
      evidence: 'spf',
      weak: true,
      accept: [provider, ...(spfProviders.length > 1 ? spfProviders : []), 'unrecognised'],
    });
  }
  if (msToken)
    return makeLabel({
      class: 'none',
      provider: 'microsoft-365',
      gateway,
      evidence: 'ms-verification',
      weak: true,
      accept: ['unrecognised', 'microsoft-365'],
    });
  return makeLabel({ class: 'none', provider: null, gateway, evidence: 'none' });
}

function labelRow(row: CorpusRow): { label: Label; notes: string[] } {
  const notes: string[] = [];
  const msToken = row.txt.some((text) => /^ms=ms\d+$/i.test(text));
  const spfProviders = [...providersInSpf(row, notes)].sort();
  const mx = readMx(row);
  const label =
    labelByMx(mx, spfProviders, notes) ??
    (mx.primaryIsGateway
      ? labelBehindGateway(mx, spfProviders, msToken, notes)
      : labelWithoutKnownMx(row, mx, spfProviders, msToken, notes));
  return { label, notes };
}

// ---------------------------------------------------------------- main

type ReviewedLabels = Record<string, { label?: Partial<Label>; notes?: string; replaceNotes?: boolean }>;

/** Labels each row, then applies the labels and notes fixed by hand in labels-reviewed.json. */
function applyLabels(corpus: CorpusRow[]): void {
  const reviewedPath = new URL('labels-reviewed.json', OUT_DIR);
  const reviewed: ReviewedLabels = existsSync(reviewedPath)
    ? JSON.parse(readFileSync(reviewedPath, 'utf8'))
    : {};
  for (const row of corpus) {
    const { label: mechanical, notes } = labelRow(row);
    const fix = reviewed[row.domain];
    const fixed = { ...mechanical, ...(fix?.label ?? {}) };
    row.label = {
      class: fixed.class,
      provider: fixed.provider,
      gateway: fixed.gateway,
      evidence: fixed.evidence,
      weak: fixed.weak,
      accept: fixed.accept,
    };
    const kept = fix?.replaceNotes ? [] : notes;
    row.notes = [...kept, ...(fix?.notes ? [fix.notes] : [])].join('; ');
  }
}

/** Prints the rows of one half (or all) with their records and labels, for reading them through. */
function printForReview(corpus: CorpusRow[], set: string): void {
  for (const row of corpus) {
    if (set !== 'all' && row.set !== set) continue;
    const mx = row.mx
      .map((record) => (record.preference === null ? record.host : `${record.preference} ${record.host}`))
      .join(', ');
    const includes = row.included
      ? ` INC{${Object.entries(row.included)
          .map(([name, records]) => `${name}=${records[0]}`)
          .join(' | ')}}`
      : '';
    const label = row.label;
    console.log(
      `${row.domain} [${row.source} ${row.set}] MX: ${mx || '-'}\n  TXT: ${row.txt.join(' || ') || '-'}${includes}\n  => ${label?.class} ${label?.provider ?? '-'} gw=${label?.gateway ?? '-'} ev=${label?.evidence}${label?.weak ? ' weak' : ''} :: ${row.notes}`,
    );
  }
}

/**
 * Keeps only the domain's own includes (the ones the service follows; LABELLING.md §7): the sources also
 * hold the providers' and senders' records, which would double the file for no use.
 */
function keepOwnIncludes(row: CorpusRow): void {
  if (!row.included) return;
  const own = getDomain(row.domain);
  const kept = Object.entries(row.included).filter(
    ([name]) => getDomain(name) === own && name !== row.domain,
  );
  if (kept.length) row.included = Object.fromEntries(kept);
  else delete row.included;
}

function writeCorpus(corpus: CorpusRow[]): void {
  for (const row of corpus) keepOwnIncludes(row);
  const rows = corpus.map(({ set, label, notes, ...rest }) => ({ ...rest, set, label, notes }));
  const file = new URL('corpus.json', OUT_DIR);
  writeFileSync(file, `${JSON.stringify(rows, null, 1)}\n`);
  // The repository's formatter decides the layout, so a rebuild gives the committed bytes back.
  execFileSync('npx', ['biome', 'format', '--write', file.pathname], { stdio: 'ignore' });
  const counts: Record<string, Record<string, number>> = {};
  for (const row of corpus) {
    const ofSet = counts[`${row.set}`] ?? {};
    const labelClass = row.label?.class ?? 'unlabelled';
    ofSet[labelClass] = (ofSet[labelClass] ?? 0) + 1;
    counts[`${row.set}`] = ofSet;
  }
  console.log(`${corpus.length} rows`, JSON.stringify(counts));
}

function parseOptions(): { mirrors: string; review: string | undefined; withLabels: boolean } {
  const { values } = parseArgs({
    options: {
      mirrors: { type: 'string' },
      review: { type: 'string' },
      'no-labels': { type: 'boolean', default: false },
    },
  });
  const mirrors = values.mirrors ?? process.env.DNS_CORPUS_MIRRORS;
  if (!mirrors)
    stopWithUsage(
      "Name the folder of the sources' git snapshots: --mirrors <folder> or DNS_CORPUS_MIRRORS=<folder>. " +
        'It holds one bare clone per source, as <owner>+<name>/repo (test/fixtures/dns-corpus/README.md).',
    );
  if (values.review !== undefined && !['tune', 'holdout', 'all'].includes(values.review))
    stopWithUsage(`--review takes tune, holdout or all, not ${values.review}`);
  return { mirrors, review: values.review, withLabels: !values['no-labels'] };
}

function main(): void {
  const { mirrors, review, withLabels } = parseOptions();
  const seen = new Set<string>();
  const corpus: CorpusRow[] = [];
  for (const source of SOURCES) {
    // A domain an earlier source measured is taken from there: the first source listed keeps it. A domain
    // whose first MX is a null MX (`.`, RFC 7505) or localhost takes no mail, and is left out.
    const rows = readSource(new SourceSnapshot(mirrors, source)).filter(
      (row) => row.domain && !seen.has(row.domain) && !/^(localhost|)$/.test(row.mx[0]?.host ?? 'x'),
    );
    for (const row of rows) seen.add(row.domain);
    corpus.push(...sampleSource(rows, source));
  }
  if (withLabels) applyLabels(corpus);
  corpus.sort((a, b) => a.source.localeCompare(b.source) || byDomain(a, b));
  if (review) printForReview(corpus, review);
  else writeCorpus(corpus);
}

main();
