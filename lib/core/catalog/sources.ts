/**
 * Where the catalog's facts come from. Every provider, gateway and SPF include names its sources by these
 * keys; a comment next to a pattern or URL says which source shows that one where an entry has several.
 */
export const SOURCES = {
  WL: 'webmaillookup.com public API documentation (Gmail example)',
  TB: 'thunderbird/autoconfig ispdb/*.xml (2026-03); a <domain> there is also matched against MX hosts',
  EPL: 'npm @mikkelscheike/email-provider-links 5.2.2 emailproviders.json (MX, SPF include, login URL)',
  BD: 'buttondown/sniper-link app/v1/render/providers.ts',
  TI: 'taitems/sniper-link src/buildUrl.js, src/inboxProviders.js',
  PY: 'sniper-link ProviderSpec table with VERIFIED/OBSERVED ratings',
  MX: 'jace/mxsniff mxsniff/providers.py',
  SE: 'closeio/sync-engine inbox/providers.py',
  MS: 'Foundry376/Mailspring mailcore-provider-settings.json',
  RS: 'MX hosts as DNS returns them for each provider (public test fixture, 2026)',
  RE: 'reacherhq/check-if-email-exists core/src/smtp/outlook',
  GW: 'Google Workspace MX records (smtp.google.com for domains set up after 2023-04)',
  M365: 'Microsoft 365 MX: <domain>.mail.protection.outlook.com, *.mx.microsoft (MC1048624)',
  AC: 'assoconnect/php-smtp-toolbox EmailIsFromDataTrait.php',
  AD: 'alwaysdata documentation: use external MX',
  MRC: 'mxrecordchecker.com vendor MX tables (Zoho regions, Proton, Microsoft 365)',
  DU: 'duhow/mail-checker mail_checker/const.py',
  DH: 'JohnDuprey/DNSHealth DNSHealth/MailProviders/*.json (2026-01): MX and SPF of mail filters, each citing the vendor page',
  DW: 'dmarcwise/dmarc-wiki src/lib/providers/*.svelte.md (2026-01): SPF set-up per provider, each citing the vendor page',
  DTX: 'osintowl/domaintwistex lib/Utils/SPF/providers/*.ex: SPF include domains by kind of sender',
  CDNS: 'captaindns.com blog, secure email gateway articles (Proofpoint, Barracuda, Cisco, Hornetsecurity), 2026',
  MSV: 'MicrosoftDocs/microsoft-365-docs information-for-dns-records.md: the verification TXT value "MS=msXXXXXXXX"',
  SOPH: 'docs.sophos.com "Using TLS connections": Sophos Email serves *.prod.hydra.sophos.com',
  SEPP: 'docs.seppmail.com cloud onboarding, appendix "hostnames": MX points to <domain-tld>.gate.seppmail.cloud',
  DOCS: "the provider's own help pages",
  FS: 'public code and notes found by exact-string search of a code index (no repository named); the index id of each is in the comment next to the value',
  PG: 'public web pages found by search; the address of each is in the comment next to the value',
  DC: "MX hosts as measured on customers' domains in the tune rows of test/fixtures/dns-corpus (never the holdout rows)",
  SES: 'docs.aws.amazon.com SES "Publishing an MX record for Amazon SES email receiving": inbound-smtp.<region>.amazonaws.com is SES\'s receiving endpoint, no mailbox',
  ALI: 'help.aliyun.com/en/document_detail/446248.html "What is an MX record?": Alibaba Mail MX values (mx1..3.qiye.aliyun.com or mxn/mxw.mxhichina.com)',
  INFERRED: 'inferred from the provider hostnames; not confirmed by a public source',
} as const;

export type SourceKey = keyof typeof SOURCES;
