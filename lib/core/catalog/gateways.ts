import type { SourceKey } from './sources.ts';

/**
 * Security gateways and inbound filters: a domain points its MX at them, they filter and pass the mail on
 * to the mailbox, wherever that is. Their MX hosts never name a mailbox; an answer says which gateway it saw
 * (`gateway`), and the mailbox behind it comes from the domain's TXT records, if at all.
 *
 * Each pattern sits under the vendor's own domain, so any MX host it matches is that vendor's service.
 */
export interface GatewayEntry {
  readonly id: string;
  /** As a person reads it in "Microsoft 365, behind Proofpoint". */
  readonly name: string;
  /** MX host patterns, in the syntax of `compileHostPattern`. */
  readonly mx: readonly string[];
  readonly sources: readonly SourceKey[];
}

export const gateways: readonly GatewayEntry[] = [
  // "MX redirection to pphosted.com" (CDNS); mxsniff lists *.pphosted.com as Proofpoint (MX).
  { id: 'proofpoint', name: 'Proofpoint', mx: ['*.pphosted.com'], sources: ['CDNS', 'MX'] },
  // Proofpoint Essentials' own MX domain, from its connection-details page (DH).
  { id: 'proofpoint-essentials', name: 'Proofpoint Essentials', mx: ['*.ppe-hosted.com'], sources: ['DH'] },
  // <region>-smtp-inbound-<n>.mimecast.com (DH, from Mimecast's "modifying your MX records"); MX.
  { id: 'mimecast', name: 'Mimecast', mx: ['*.mimecast.com'], sources: ['DH', 'MX'] },
  // mx01..mx04.hornetsecurity.com (DH, from Hornetsecurity's onboarding page; CDNS).
  { id: 'hornetsecurity', name: 'Hornetsecurity', mx: ['*.hornetsecurity.com'], sources: ['DH', 'CDNS'] },
  // <customer-id>.ess[.<country>].barracudanetworks.com (DH, from Barracuda Campus; CDNS; MX).
  {
    id: 'barracuda',
    name: 'Barracuda',
    mx: ['*.barracudanetworks.com'],
    sources: ['DH', 'CDNS', 'MX'],
  },
  // mx-NN-<region>.prod.hydra.sophos.com (DH, from Sophos Central's Microsoft 365 guide; SOPH).
  { id: 'sophos', name: 'Sophos', mx: ['*.hydra.sophos.com'], sources: ['DH', 'SOPH'] },
  // Cisco Secure Email Cloud Gateway: "MX records redirected to iphmx.com" (CDNS).
  { id: 'cisco', name: 'Cisco Secure Email', mx: ['*.iphmx.com'], sources: ['CDNS'] },
  // cluster<n>.<region>.messagelabs.com (DH, from Broadcom's MX set-up article; MX).
  {
    id: 'symantec',
    name: 'Symantec Email Security.cloud',
    mx: ['*.messagelabs.com'],
    sources: ['DH', 'MX'],
  },
  // *.mailcontrol.com (MX).
  { id: 'forcepoint', name: 'Forcepoint', mx: ['*.mailcontrol.com'], sources: ['MX'] },
  // *.email.fireeyecloud.com (MX).
  { id: 'trellix', name: 'Trellix Email Security', mx: ['*.fireeyecloud.com'], sources: ['MX'] },
  // mx.spamexperts.com, fallbackmx.spamexperts.eu, lastmx.spamexperts.net (MX); *.antispamcloud.com and
  // N-able Mail Assure's *.mtaroutes.com (FS 30288962179).
  {
    id: 'spamexperts',
    name: 'N-able Mail Assure (SpamExperts)',
    mx: [
      '*.spamexperts.com',
      '*.spamexperts.eu',
      '*.spamexperts.net',
      '*.antispamcloud.com',
      '*.mtaroutes.com',
    ],
    sources: ['MX', 'FS'],
  },
  // <customer>.in.tmes.trendmicro.com (FS 54002771133, 24365213265), the EU site's tmes.trendmicro.eu
  // (FS 51817672651) and regional tmes-<region> sites (FS 42309419210).
  {
    id: 'trendmicro',
    name: 'Trend Micro Email Security',
    mx: ['*.tmes.trendmicro.com', '*.tmes.trendmicro.eu', '*.tmes-*.trendmicro.com'],
    sources: ['FS'],
  },
  // FortiMail Cloud: <unique>.fortimailcloud.com (FS 54002771133, 30288962179).
  { id: 'fortimail', name: 'FortiMail Cloud', mx: ['*.fortimailcloud.com'], sources: ['FS'] },
  // *.arsmtp.com (DH, from AppRiver's MX help page; MX).
  { id: 'appriver', name: 'AppRiver', mx: ['*.arsmtp.com'], sources: ['DH', 'MX'] },
  // *.spamtitan.com (DH, from TitanHQ's "change your MX records").
  { id: 'spamtitan', name: 'SpamTitan', mx: ['*.spamtitan.com'], sources: ['DH'] },
  // <domain-tld>.gate.seppmail.cloud in inline mode, where the MX points (SEPP).
  { id: 'seppmail', name: 'SEPPmail', mx: ['*.gate.seppmail.cloud'], sources: ['SEPP'] },
];
