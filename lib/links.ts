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

/**
 * Fills a provider's search template: every `%q` becomes encodeURIComponent(query). Null when the template
 * is missing, has no `%q`, or does not make a safe http(s) URL.
 */
export function buildSearchUrl(template: string | null | undefined, query: string): string | null {
  if (typeof template !== 'string' || !template.includes('%q')) return null;
  return safeLinkUrl(template.replaceAll('%q', encodeURIComponent(query)));
}

/** The user's query template (options page) with `{address}` and `{domain}` filled in: `from:{address}`. */
export function searchQueryFor(queryTemplate: string, address: string): string {
  const domain = address.slice(address.lastIndexOf('@') + 1);
  return queryTemplate.replaceAll('{address}', address).replaceAll('{domain}', domain);
}
