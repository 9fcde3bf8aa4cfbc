export { classify, type MailboxEvidenceProperties } from './classify.ts';
export {
  PROVIDER_CONFIDENCES,
  PROVIDER_SOURCES,
  type ProviderConfidence,
  type ProviderSource,
  type SpfIncludeRecords,
  spfIncludesToFollow,
} from './mailbox-evidence.ts';
export type { ProviderEntry, RelayEntry } from './providers.ts';
export { businessProviders, consumerProviders, relays } from './providers.ts';
