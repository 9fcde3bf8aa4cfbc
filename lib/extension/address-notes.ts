/**
 * What an address says of itself, before and beside its domain's lookup: the address a typo meant, whether it
 * reaches a shared inbox, and the one mailbox its spellings reach. The card, the popup's list and the bulk
 * page show these from the address alone, so they cost no lookup and no credit, and work offline and without
 * a key (lib/core/email holds the rules). Only whether a look-alike domain takes mail waits for the lookup a
 * card makes anyway.
 */
import { canonicalMailbox } from '#core/email/canonical-mailbox.ts';
import { isRoleAddress } from '#core/email/role-address.ts';
import { suggestCorrection } from '#core/email/suggest-correction.ts';
import type { LookupResult } from './lookup-result.ts';

export interface AddressNotes {
  /** The address a likely typo meant (`jane@gmial.com` → `jane@gmail.com`), or null. */
  didYouMean: string | null;
  /** A shared inbox (`info@`, `kontakt@`, `ventas@`): it reaches a team, not a person. */
  role: boolean;
  /** One spelling per mailbox: `Jane.Doe+news@googlemail.com` is `janedoe@gmail.com`. */
  mailbox: string;
}

export function addressNotes(address: string): AddressNotes {
  return {
    didYouMean: suggestCorrection(address),
    role: isRoleAddress(address),
    mailbox: canonicalMailbox(address),
  };
}

/**
 * Whether the domain as written takes mail, by the lookup the card made of it: `takes-mail` for an answer of
 * the service that names a provider, or that found mail servers no provider is known by (any 404 but "no
 * MX": the spec answers that one for a domain that takes no mail); `takes-no-mail` for "no MX"; `unknown`
 * without the service's answer. The built-in catalog knows names, not mail servers: its answers say nothing.
 */
export type DomainMail = 'takes-mail' | 'takes-no-mail' | 'unknown';

export function domainMail(result: LookupResult | null): DomainMail {
  if (result?.state !== 'found' && result?.state !== 'not-found') return 'unknown';
  if (result.source !== 'api') return 'unknown';
  return result.state === 'not-found' && result.reason === 'no-mx' ? 'takes-no-mail' : 'takes-mail';
}

/**
 * What the card warns of a typo: mail to the look-alike domain `may-reach-someone-else` where it takes
 * mail (a squatter's or a stranger's servers); nothing where it takes none (the verdict line says it will
 * bounce) or the lookup has not said; nothing for an address that is no typo.
 */
export function lookAlikeWarning(
  address: string,
  result: LookupResult | null,
): 'may-reach-someone-else' | null {
  if (suggestCorrection(address) === null) return null;
  return domainMail(result) === 'takes-mail' ? 'may-reach-someone-else' : null;
}

/** How many distinct mailboxes the addresses reach. */
export function countMailboxes(addresses: readonly string[]): number {
  return new Set(addresses.map(canonicalMailbox)).size;
}
