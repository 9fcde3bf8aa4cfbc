import { candidates, closestTarget } from './typo/closest-target.ts';
import realDomainsNearTargets from './typo/real-domains-near-targets.json' with { type: 'json' };

/** RFC 5321's longest path (64 octets of local part, the @, 255 of domain): anything longer is no address. */
const MAX_ADDRESS_LENGTH = 320;
/**
 * The longest domain compared with the targets: the longest target (15 characters) plus the few a typo
 * adds. A stranger writes the address, so this bounds the work per address whatever they write.
 */
const MAX_TYPED_DOMAIN_LENGTH = 24;
const DOMAIN_CHARACTERS = /^[a-z0-9.-]+$/;
/** Answers per domain: a page repeats a few domains thousands of times. Cleared whole when full. */
const MAX_CACHED_DOMAINS = 2000;

/**
 * Real mail domains that are one typo from a target (hitmail.com, love.com, uymail.com...): never corrected.
 * Made by `npm run update-typo-data` from the catalog, the free-mail list and Thunderbird's ISPDB, so that
 * the shipped list holds only the few the rules would otherwise touch.
 */
const neverCorrected: ReadonlySet<string> = new Set(realDomainsNearTargets.domains);
/**
 * The targets, and the catalog's other mailbox domains near them (same file, same script): a typo nearer
 * one of those than every target gets no suggestion, as it may have meant that one.
 */
const among = candidates(realDomainsNearTargets.rivals);
const cache = new Map<string, string | null>();

/** The domain as written, lower-cased, without a trailing dot; null when it cannot be a typo of a target. */
function typedDomain(text: string): string | null {
  const domain = text.trim().toLowerCase().replace(/\.$/, '');
  if (domain.length === 0 || domain.length > MAX_TYPED_DOMAIN_LENGTH) return null;
  return DOMAIN_CHARACTERS.test(domain) ? domain : null;
}

function correctedDomain(domain: string): string | null {
  if (neverCorrected.has(domain)) return null;
  let corrected = cache.get(domain);
  if (corrected === undefined) {
    if (cache.size >= MAX_CACHED_DOMAINS) cache.clear();
    corrected = closestTarget(domain, among);
    cache.set(domain, corrected);
  }
  return corrected;
}

/**
 * The address a likely typo of a big mailbox provider's domain meant (`jane@gmial.com` → `jane@gmail.com`),
 * or null. Rules in typo/: only the providers in targets.ts are suggested; a real mail domain is never
 * corrected; a domain that may be registered is corrected only for one likely edit; a typo about as near
 * two targets, or nearer another mailbox domain, gets no suggestion. A domain known only as disposable may
 * still get a suggestion: squatters register typos (gmial.com is on the disposable list).
 * Costs no lookup: it works offline.
 */
export function suggestCorrection(address: string): string | null {
  if (address.length > MAX_ADDRESS_LENGTH) return null;
  const at = address.lastIndexOf('@');
  const local = address.slice(0, at).trim();
  if (at < 0 || local.length === 0) return null;
  const domain = typedDomain(address.slice(at + 1));
  const corrected = domain === null ? null : correctedDomain(domain);
  return corrected === null ? null : `${local}@${corrected}`;
}
