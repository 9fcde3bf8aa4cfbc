import { getDomain } from 'tldts';
import type { ProviderConfidence, ProviderSource } from '#core/webmail-info.ts';
import { type GatewayEntry, gateways } from './gateways.ts';
import { compileHostPattern, normalizeHost } from './host-pattern.ts';
import { businessProviders, consumerProviders, type ProviderEntry } from './providers.ts';
import { txtDelegations } from './spf.ts';

/**
 * Where a company domain's mailbox is, read from its MX and TXT records by these rules, in this order. The
 * service does the DNS; everything here is pure.
 *
 * 1. MX names the mailbox (confidence `high`). The most preferred MX host that a provider's pattern matches
 *    names it; hosts of security gateways and unknown hosts are passed over. A web host's mail service counts
 *    only where no other provider is in the MX: the host puts its own MX into every domain it serves, and
 *    they stay next to Microsoft 365's or Google's when a customer adds those. TXT is not needed.
 * 2. Otherwise SPF may name it. Only the includes (and redirect) of the domain's SPF record that a mailbox
 *    provider documents for its mail service count, plus the same in the records of the domain's own
 *    includes, one level deep (`include:_spf.acme.com` on acme.com, see `spfIncludesToFollow`). Everything
 *    else never counts: marketing, transactional, help-desk and CRM senders (Mailchimp, SendGrid, Amazon SES,
 *    Zendesk, Salesforce, ...), gateways' outbound relays, and web hosts' includes, which cover the host's
 *    web servers (contact forms, CMS mail) whether or not its mailboxes are used. A third party's include is
 *    never followed: its record describes that party's servers, not this domain's mailbox.
 *    - Exactly one mailbox named: that provider, `medium` when MX is a known gateway (the usual set-up: the
 *      gateway filters, the provider holds the mailbox), `low` when MX is unknown (it may be an unlisted
 *      gateway, or an on-premises server whose SPF also lists the cloud for outbound mail).
 *    - Two or more named (Microsoft 365 and Google Workspace, most often): no answer. Both are authorised to
 *      send, the order inside a record carries no meaning, and Microsoft's verification record stays in
 *      place whichever way a migration went; a wrong provider would send a customer to the wrong webmail.
 * 3. Otherwise, behind a known gateway only, Microsoft's tenant verification `MS=ms…` names Microsoft 365
 *    (`low`): a tenant verified the domain at some time, which it must for Exchange Online to accept its mail,
 *    but also does for Teams or Entra ID alone. With an unknown MX it is not used: a self-hosted server is
 *    then at least as likely.
 * 4. Otherwise nothing: the records name no mailbox, and none is made up.
 */

export interface MailboxFinding {
  provider: ProviderEntry;
  source: ProviderSource;
  confidence: ProviderConfidence;
  /** The security gateway among the MX hosts, if any. */
  gateway: GatewayEntry | null;
}

/**
 * The TXT records of the domain's own SPF includes, as the service fetched them: include domain (as
 * `spfIncludesToFollow` gave it) → its TXT records. Records of any other domain are not read.
 */
export type SpfIncludeRecords = Readonly<Record<string, readonly string[]>>;

/**
 * At most this many of a domain's own includes are followed: each costs the service one more DNS query per
 * uncached lookup, and an organisation's aggregator is one or two records (`_spf.acme.com`, `_spf2.acme.com`).
 */
export const MAX_SPF_INCLUDES_TO_FOLLOW = 3;

/** Microsoft's domain verification TXT value, "MS=msXXXXXXXX" (MSV). */
const MICROSOFT_TENANT_VERIFICATION = /^MS=ms\d+$/i;
const MICROSOFT_365_ID = 'microsoft-365';

const allProviders = [...consumerProviders, ...businessProviders];

const mxMatchers = allProviders.flatMap((provider) =>
  (provider.mx ?? []).map((pattern) => ({ provider, matches: compileHostPattern(pattern) })),
);
const gatewayMatchers = gateways.flatMap((gateway) =>
  gateway.mx.map((pattern) => ({ gateway, matches: compileHostPattern(pattern) })),
);
const spfMatchers = allProviders.flatMap((provider) =>
  (provider.spf ?? []).map((pattern) => ({ provider, matches: compileHostPattern(pattern) })),
);

