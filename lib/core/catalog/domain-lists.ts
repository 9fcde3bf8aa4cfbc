import disposableDomains from 'disposable-email-domains-js/dist/dict/disposable_email_blocklist.json' with {
  type: 'json',
};
import freeEmailDomains from '#core/catalog/data/free-email-domains.json' with { type: 'json' };

/**
 * Disposable domains: disposable-email-domains-js (CC0, the disposable-email-domains project's blocklist,
 * which keeps relays such as mozmail.com on an allowlist). Free mail: a snapshot of free-email-domains
 * (MIT) without its disposable entries, refreshed by `npm run update-lists` (that package cannot be a
 * dependency: its postinstall downloads, which fails offline).
 */
export const disposableDomainSet: ReadonlySet<string> = new Set(disposableDomains);
export const freeEmailDomainSet: ReadonlySet<string> = new Set(freeEmailDomains.domains);
