/**
 * The Webmail Info API's contract (docs/openapi.yaml describes it whole, docs/architecture.md in short) as
 * the service, the client and the UI share it: the endpoint, the webmail info object, and every additional
 * property our service puts into it (the contract allows them). Names and types only: the parser is
 * webmail-info-schema.ts.
 */
export type { Envelope, WebmailInfo } from './webmail-info-schema.ts';

export const API_PATH = '/public_api/v1/get_webmail_info';

/**
 * The additional `data` property naming how a search template wants its query encoded: `twice` for
 * providers that decode it twice (Yahoo Mail's `/d/search/keyword=`), where `+` would otherwise become a space.
 */
export const SEARCH_QUERY_ENCODING = 'webmail_search_query_encoding';

export const PROVIDER_SOURCES = ['mx', 'spf', 'ms-verification'] as const;
/** Which record named the provider (lib/core/catalog/mailbox-evidence.ts has the rules). */
export type ProviderSource = (typeof PROVIDER_SOURCES)[number];

export const PROVIDER_CONFIDENCES = ['high', 'medium', 'low'] as const;
/** How sure the rule that named the provider is (lib/core/catalog/mailbox-evidence.ts). */
export type ProviderConfidence = (typeof PROVIDER_CONFIDENCES)[number];

/**
 * What an answer read from DNS records says it saw, as additional properties of spec §2.2 (snake_case like
 * the spec's own). Stable values, so that a client can say "Microsoft 365, behind Proofpoint (from the
 * domain's SPF record)". Answers that come from the domain name alone (gmail.com) carry none of them.
 */
export interface MailboxEvidenceProperties {
  provider_source: ProviderSource;
  provider_confidence: ProviderConfidence;
  /** The security gateway among the MX hosts, as a person reads it ("Proofpoint"); absent without one. */
  gateway?: string;
}
