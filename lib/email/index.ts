/**
 * `lib/email`, as docs/architecture.md names it for code outside the extension and the service: finding
 * addresses, and what an address says about its mailbox without a lookup. The code lives in the core room
 * (lib/core/email); this is its documented entry point.
 * - `extractEmails(text)`: the addresses in a text, with their offsets.
 * - `isRoleAddress(address)`: whether it reaches a shared inbox (info@, kontakt@, ventas@), not a person.
 * - `canonicalMailbox(address)`: one spelling per mailbox, by the provider's documented rules
 *   (`Jane.Doe+news@googlemail.com` is `janedoe@gmail.com`); a custom domain keeps its address.
 * - `suggestCorrection(address)`: the address a likely typo of a big provider's domain meant
 *   (jane@gmial.com → jane@gmail.com), or null.
 * - `MAX_LOCAL_PART_LENGTH`, `MAX_DOMAIN_LENGTH`, `MAX_LABEL_LENGTH`, `MAX_ADDRESS_LENGTH`: the standards'
 *   limits on addresses and domains, each with its RFC, for every room that checks one.
 */
export { canonicalMailbox } from '#core/email/canonical-mailbox.ts';
export { decodeCloudflareEmail } from '#core/email/cloudflare.ts';
export { contextMenuQuery } from '#core/email/context-query.ts';
export { domainOf, extractEmails, type FoundEmail, isEmailAddress } from '#core/email/extract.ts';
export { parseLookupTarget } from '#core/email/lookup-target.ts';
export { parseMailto } from '#core/email/mailto.ts';
export {
  MAX_ADDRESS_LENGTH,
  MAX_DOMAIN_LENGTH,
  MAX_LABEL_LENGTH,
  MAX_LOCAL_PART_LENGTH,
} from '#core/email/rfc-limits.ts';
export { isRoleAddress } from '#core/email/role-address.ts';
export { suggestCorrection } from '#core/email/suggest-correction.ts';
