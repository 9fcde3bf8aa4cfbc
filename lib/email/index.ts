export { decodeCloudflareEmail } from './cloudflare.ts';
export { domainOf, extractEmails, type FoundEmail, isEmailAddress } from './extract.ts';
export { parseLookupTarget } from './lookup-target.ts';
export { parseMailto } from './mailto.ts';
