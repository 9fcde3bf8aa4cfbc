import { isOutlookWebHost } from '#core/outlook-web.ts';
import type { AddressSource } from '#page/address-source.ts';
import { cloudflare } from './cloudflare.ts';
import { gmailChips } from './gmail-chips.ts';
import { googlePeople } from './google-people.ts';
import { mailtoLinks } from './mailto-links.ts';
import { outlookPeople } from './outlook.ts';

/**
 * The site adapters a page is read with: Google's where the person keeps Gmail integration on, Outlook's on
 * Outlook on the web's hosts where they keep Outlook integration on (elsewhere a `title` holding an address
 * is a tooltip, not a person shown by name).
 */
export function addressSources(
  options: { gmailIntegration: boolean; outlookIntegration: boolean },
  hostname: string,
): AddressSource[] {
  return [
    mailtoLinks,
    cloudflare,
    ...(options.gmailIntegration ? [gmailChips, googlePeople] : []),
    ...(options.outlookIntegration && isOutlookWebHost(hostname) ? [outlookPeople] : []),
  ];
}
