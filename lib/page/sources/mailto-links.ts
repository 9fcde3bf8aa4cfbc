import { parseMailto } from '#core/email/mailto.ts';
import type { AddressSource } from '#page/address-source.ts';

/**
 * Links that write a mail: every recipient of the `mailto:` target (to, cc, bcc, display names, written
 * for people), as the browser would hand them to a mail program. Entity-encoded targets (`m&#97;ilto:`)
 * reach the DOM decoded.
 */
export const mailtoLinks: AddressSource = {
  selector: 'a[href^="mailto:" i], area[href^="mailto:" i]',
  attributes: ['href'],
  read: (element) => parseMailto(element.getAttribute('href') ?? ''),
};
