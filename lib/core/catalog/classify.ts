import { toAsciiDomain } from '#core/email/domain.ts';
import { domainAndParents } from '#core/email/parent-domains.ts';
import type { MailboxEvidenceProperties, WebmailInfo } from '#core/webmail-info.ts';
import { classifyByName, providerInfo } from './classify-by-name.ts';
import { disposableDomainSet, freeEmailDomainSet } from './domain-lists.ts';
import { findMailbox, type MailboxFinding, type SpfIncludeRecords } from './mailbox-evidence.ts';

function evidenceProperties({ source, confidence, gateway }: MailboxFinding): MailboxEvidenceProperties {
  return {
    provider_source: source,
    provider_confidence: confidence,
    ...(gateway && { gateway: gateway.name }),
  };
}

/**
 * Classifies a domain by its mail provider. Order: the rules on the domain's name (classify-by-name.ts:
 * privacy relays, consumer domains of known providers, the disposable list), then the domain's DNS records
 * for mail hosted on a company's own domain: MX first, TXT (SPF, Microsoft's tenant verification) where MX
 * names no mailbox, by the rules in mailbox-evidence.ts.
 *
 * @param mxHosts MX hosts in order of preference, as DNS returns them; omitted when unknown (the
 *   extension's offline fallback), in which case only domain-based rules apply.
 * @param txtRecords the domain's TXT records, each one string; the service fetches them only when MX alone
 *   gives no answer.
 * @param spfIncludeRecords the TXT records of the includes `spfIncludesToFollow` named, by include domain.
 * @returns the webmail info of spec §2.2, or null when the provider is not recognised.
 */
export function classify(
  domain: string,
  mxHosts?: readonly string[],
  txtRecords?: readonly string[],
  spfIncludeRecords?: SpfIncludeRecords,
): WebmailInfo | null {
  const ascii = toAsciiDomain(domain);
  if (!ascii) return null;
  const byName = classifyByName(ascii, domainAndParents(ascii), disposableDomainSet);
  if (byName) return byName;

  const finding = findMailbox(ascii, mxHosts ?? [], txtRecords, spfIncludeRecords);
  if (!finding) return null;
  return { ...providerInfo(finding.provider, freeEmailDomainSet.has(ascii)), ...evidenceProperties(finding) };
}
