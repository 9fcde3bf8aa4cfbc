export { classify } from './classify.ts';
export { type SpfIncludeRecords, spfIncludesToFollow } from './mailbox-evidence.ts';
export type { ProviderEntry, RelayEntry } from './providers.ts';
export { businessProviders, consumerProviders, relays } from './providers.ts';
