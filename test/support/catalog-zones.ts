import { classify, consumerProviders } from '#core/catalog/index.ts';
import type { Zone } from '../fixtures/dns-zones.ts';

/**
 * A host that an MX host pattern matches: `*.` becomes one label, any other `*` a digit
 * (`mta*.am0.yahoodns.net` → `mta1.am0.yahoodns.net`).
 */
export function hostForPattern(pattern: string): string {
  return pattern.replace(/^\*\./, 'mx.').replaceAll('*', '1');
}

/**
 * The MX host the offline demo gives a domain the catalog names: the provider's own host pattern where the
 * catalog has one (Yahoo, Outlook.com, AOL), else a host of the domain itself. The catalog answers such a
 * domain by its name alone, so the host only has to be there, as it is online.
 */
function mxHostFor(domain: string): string {
  const pattern = consumerProviders.find((provider) => provider.domains?.includes(domain))?.mx?.[0];
  return pattern ? hostForPattern(pattern) : `mx.${domain}`;
}

/**
 * For `npm start -- --offline`: a zone for every name the built-in catalog knows by its name alone (a
 * consumer provider's domains, relays and their subdomains, disposable domains), so that the service's own
 * path (MX, then the catalog) answers them as it would online. Names the catalog needs DNS for (a company's
 * own domain) get nothing here: the fixture zones hold those. Never used by the service itself.
 */
export function catalogZoneFor(name: string): Zone | undefined {
  return classify(name) ? { mx: [[10, mxHostFor(name)]] } : undefined;
}
