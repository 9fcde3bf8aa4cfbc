export { type ApiClientOptions, findTopUpUrl, getWebmailInfo, type WebmailInfoRequest } from './client.ts';
export type { ApiOutcome, ApiOutcomeKind } from './outcome.ts';
