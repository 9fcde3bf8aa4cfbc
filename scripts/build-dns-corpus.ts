/**
 * Builds test/fixtures/dns-corpus/corpus.json from public DNS measurements (see SOURCES.md there).
 *
 * The measurement files are read from bare git snapshots of their public repositories, at the commits pinned
 * in SOURCES below (set DNS_CORPUS_MIRRORS to the folder holding `owner+name/repo`). Nothing is resolved here:
 * every MX host and TXT string in the corpus is copied from a measurement file (case and whitespace
 * normalised; see SOURCES.md for the one re-joined field). Steps:
 *   1. read the rows of each source;
 *   2. choose a pool per source: seeded sampling, capped per MX family so that rare set-ups are kept;
 *   3. split the pool into tune/holdout halves with a fixed seed, stratified by source and MX family;
 *   4. label the rows by the mechanical parts of LABELLING.md, then apply labels-reviewed.json, the labels
 *      and notes fixed by hand after reading every row.
 * Run: npx tsx scripts/build-dns-corpus.ts [--review tune|holdout|all] [--no-labels]
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { getDomain } from 'tldts';

const OUT_DIR = new URL('../test/fixtures/dns-corpus/', import.meta.url);
const MIRRORS = process.env.DNS_CORPUS_MIRRORS ?? '/work/.mirror';
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
const NORDIC = ['dk', 'fi', 'no', 'se', 'is'];

type Mx = { preference: number | null; host: string };
type Row = {
  domain: string;
  source: string;
  source_file: string;
  entity: { kind: 'company' | 'public-body'; group: string };
  measured: string;
  mx: Mx[];
  txt: string[];
  txt_scope: 'spf-only' | 'spf+verification-tokens';
  included?: Record<string, string[]>;
  set?: 'tune' | 'holdout';
  label?: Label;
  notes: string;
};

function gitDir(repo: string): string {
  return join(MIRRORS, repo.replace('/', '+'), 'repo');
}

function show(src: Source, path: string): string {
  return execFileSync('git', ['--git-dir', gitDir(src.repo), 'show', `${src.commit}:${path}`], {
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
    stdio: ['ignore', 'pipe', 'ignore'],
  });
}

function list(src: Source, folder: string): string[] {
  return execFileSync(
    'git',
    ['--git-dir', gitDir(src.repo), 'ls-tree', '-r', '--name-only', src.commit, folder],
    { encoding: 'utf8' },
  )
    .split('\n')
    .filter(Boolean);
}

const norm = (s: string) => s.trim().replace(/\s+/g, ' ');
const host = (h: string) => h.trim().toLowerCase().replace(/\.$/, '');
const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const str = (v: unknown): string => (typeof v === 'string' ? v : '');

// --- checkdmarc output (seanthegeek/fortune-20-domain-survey)

function readCheckdmarc(src: Source): Row[] {
  const rows: Row[] = [];
  const files = list(src, 'results/2023-10-04').filter(
    (f) => f.endsWith('_checkdmarc.json') && !f.includes('aggregate'),
  );
  for (const file of files) {
    const parsed: unknown = JSON.parse(show(src, file));
    const entries = Array.isArray(parsed) ? parsed : [parsed];
    const ticker = file.split('/')[2] ?? '';
    for (const e of entries) {
      if (!isObj(e)) continue;
      const domain = host(str(e.domain));
      const mxObj = isObj(e.mx) ? e.mx : {};
      const hosts = Array.isArray(mxObj.hosts) ? mxObj.hosts : [];
      const mx: Mx[] = hosts.filter(isObj).map((h) => ({
        preference: typeof h.preference === 'number' ? h.preference : null,
        host: host(str(h.hostname)),
      }));
      const spf = isObj(e.spf) ? e.spf : {};
      const record = norm(str(spf.record));
      const included: Record<string, string[]> = {};
      const p = isObj(spf.parsed) ? spf.parsed : {};
      const level1 = [
        ...(Array.isArray(p.include) ? p.include : []),
        ...(isObj(p.redirect) ? [p.redirect] : []),
      ];
      for (const inc of level1) {
        if (!isObj(inc) || !str(inc.domain) || !str(inc.record)) continue;
        included[host(str(inc.domain))] = [norm(str(inc.record))];
      }
      rows.push({
        domain,
        source: src.id,
        source_file: file,
        entity: { kind: 'company', group: ticker },
        measured: '2023-10-04',
        mx,
        txt: record ? [record] : [],
        txt_scope: 'spf-only',
        ...(Object.keys(included).length ? { included } : {}),
        notes: '',
      });
    }
  }
  return rows;
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

const INCLUDE_RE = /\binclude:(\S+)/gi;
const REDIRECT_RE = /\bredirect=(\S+)/gi;
const targetsOf = (spf: string) => [
  ...[...spf.matchAll(INCLUDE_RE)].map((m) => m[1] ?? ''),
  ...[...spf.matchAll(REDIRECT_RE)].map((m) => m[1] ?? ''),
];

/**
 * mxmap keeps `spf_resolved`: the SPF record and then every record reached from it, breadth first, joined
 * with spaces (src/mail_sovereignty/dns.py, resolve_spf_includes). The level-one records are recovered by
 * replaying that walk; if any step cannot be matched (a lookup that failed, a macro) nothing is recovered.
 */
