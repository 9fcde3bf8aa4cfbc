/**
 * `lib/email`, as ../shared/DESIGN.md names it for code outside the extension and the service: finding
 * addresses. The code lives in the core room (lib/core/email); this is its documented entry point.
 */
export { decodeCloudflareEmail } from '#core/email/cloudflare.ts';
export { contextMenuQuery } from '#core/email/context-query.ts';
export { domainOf, extractEmails, type FoundEmail, isEmailAddress } from '#core/email/extract.ts';
export { parseLookupTarget } from '#core/email/lookup-target.ts';
export { parseMailto } from '#core/email/mailto.ts';