function gatewayOf(host: string): GatewayEntry | undefined {
  return gatewayMatchers.find(({ matches }) => matches(host))?.gateway;
}

interface MxReading {
  provider: ProviderEntry | null;
  gateway: GatewayEntry | null;
}

/**
 * Rule 1: the provider behind the most preferred recognised MX host, a web host's only where no other
 * provider is there, and the first gateway among the hosts.
 */
function readMx(mxHosts: readonly string[]): MxReading {
  const hosts = mxHosts.map(normalizeHost);
  const gateway = hosts.map(gatewayOf).find((found) => found !== undefined) ?? null;
  const providers = hosts
    .filter((host) => !gatewayOf(host))
    .flatMap((host) => mxMatchers.find(({ matches }) => matches(host))?.provider ?? []);
  const provider = providers.find((found) => !found.webHost) ?? providers[0] ?? null;
  return { provider, gateway };
}

/** The mailbox provider whose documented SPF include this target is, if any. */
function providerOfSpfInclude(target: string): ProviderEntry | undefined {
  return spfMatchers.find(({ matches }) => matches(target))?.provider;
}

/**
 * Which of a domain's SPF includes the service should fetch so that `classify` can read them: the domain's
 * own (under the same registrable domain, as `_spf.acme.com` is for acme.com), that name no provider already,
 * in the record's order, at most `MAX_SPF_INCLUDES_TO_FOLLOW`. Empty when there is nothing worth a query.
 */
export function spfIncludesToFollow(domain: string, txtRecords: readonly string[]): string[] {
  const organisation = registrableDomain(domain);
  return txtDelegations(txtRecords)
    .filter(
      (target) =>
        target !== domain && registrableDomain(target) === organisation && !providerOfSpfInclude(target),
    )
    .slice(0, MAX_SPF_INCLUDES_TO_FOLLOW);
}

/**
 * The organisation's domain, by the whole Public Suffix List: its private section names suffixes shared by
 * unrelated registrants (eu.org, github.io), each of whom is a third party to the others.
 */
function registrableDomain(domain: string): string {
  return getDomain(domain, { allowPrivateDomains: true }) ?? domain;
}

/**
 * Rule 2's reading: the mailbox providers that the domain's SPF record and its followed own includes name,
 * each once. Entries people see under one name (Zoho's regional data centres) count as one mailbox.
 */
function mailboxesNamedBySpf(
  domain: string,
  txtRecords: readonly string[],
  includeRecords: SpfIncludeRecords = {},
): ProviderEntry[] {
  const followed = spfIncludesToFollow(domain, txtRecords).flatMap((include) =>
    txtDelegations(includeRecords[include] ?? []),
  );
  const named = new Map<string, ProviderEntry>();
  for (const target of [...txtDelegations(txtRecords), ...followed]) {
    const provider = providerOfSpfInclude(target);
    if (provider && !named.has(provider.niceName)) named.set(provider.niceName, provider);
  }
  return [...named.values()];
}

function hasMicrosoftTenantVerification(txtRecords: readonly string[]): boolean {
  return txtRecords.some((record) => MICROSOFT_TENANT_VERIFICATION.test(record.trim()));
}

const microsoft365 = allProviders.find((provider) => provider.id === MICROSOFT_365_ID);

/**
 * Applies the rules above. `mxHosts` in order of preference; `txtRecords` and `includeRecords` when the
 * service fetched them (never needed when MX names the mailbox).
 */
export function findMailbox(
  domain: string,
  mxHosts: readonly string[],
  txtRecords: readonly string[] = [],
  includeRecords: SpfIncludeRecords = {},
): MailboxFinding | null {
  const { provider, gateway } = readMx(mxHosts);
  if (provider) return { provider, source: 'mx', confidence: 'high', gateway };

  const named = mailboxesNamedBySpf(domain, txtRecords, includeRecords);
  const [only] = named;
  if (only && named.length === 1) {
    return { provider: only, source: 'spf', confidence: gateway ? 'medium' : 'low', gateway };
  }
  if (named.length === 0 && gateway && microsoft365 && hasMicrosoftTenantVerification(txtRecords)) {
    return { provider: microsoft365, source: 'ms-verification', confidence: 'low', gateway };
  }
  return null;
}