function levelOne(spf: string, resolved: string): Record<string, string[]> | null {
  if (!resolved || resolved === spf) return null;
  const parts = resolved.split(/ (?=v=spf1(?: |$))/i);
  if (parts[0] !== spf) return null;
  const first = targetsOf(spf).map((d) => host(d));
  if (first.some((d) => d.includes('%'))) return null;
  const queue = [...first];
  const visited = new Set<string>();
  const got = new Map<string, string>();
  let next = 1;
  let lookups = 0;
  while (queue.length && lookups < 10) {
    const d = host(queue.shift() ?? '');
    if (visited.has(d)) continue;
    visited.add(d);
    lookups += 1;
    const rec = parts[next];
    if (rec === undefined) return null;
    next += 1;
    got.set(d, rec);
    queue.push(...targetsOf(rec));
  }
  if (next !== parts.length) return null;
  const out: Record<string, string[]> = {};
  for (const d of first) {
    const rec = got.get(d);
    if (rec) out[d] = [norm(rec)];
  }
  return Object.keys(out).length ? out : null;
}

function mxmapRow(src: Source, file: string, group: string, domain: string, v: Record<string, unknown>): Row {
  const mx: Mx[] = (Array.isArray(v.mx) ? v.mx : [])
    .map((h) => host(str(h)))
    .filter(Boolean)
    .map((h) => ({ preference: null, host: h }));
  const spf = norm(str(v.spf));
  const txt = spf ? [spf] : [];
  const tokens = isObj(v.txt_verifications) ? v.txt_verifications : {};
  for (const [kind, prefix] of Object.entries(VERIFICATION_PREFIXES)) {
    const value = str(tokens[kind]);
    if (value) txt.push(`${prefix}${norm(value)}`);
  }
  const included = spf ? levelOne(str(v.spf).trim(), str(v.spf_resolved).trim()) : null;
  const ts = typeof v.ts === 'number' ? v.ts : 0;
  return {
    domain: host(domain),
    source: src.id,
    source_file: file,
    entity: { kind: 'public-body', group },
    measured: ts ? new Date(ts * 1000).toISOString().slice(0, 10) : '',
    mx,
    txt,
    txt_scope: 'spf+verification-tokens',
    ...(included ? { included } : {}),
    notes: '',
  };
}

