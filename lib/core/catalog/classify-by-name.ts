import { toAsciiDomain } from '#core/email/domain.ts';
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
 * @param candidates `ascii` and the parents a relay or disposable domain may be found at.
 */
export function classifyByName(
  ascii: string,
  candidates: readonly string[],
  disposableDomains: ReadonlySet<string>,
): WebmailInfo | null {
  for (const candidate of candidates) {
    const relay = relayByDomain.get(candidate);
    if (relay) return relayInfo(relay);
  }

  const consumer = providerByDomain.get(ascii);
  if (consumer) return providerInfo(consumer, consumer.freemail);

  if (candidates.some((candidate) => disposableDomains.has(candidate))) return disposableInfo;
  return null;
}

/** The domain and each parent of two labels or more: a.acme.co.uk → a.acme.co.uk, acme.co.uk, co.uk. */
function domainAndEveryParent(ascii: string): string[] {
  const out = [ascii];
  for (let dot = ascii.indexOf('.'); ascii.indexOf('.', dot + 1) !== -1; dot = ascii.indexOf('.', dot + 1)) {
    out.push(ascii.slice(dot + 1));
  }
  return out;
}

/**
 * `classify` for a domain whose DNS records are unknown (the extension's offline fallback), with the
 * disposable list given: the same answer as `classify(domain)`, as classify-by-name.test.ts checks. Where
 * classify walks parents only down to the registrable domain (the Public Suffix List, tldts: 130 KB of the
 * worker's script, evaluated at every wake), this walks every parent: no relay or disposable domain is a
 * public suffix (the test checks that too), so the parents past the registrable domain never match.
 */
export function classifyOffline(domain: string, disposableDomains: ReadonlySet<string>): WebmailInfo | null {
  const ascii = toAsciiDomain(domain);
  return ascii ? classifyByName(ascii, domainAndEveryParent(ascii), disposableDomains) : null;
}
