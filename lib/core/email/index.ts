export { decodeCloudflareEmail } from './cloudflare.ts';
export { contextMenuQuery } from './context-query.ts';
export { domainOf, extractEmails, type FoundEmail, isEmailAddress } from './extract.ts';
export { parseLookupTarget } from './lookup-target.ts';
export { parseMailto } from './mailto.ts';
