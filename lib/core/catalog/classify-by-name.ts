import { toAsciiDomain } from '#core/email/domain.ts';
import { domainAndParents } from '#core/email/parent-domains.ts';
import { SEARCH_QUERY_ENCODING, type WebmailInfo } from '#core/webmail-info.ts';
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

export function providerInfo(provider: ProviderEntry, isFreemail: boolean): WebmailInfo {
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

/**
 * The rules that need nothing but the domain's name, in classify's order: privacy relays (with their
 * subdomains), then the consumer domains of known providers (a known provider keeps its provider even where
 * a list names it), then the disposable list (with parent domains, as throwaway services hand out random
 * subdomains). Apart from classify.ts so that the extension's worker carries these rules without the DNS
 * evidence, and takes the disposable list when it first needs it (lib/worker/offline-catalog.ts).
 *
 * @param ascii the domain in the lower-case ASCII form `toAsciiDomain` gives.
 */
export function classifyByName(ascii: string, disposableDomains: ReadonlySet<string>): WebmailInfo | null {
  const candidates = domainAndParents(ascii);

  for (const candidate of candidates) {
    const relay = relayByDomain.get(candidate);
    if (relay) return relayInfo(relay);
  }

  const consumer = providerByDomain.get(ascii);
  if (consumer) return providerInfo(consumer, consumer.freemail);

  if (candidates.some((candidate) => disposableDomains.has(candidate))) return disposableInfo;
  return null;
}

/**
 * `classify` for a domain whose DNS records are unknown (the extension's offline fallback), with the
 * disposable list given: the same answer as `classify(domain)`, as classify-by-name.test.ts checks.
 */
export function classifyOffline(domain: string, disposableDomains: ReadonlySet<string>): WebmailInfo | null {
  const ascii = toAsciiDomain(domain);
  return ascii ? classifyByName(ascii, disposableDomains) : null;
}
