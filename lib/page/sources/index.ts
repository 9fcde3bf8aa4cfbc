import type { AddressSource } from '#page/address-source.ts';
import { cloudflare } from './cloudflare.ts';
import { gmailChips } from './gmail-chips.ts';
import { googlePeople } from './google-people.ts';
import { mailtoLinks } from './mailto-links.ts';

/** The site adapters a page is read with; Google's, where the person keeps Gmail integration on. */
export function addressSources(options: { gmailIntegration: boolean }): AddressSource[] {
  return options.gmailIntegration
    ? [mailtoLinks, cloudflare, gmailChips, googlePeople]
    : [mailtoLinks, cloudflare];
}