function readDnsCache(src: Source, only: (cc: string) => boolean): Row[] {
  const rows: Row[] = [];
  for (const file of list(src, 'data/dns_cache')) {
    const cc = file.replace(/^.*\//, '').replace(/\.json$/, '');
    if (!only(cc.slice(0, 2))) continue;
    let parsed: unknown;
    try {
      parsed = JSON.parse(show(src, file));
    } catch {
      continue; // files of 4 MiB and more are absent from the snapshot (it.json): skipped
    }
    if (!isObj(parsed)) continue;
    for (const [domain, v] of Object.entries(parsed)) {
      if (isObj(v)) rows.push(mxmapRow(src, file, cc.slice(0, 2), domain, v));
    }
  }
  return rows;
}

function readSwiss(src: Source): Row[] {
  const data: unknown = JSON.parse(show(src, 'data.json'));
  if (!isObj(data) || !isObj(data.municipalities)) return [];
  const measured = str(data.generated).slice(0, 10);
  const rows: Row[] = [];
  for (const m of Object.values(data.municipalities)) {
    if (!isObj(m) || !str(m.domain)) continue;
    const row = mxmapRow(src, 'data.json', 'ch', str(m.domain), { mx: m.mx, spf: m.spf });
    row.measured = measured;
    row.txt_scope = 'spf-only';
    rows.push(row);
  }
  return rows;
}

// ---------------------------------------------------------------- patterns (LABELLING.md §3–§5)

type Kind = 'provider' | 'gateway' | 'host' | 'forwarder';
type Pattern = { id: string; kind: Kind; mx: RegExp[]; spf?: RegExp[] };

const sfx = (s: string) => new RegExp(`(^|\\.)${s.replace(/\./g, '\\.')}$`);
const exact = (...hosts: string[]) =>
  new RegExp(`^(${hosts.map((h) => h.replace(/\./g, '\\.')).join('|')})$`);

const PATTERNS: Pattern[] = [
  // mailbox providers
  {
    id: 'microsoft-365',
    kind: 'provider',
    mx: [
      sfx('mail.protection.outlook.com'),
      sfx('mail.eo.outlook.com'),
      sfx('mx.microsoft'),
      sfx('mail.protection.outlook.de'),
      sfx('mail.protection.partner.outlook.cn'),
    ],
    spf: [
      exact('spf.protection.outlook.com', 'spf.protection.outlook.de', 'spf.protection.partner.outlook.cn'),
    ],
  },
  { id: 'outlook-com-consumer', kind: 'provider', mx: [sfx('pamx1.hotmail.com')] },
  {
    id: 'google-workspace',
    kind: 'provider',
    mx: [/^(alt[1-4]\.)?aspmx\.l\.google\.com$/, /^aspmx[2-5]\.googlemail\.com$/, exact('smtp.google.com')],
    spf: [exact('_spf.google.com', 'aspmx.googlemail.com', 'google.com')],
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
    mx: [exact('mail.protonmail.ch', 'mailsec.protonmail.ch')],
    spf: [exact('_spf.protonmail.ch')],
  },
  {
    id: 'yandex-360',
    kind: 'provider',
    mx: [exact('mx.yandex.net', 'mx.yandex.ru')],
    spf: [exact('_spf.yandex.net')],
  },
  { id: 'vk-workspace', kind: 'provider', mx: [exact('emx.mail.ru')], spf: [exact('_spf.mail.ru')] },
  { id: 'alibaba-mail', kind: 'provider', mx: [sfx('mxhichina.com')], spf: [exact('spf.mxhichina.com')] },
  {
    id: 'tencent-exmail',
    kind: 'provider',
    mx: [exact('mxbiz1.qq.com', 'mxbiz2.qq.com', 'mx.exmail.qq.com')],
    spf: [exact('spf.mail.qq.com')],
  },
  {
    id: 'netease-qiye',
    kind: 'provider',
    mx: [sfx('ym.163.com'), sfx('qiye.163.com')],
    spf: [exact('spf.163.com')],
  },
  {
    id: 'lark-mail',
    kind: 'provider',
    mx: [/^mx\d?\.larksuite\.com$/, /^mx\d?\.feishu\.cn$/],
    spf: [exact('spf.onlarksuite.com', 'spf.feishu.cn')],
  },
  {
    id: 'seznam-emailprofi',
    kind: 'provider',
    mx: [sfx('emailprofi.seznam.cz')],
    spf: [exact('spf.seznam.cz')],
  },
  { id: 'yahoo-mail', kind: 'provider', mx: [sfx('yahoodns.net')], spf: [exact('_spf.mail.yahoo.com')] },
  {
    id: 'icloud-mail',
    kind: 'provider',
    mx: [exact('mx01.mail.icloud.com', 'mx02.mail.icloud.com')],
    spf: [exact('icloud.com')],
  },
  {
    id: 'fastmail',
    kind: 'provider',
    mx: [exact('in1-smtp.messagingengine.com', 'in2-smtp.messagingengine.com')],
    spf: [exact('spf.messagingengine.com')],
  },
  {
    id: 'rackspace-email',
    kind: 'provider',
    mx: [exact('mx1.emailsrvr.com', 'mx2.emailsrvr.com')],
    spf: [exact('emailsrvr.com')],
  },
  {
    id: 'titan-mail',
    kind: 'provider',
    mx: [exact('mx1.titan.email', 'mx2.titan.email')],
    spf: [exact('spf.titan.email')],
  },
  { id: 'mailbox-org', kind: 'provider', mx: [/^mxext\d\.mailbox\.org$/], spf: [exact('mailbox.org')] },
  { id: 'tuta', kind: 'provider', mx: [exact('mail.tutanota.de')], spf: [exact('spf.tutanota.de')] },
  {
    id: 'infomaniak-mail',
    kind: 'provider',
    mx: [exact('mta-gw.infomaniak.ch')],
    spf: [exact('spf.infomaniak.ch')],
  },
  // security gateways
  { id: 'proofpoint', kind: 'gateway', mx: [sfx('pphosted.com')] },
  { id: 'proofpoint-essentials', kind: 'gateway', mx: [sfx('ppe-hosted.com')] },
  {
    id: 'mimecast',
    kind: 'gateway',
    mx: [sfx('mimecast.com'), sfx('mimecast.co.za'), sfx('mimecast-offshore.com')],
  },
  { id: 'barracuda', kind: 'gateway', mx: [sfx('barracudanetworks.com')] },
  { id: 'cisco', kind: 'gateway', mx: [sfx('iphmx.com')] },
  {
    id: 'trendmicro',
    kind: 'gateway',
    mx: [
      sfx('tmes.trendmicro.com'),
      sfx('tmes.trendmicro.eu'),
      sfx('tmes-anz.trendmicro.com'),
      /\.hes\.trendmicro\./,
    ],
  },
  { id: 'sophos', kind: 'gateway', mx: [sfx('hydra.sophos.com')] },
  { id: 'hornetsecurity', kind: 'gateway', mx: [sfx('hornetsecurity.com')] },
  { id: 'fortimail', kind: 'gateway', mx: [sfx('fortimailcloud.com'), sfx('fortimail.com')] },
  { id: 'seppmail', kind: 'gateway', mx: [sfx('seppmail.cloud')] },
  { id: 'symantec', kind: 'gateway', mx: [sfx('messagelabs.com')] },
  { id: 'forcepoint', kind: 'gateway', mx: [sfx('mailcontrol.com')] },
  { id: 'trustwave', kind: 'gateway', mx: [sfx('mailmarshal.cloud'), /\.trustwave\.com$/] },
  { id: 'libraesva', kind: 'gateway', mx: [sfx('libraesva.com'), sfx('esvalabs.com')] },
  {
    id: 'spamexperts',
    kind: 'gateway',
    mx: [sfx('spamexperts.com'), sfx('spamexperts.eu'), sfx('spamexperts.net'), sfx('antispamcloud.com')],
  },
  { id: 'appriver', kind: 'gateway', mx: [sfx('arsmtp.com')] },
  { id: 'fireeye', kind: 'gateway', mx: [sfx('fireeyecloud.com')] },
  { id: 'titanhq', kind: 'gateway', mx: [sfx('titanhq.com')] },
  { id: 'vade', kind: 'gateway', mx: [sfx('vadesecure.com')] },
  { id: 'topsec', kind: 'gateway', mx: [sfx('topsec.com')] },
  // web hosts' mail
  {
    id: 'ionos',
    kind: 'host',
    mx: [/^mx0[01]\.ionos\./, /^mx0[01]\.kundenserver\.de$/, /^mx0[01]\.1and1\./, sfx('perfora.net')],
  },
  { id: 'strato', kind: 'host', mx: [exact('smtpin.rzone.de')] },
  { id: 'one-com', kind: 'host', mx: [sfx('one.com')] },
  { id: 'all-inkl', kind: 'host', mx: [sfx('kasserver.com')] },
  { id: 'hostinger', kind: 'host', mx: [exact('mx1.hostinger.com', 'mx2.hostinger.com')] },
  { id: 'siteground', kind: 'host', mx: [sfx('antispam.mailspamprotection.com')] },
  { id: 'locaweb', kind: 'host', mx: [sfx('locaweb.com.br')] },
  { id: 'kinghost', kind: 'host', mx: [sfx('kinghost.net')] },
  { id: 'loopia', kind: 'host', mx: [sfx('loopia.se')] },
  { id: 'dreamhost', kind: 'host', mx: [sfx('dreamhost.com')] },
  { id: 'jimdo', kind: 'host', mx: [exact('mx1.jimdo.com', 'mx2.jimdo.com')] },
  { id: 'home-pl', kind: 'host', mx: [sfx('home.pl')] },
  { id: 'hetzner', kind: 'host', mx: [sfx('your-server.de')] },
  { id: 'domainfactory', kind: 'host', mx: [sfx('ispgateway.de')] },
  { id: 'arsys', kind: 'host', mx: [sfx('serviciodecorreo.es')] },
  { id: 'opensrs', kind: 'host', mx: [sfx('hostedemail.com')] },
  { id: 'ovh', kind: 'host', mx: [/^mx\d*\.ovh\.net$/, sfx('mail.ovh.net')] },
  { id: 'godaddy', kind: 'host', mx: [exact('smtp.secureserver.net', 'mailstore1.secureserver.net')] },
  { id: 'namecheap', kind: 'host', mx: [exact('mx1.privateemail.com', 'mx2.privateemail.com')] },
  { id: 'mittwald', kind: 'host', mx: [sfx('agenturserver.de')] },
  { id: 'united-domains', kind: 'host', mx: [sfx('udag.de')] },
  { id: 'mailhostbox', kind: 'host', mx: [sfx('mailhostbox.com')] },
  // forwarding only (never a mailbox; the label is `none`, the note says so)
  {
    id: 'forwarding',
    kind: 'forwarder',
    mx: [
      sfx('mx.cloudflare.net'),
      sfx('improvmx.com'),
      sfx('forwardemail.net'),
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

function patternOf(h: string): Pattern | null {
  for (const p of PATTERNS) if (p.mx.some((re) => re.test(h))) return p;
  return null;
}

/** The family used to sample and stratify: the matched pattern id, `self`, or `other`. */
function family(row: Row): string {
  if (!row.mx.length) return 'no-mx';
  const ids = new Set<string>();
  for (const m of row.mx) {
    const p = patternOf(m.host);
    if (p) ids.add(p.kind === 'forwarder' ? 'forwarding' : p.id);
  }
  if (ids.size) return [...ids].sort().join('+');
  const own = getDomain(row.domain);
  if (row.mx.every((m) => getDomain(m.host) === own)) return 'self';
  return 'other';
}

function isGatewayOnly(row: Row): boolean {
  return row.mx.length > 0 && row.mx.every((m) => patternOf(m.host)?.kind === 'gateway');
}

// ---------------------------------------------------------------- seeded randomness

function rng(seed: string): () => number {
  let h = 1779033703 ^ seed.length;
  for (let i = 0; i < seed.length; i++) {
    h = Math.imul(h ^ seed.charCodeAt(i), 3432918353);
    h = (h << 13) | (h >>> 19);
  }
  let a = h >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffle<T>(items: T[], random: () => number): T[] {
  const a = [...items];
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    const x = a[i] as T;
    a[i] = a[j] as T;
    a[j] = x;
  }
  return a;
}

// ---------------------------------------------------------------- pool and split

/** Per family caps: common set-ups are capped so that rare ones fill the quota. */
function cap(fam: string, src: Source): number {
  const big = src.quota >= 200;
  if (fam === 'microsoft-365') return big ? 55 : 14;
  if (fam === 'google-workspace') return big ? 35 : 8;
  if (fam === 'self') return big ? 55 : 10;
  if (fam === 'other') return big ? 110 : 16;
  if (fam === 'no-mx') return big ? 8 : 0;
  return big ? 14 : 5;
}

function choosePool(rows: Row[], src: Source): Row[] {
  const random = rng(`${SEED} pool ${src.id}`);
  const byFam = new Map<string, Row[]>();
  for (const r of shuffle(
    rows.sort((a, b) => a.domain.localeCompare(b.domain)),
    random,
  )) {
    const f = family(r);
    byFam.set(f, [...(byFam.get(f) ?? []), r]);
  }
  const chosen: Row[] = [];
  // Round-robin over the families (in a seeded order) until the quota is met or every cap is reached.
  const fams = shuffle([...byFam.keys()].sort(), random);
  const taken = new Map<string, number>();
  let progress = true;
  while (chosen.length < src.quota && progress) {
    progress = false;
    for (const f of fams) {
      const n = taken.get(f) ?? 0;
      const list = byFam.get(f) ?? [];
      if (n >= cap(f, src) || n >= list.length) continue;
      const r = list[n];
      if (!r) continue;
      chosen.push(r);
      taken.set(f, n + 1);
      progress = true;
      if (chosen.length >= src.quota) break;
    }
  }
  return chosen;
}

function split(pool: Row[], src: Source): void {
  const random = rng(`${SEED} split ${src.id}`);
  const byFam = new Map<string, Row[]>();
  for (const r of pool) byFam.set(family(r), [...(byFam.get(family(r)) ?? []), r]);
  for (const f of [...byFam.keys()].sort()) {
    const rowsOfFam = shuffle(
      (byFam.get(f) ?? []).sort((a, b) => a.domain.localeCompare(b.domain)),
      random,
    );
    // Alternate within the family; a coin decides which half gets the odd one.
    const holdoutFirst = random() < 0.5;
    rowsOfFam.forEach((r, i) => {
      r.set = (i % 2 === 0) === holdoutFirst ? 'holdout' : 'tune';
    });
  }
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

function spfRecord(row: Row): string | null {
  return row.txt.find((t) => /^v=spf1(\s|$)/i.test(t)) ?? null;
}

function spfTargets(rec: string): string[] {
  return rec
    .split(/\s+/)
    .map((t) => t.replace(/^[+\-~?]/, ''))
    .filter((t) => /^(include:|redirect=)/i.test(t))
    .map((t) => host(t.replace(/^(include:|redirect=)/i, '')));
}

function providersInSpf(row: Row, notes: string[]): Set<string> {
  const found = new Set<string>();
  const rec = spfRecord(row);
  if (!rec) return found;
  const own = getDomain(row.domain);
  const look = (targets: string[], via: string) => {
    for (const t of targets) {
      for (const p of PATTERNS) {
        if (p.kind === 'provider' && p.spf?.some((re) => re.test(t))) {
          found.add(p.id);
          if (via) notes.push(`${p.id} via ${via}`);
          if (t === 'google.com') notes.push('include:google.com counted as Google Workspace');
          if (p.id === 'zoho-mail')
            notes.push(`include:${t} counted as Zoho Mail (may be Zoho CRM/One only)`);
        }
      }
      if (t === 'outlook.com') notes.push('include:outlook.com not counted (LABELLING.md §8)');
      if (SPF_MANAGERS.some((re) => re.test(t))) notes.push(`SPF managed by a third party (${t})`);
      if (WEB_HOST_SPF.some((re) => re.test(t))) notes.push(`web-host SPF include ${t} not counted`);
    }
  };
  const targets = spfTargets(rec);
  look(targets, '');
  for (const t of targets) {
    if (getDomain(t) !== own || t === row.domain) continue;
    const inc = row.included?.[t];
    if (inc?.[0]) look(spfTargets(inc[0]), `own include ${t}`);
    else notes.push(`own include ${t}: its record is not in the source`);
  }
  return found;
}

function label(row: Row): { label: Label; notes: string[] } {
  const notes: string[] = [];
  const msToken = row.txt.some((t) => /^ms=ms\d+$/i.test(t));
  const inSpf = providersInSpf(row, notes);
  const known = row.mx.map((m) => ({ m, p: patternOf(m.host) }));
  const prefs = row.mx.filter((m) => m.preference !== null).map((m) => m.preference as number);
  const minPref = prefs.length === row.mx.length && prefs.length ? Math.min(...prefs) : null;
  const primary = known.filter(({ m }) => minPref === null || m.preference === minPref);
  const gateways = [...new Set(known.filter(({ p }) => p?.kind === 'gateway').map(({ p }) => p?.id ?? ''))];
  const providers = [...new Set(known.filter(({ p }) => p?.kind === 'provider').map(({ p }) => p?.id ?? ''))];
  const hosts = [...new Set(known.filter(({ p }) => p?.kind === 'host').map(({ p }) => p?.id ?? ''))];
  const gateway = gateways.length ? gateways.sort().join('|') : null;
  const out = (l: Omit<Label, 'weak' | 'accept'> & Partial<Label>): { label: Label; notes: string[] } => ({
    label: {
      weak: false,
      accept: l.provider
        ? [l.provider, ...(l.provider.includes('|') ? l.provider.split('|') : [])]
        : ['unrecognised'],
      ...l,
    },
    notes,
  });
  const spfList = [...inSpf].sort();

  if (providers.length) {
    const provider = providers.sort().join('|');
    const other = spfList.filter((p) => !providers.includes(p));
    if (other.length) notes.push(`SPF also names ${other.join(', ')}`);
    if (gateway) notes.push(`MX lists both ${provider} and gateway ${gateway}`);
    if (providers.length > 1) notes.push('MX names two providers');
    return out({ class: 'mx-provider', provider, gateway, evidence: 'mx' });
  }
  if (hosts.length) {
    const provider = hosts.sort().join('|');
    if (spfList.length) notes.push(`SPF names ${spfList.join(', ')} (outbound only by the rules)`);
    return out({ class: 'web-host', provider, gateway, evidence: 'mx' });
  }
  const primaryGateway = primary.some(({ p }) => p?.kind === 'gateway');
  if (primaryGateway) {
    if (known.some(({ p }) => !p)) notes.push('MX also lists host(s) outside the tables');
    if (spfList.length === 1)
      return out({ class: 'gateway-spf', provider: spfList[0] ?? null, gateway, evidence: 'spf' });
    if (spfList.length > 1)
      return out({
        class: 'gateway-ambiguous',
        provider: spfList.join('|'),
        gateway,
        evidence: 'spf',
        accept: [spfList.join('|'), ...spfList],
      });
    if (msToken)
      return out({
        class: 'gateway-none',
        provider: 'microsoft-365',
        gateway,
        evidence: 'ms-verification',
        weak: true,
        accept: ['microsoft-365', 'unrecognised'],
      });
    return out({ class: 'gateway-none', provider: null, gateway, evidence: 'none' });
  }
  if (!row.mx.length) notes.push('no MX');
  if (known.some(({ p }) => p?.kind === 'forwarder')) notes.push('MX is a forwarding service, not a mailbox');
  if (gateway) notes.push(`gateway ${gateway} only at a backup preference`);
  if (spfList.length) {
    const provider = spfList.join('|');
    if (spfList.length > 1) notes.push('SPF names two providers');
    return out({
      class: 'unknown-mx-spf',
      provider,
      gateway,
      evidence: 'spf',
      weak: true,
      accept: [provider, ...(spfList.length > 1 ? spfList : []), 'unrecognised'],
    });
  }
  if (msToken)
    return out({
      class: 'none',
      provider: 'microsoft-365',
      gateway,
      evidence: 'ms-verification',
      weak: true,
      accept: ['unrecognised', 'microsoft-365'],
    });
  return out({ class: 'none', provider: null, gateway, evidence: 'none' });
}

// ---------------------------------------------------------------- main

type Reviewed = Record<string, { label?: Partial<Label>; notes?: string; replaceNotes?: boolean }>;

function main(): void {
  const args = process.argv.slice(2);
  const review = args.includes('--review') ? (args[args.indexOf('--review') + 1] ?? 'all') : null;
  const withLabels = !args.includes('--no-labels');
  const seen = new Set<string>();
  const corpus: Row[] = [];
  for (const src of SOURCES) {
    let rows: Row[];
    if (src.id === 'f20-2023') rows = readCheckdmarc(src);
    else if (src.id === 'mxmapit-2026') rows = readDnsCache(src, (cc) => cc !== 'ch' && !NORDIC.includes(cc));
    else if (src.id === 'mxmapdk-2026') rows = readDnsCache(src, (cc) => NORDIC.includes(cc));
    else rows = readSwiss(src);
    // A domain measured by two sources is kept once (the first source listed); so are repeated rows.
    rows = rows.filter(
      (r) => r.domain && !seen.has(r.domain) && !/^(localhost|)$/.test(r.mx[0]?.host ?? 'x'),
    );
    for (const r of rows) seen.add(r.domain);
    const pool = choosePool(rows, src);
    split(pool, src);
    // Gateway MX with SPF naming two mailbox providers is rare (a handful of rows in all sources) and the
    // family caps leave most of it out: every such row not yet chosen is added, and split on its own.
    const chosen = new Set(pool);
    const extra = rows.filter((r) => !chosen.has(r) && isGatewayOnly(r) && providersInSpf(r, []).size > 1);
    split(extra, { ...src, id: `${src.id} supplement` });
    corpus.push(...pool, ...extra);
  }
  const reviewedPath = new URL('labels-reviewed.json', OUT_DIR);
  const reviewed: Reviewed = existsSync(reviewedPath) ? JSON.parse(readFileSync(reviewedPath, 'utf8')) : {};
  for (const row of corpus) {
    if (!withLabels) continue;
    const { label: auto, notes } = label(row);
    const fix = reviewed[row.domain];
    const l = { ...auto, ...(fix?.label ?? {}) };
    row.label = {
      class: l.class,
      provider: l.provider,
      gateway: l.gateway,
      evidence: l.evidence,
      weak: l.weak,
      accept: l.accept,
    };
    const all = fix?.replaceNotes ? [] : notes;
    row.notes = [...all, ...(fix?.notes ? [fix.notes] : [])].join('; ');
  }
  corpus.sort((a, b) => a.source.localeCompare(b.source) || a.domain.localeCompare(b.domain));
  if (review) {
    for (const r of corpus) {
      if (review !== 'all' && r.set !== review) continue;
      const mx = r.mx.map((m) => (m.preference === null ? m.host : `${m.preference} ${m.host}`)).join(', ');
      const inc = r.included
        ? ` INC{${Object.entries(r.included)
            .map(([k, v]) => `${k}=${v[0]}`)
            .join(' | ')}}`
        : '';
      const l = r.label;
      console.log(
        `${r.domain} [${r.source} ${r.set}] MX: ${mx || '-'}\n  TXT: ${r.txt.join(' || ') || '-'}${inc}\n  => ${l?.class} ${l?.provider ?? '-'} gw=${l?.gateway ?? '-'} ev=${l?.evidence}${l?.weak ? ' weak' : ''} :: ${r.notes}`,
      );
    }
    return;
  }
  for (const row of corpus) {
    // Only the domain's own includes are kept (the ones the service follows; LABELLING.md §7): the
    // sources also hold the providers' and senders' records, which would double the file for no use.
    if (!row.included) continue;
    const own = getDomain(row.domain);
    const kept = Object.entries(row.included).filter(
      ([name]) => getDomain(name) === own && name !== row.domain,
    );
    if (kept.length) row.included = Object.fromEntries(kept);
    else delete row.included;
  }
  const out = corpus.map(({ set, label: l, notes, ...rest }) => ({ ...rest, set, label: l, notes }));
  const file = new URL('corpus.json', OUT_DIR);
  writeFileSync(file, `${JSON.stringify(out, null, 1)}\n`);
  // The repository's formatter decides the layout, so a rebuild gives the committed bytes back.
  execFileSync('npx', ['biome', 'format', '--write', file.pathname], { stdio: 'ignore' });
  const counts: Record<string, Record<string, number>> = {};
  for (const r of corpus) {
    const k = `${r.set}`;
    counts[k] ??= {};
    const c = counts[k];
    const cls = r.label?.class ?? 'unlabelled';
    c[cls] = (c[cls] ?? 0) + 1;
  }
  console.log(`${corpus.length} rows`, JSON.stringify(counts));
}

main();
