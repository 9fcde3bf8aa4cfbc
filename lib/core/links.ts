import { domainOf } from '#core/email/extract.ts';
import { isOutlookWebHost } from '#core/outlook-web.ts';
import { SEARCH_QUERY_ENCODING } from '#core/webmail-info.ts';

/**
 * Everything that turns a string from the network or from settings into a URL a person can click. Only
 * http(s) URLs become links; the query goes in through encodeURIComponent only.
 */

/** The URL if it is an absolute http: or https: URL, else null (javascript:, data:, file:, relative, garbage). */
export function safeLinkUrl(url: string | null | undefined): string | null {
  if (typeof url !== 'string' || url.trim() === '') return null;
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return null;
  }
  return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
}

/** How a webmail info object asks for its search query to be encoded. */
function searchQueryEncodingOf(info: Record<string, unknown>): 'once' | 'twice' {
  return info[SEARCH_QUERY_ENCODING] === 'twice' ? 'twice' : 'once';
}

/**
 * Fills a provider's search template: every `%q` becomes encodeURIComponent(query), applied twice where the
 * provider decodes twice. Null when the template is missing, has no `%q`, or does not make a safe http(s) URL.
 */
export function buildSearchUrl(
  template: string | null | undefined,
  query: string,
  encoding: 'once' | 'twice' = 'once',
): string | null {
  if (typeof template !== 'string' || !template.includes('%q')) return null;
  const once = encodeURIComponent(query);
  return safeLinkUrl(template.replaceAll('%q', encoding === 'twice' ? encodeURIComponent(once) : once));
}

/**
 * What "Search mailbox" does for an answer: opens the provider's search for the query, or, for Outlook on
 * the web, which has no search link that works (no documented deep link does; `/mail/deeplink/search?query=`
 * spun forever on a tenant in 2026: issue 21 research, §1.9), opens the mailbox with the query to paste.
 */
export type SearchAction =
  | { kind: 'link'; url: string }
  | { kind: 'open-and-paste'; url: string; query: string };

/**
 * The search action for an answer and an address, with the person's query template filled in
 * (`from:{address}`); null where the provider has no search link and is not Outlook on the web.
 */
export function searchActionFor(
  info: { webmail_url: string | null; webmail_search_url: string | null } & Record<string, unknown>,
  queryTemplate: string,
  address: string,
): SearchAction | null {
  const query = searchQueryFor(queryTemplate, address);
  const url = buildSearchUrl(info.webmail_search_url, query, searchQueryEncodingOf(info));
  if (url) return { kind: 'link', url };
  const mailbox = safeLinkUrl(info.webmail_url);
  return mailbox && isOutlookWebHost(new URL(mailbox).hostname)
    ? { kind: 'open-and-paste', url: mailbox, query }
    : null;
}

/** What the card offers to copy for the customer: a search of their mailbox for mail from us, or why not. */
export type LinkForThem =
  | { kind: 'link'; url: string }
  | { kind: 'unavailable'; reason: 'relay' | 'no-search' };

/**
 * The provider's search link for mail from the person's own sending addresses (`from:support@acme.com`),
 * which opens the customer's mailbox at our messages. Null when the person set no sending address. A relay
 * has no mailbox behind it to search, and some providers have no search link.
 */
export function linkForThem(
  info: { webmail_search_url: string | null; is_privacy_service: boolean } & Record<string, unknown>,
  sendingAddresses: string[],
): LinkForThem | null {
  if (sendingAddresses.length === 0) return null;
  if (info.is_privacy_service) return { kind: 'unavailable', reason: 'relay' };
  const query = sendingAddresses.map((address) => `from:${address}`).join(' OR ');
  const url = buildSearchUrl(info.webmail_search_url, query, searchQueryEncodingOf(info));
  return url ? { kind: 'link', url } : { kind: 'unavailable', reason: 'no-search' };
}

/** The user's query template (options page) with `{address}` and `{domain}` filled in: `from:{address}`. */
export function searchQueryFor(queryTemplate: string, address: string): string {
  const domain = domainOf(address);
  return queryTemplate.replaceAll('{address}', address).replaceAll('{domain}', domain);
}
