/**
 * `lib/email`, as ../shared/DESIGN.md names it for code outside the extension and the service: finding
 * addresses (`extractEmails`) and what an address alone tells: `suggestCorrection` gives the address a
 * likely typo of a big provider's domain meant (jane@gmial.com → jane@gmail.com), or null. The code lives
 * in the core room (lib/core/email); this is its documented entry point.
 */
export { decodeCloudflareEmail } from '#core/email/cloudflare.ts';
export { contextMenuQuery } from '#core/email/context-query.ts';
export { domainOf, extractEmails, type FoundEmail, isEmailAddress } from '#core/email/extract.ts';
export { parseLookupTarget } from '#core/email/lookup-target.ts';
export { parseMailto } from '#core/email/mailto.ts';
export { suggestCorrection } from '#core/email/suggest-correction.ts';
