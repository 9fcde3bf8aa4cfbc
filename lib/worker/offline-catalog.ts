import { classifyOffline } from '#core/catalog/classify-by-name.ts';
import { readDomainList } from '#core/catalog/domain-list-file.ts';
import type { WebmailInfo } from '#core/webmail-info.ts';

/** The built-in catalog's answer for a domain whose DNS records the worker cannot know. */
export type OfflineCatalog = (domain: string) => Promise<WebmailInfo | null>;

/**
 * The catalog for lookups without a key or without the service. Its disposable list is read from the file
 * the build ships (#core/catalog/domain-list-file.ts) on the first such lookup, once per worker, so that a
 * waking worker that answers from its cache or the API never reads it. A read that failed is tried again
 * on the next lookup.
 */
export function createOfflineCatalog(readDisposableList: () => Promise<string>): OfflineCatalog {
  let disposable: Promise<ReadonlySet<string>> | null = null;
  return async (domain) => {
    disposable ??= readDisposableList()
      .then(readDomainList)
      .catch((error: unknown) => {
        disposable = null;
        throw error;
      });
    return classifyOffline(domain, await disposable);
  };
}
