/**
 * `lib/catalog`, as docs/architecture.md names it for code outside the extension and the service: the
 * provider catalog and `classify`. The code lives in the core room (lib/core/catalog); this is its
 * documented entry point.
 */
export {
  businessProviders,
  classify,
  consumerProviders,
  type ProviderEntry,
  type RelayEntry,
  relays,
  type SpfIncludeRecords,
  spfIncludesToFollow,
} from '#core/catalog/index.ts';
export {
  type MailboxEvidenceProperties,
  PROVIDER_CONFIDENCES,
  PROVIDER_SOURCES,
  type ProviderConfidence,
  type ProviderSource,
} from '#core/webmail-info.ts';
