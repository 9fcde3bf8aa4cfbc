import { domainAndParents, toAsciiDomain } from '#core/email/domain.ts';
import {
  type MailboxEvidenceProperties,
  SEARCH_QUERY_ENCODING,
  type WebmailInfo,
} from '#core/webmail-info.ts';
import { disposableDomainSet, freeEmailDomainSet } from './domain-lists.ts';
import { findMailbox, type MailboxFinding, type SpfIncludeRecords } from './mailbox-evidence.ts';
import { consumerProviders, type ProviderEntry, type RelayEntry, relays } from './providers.ts';

/** The hosted service names every relay "Privacy Service" (its documented example); nice_name says which. */
const PRIVACY_SERVICE_NAME = 'Privacy Service';
const DISPOSABLE_NAME = 'Disposable Email';

const providerByDomain = new Map<string, ProviderEntry>();
for (const provider of consumerProviders) {
  for (const domain of provider.domains ?? []) providerByDomain.set(domain, provider);
}

const relayByDomain = new Map<string, RelayEntry>();
for (const relay of relays) {
  for (const domain of relay.domains) relayByDomain.set(domain, relay);
}

function providerInfo(provider: ProviderEntry, isFreemail: boolean): WebmailInfo {
  return {
    name: provider.name,
    nice_name: provider.niceName,
    webmail_url: provider.webmailUrl,
    webmail_search_url: provider.searchUrl,
    is_disposable: false,
    is_freemail: isFreemail,
    is_privacy_service: false,
    // An additional property (the spec allows them): `%q` alone cannot say the query is decoded twice.
    ...(provider.searchQueryEncoding && { [SEARCH_QUERY_ENCODING]: provider.searchQueryEncoding }),
  };
}

function relayInfo(relay: RelayEntry): WebmailInfo {
  return {
    name: PRIVACY_SERVICE_NAME,
    nice_name: relay.niceName,
    webmail_url: null,
    webmail_search_url: null,
    is_disposable: false,
    is_freemail: false,
    is_privacy_service: true,
  };
}

const disposableInfo: WebmailInfo = {
  name: DISPOSABLE_NAME,
  nice_name: 'Disposable email',
  webmail_url: null,
  webmail_search_url: null,
  is_disposable: true,
  is_freemail: false,
  is_privacy_service: false,
};

function evidenceProperties({ source, confidence, gateway }: MailboxFinding): MailboxEvidenceProperties {
  return {
    provider_source: source,
    provider_confidence: confidence,
    ...(gateway && { gateway: gateway.name }),
  };
}

/**
 * Classifies a domain by its mail provider. Order: privacy relays (with their subdomains), then the
 * consumer domains of known providers (a known provider keeps its provider even where a list names it),
 * then the disposable list (with parent domains, as throwaway services hand out random subdomains),
 * then the domain's DNS records for mail hosted on a company's own domain: MX first, TXT (SPF, Microsoft's
 * tenant verification) where MX names no mailbox, by the rules in mailbox-evidence.ts.
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
  const candidates = domainAndParents(ascii);

  for (const candidate of candidates) {
    const relay = relayByDomain.get(candidate);
    if (relay) return relayInfo(relay);
  }

  const consumer = providerByDomain.get(ascii);
  if (consumer) return providerInfo(consumer, consumer.freemail);

  if (candidates.some((candidate) => disposableDomainSet.has(candidate))) return disposableInfo;

  const finding = findMailbox(ascii, mxHosts ?? [], txtRecords, spfIncludeRecords);
  if (!finding) return null;
  return { ...providerInfo(finding.provider, freeEmailDomainSet.has(ascii)), ...evidenceProperties(finding) };
}
