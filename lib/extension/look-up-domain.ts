import { t } from './i18n.ts';
import type { LookupResult } from './lookup-result.ts';
import { sendRequest } from './messaging.ts';
import type { LookupIntent } from './protocol.ts';

/** How a lookup is asked for: `refresh` past every cache; `intent` is a card's (lib/worker/card-lookup.ts). */
export interface LookupOptions {
  refresh?: boolean;
  intent?: LookupIntent;
}

/**
 * Asks the background about a domain. Never rejects: a worker that cannot answer (the extension was
 * reloaded) becomes a plain "unreachable" state.
 */
export async function lookUpDomain(domain: string, options: LookupOptions = {}): Promise<LookupResult> {
  try {
    return await sendRequest({ type: 'lookup', domain, ...options });
  } catch {
    return { state: 'unreachable', message: t('errorExtensionStopped') };
  }
}
