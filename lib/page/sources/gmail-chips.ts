import { addressIn } from '#core/email/extract.ts';
import { type AddressSource, addressesInAttributes } from '#page/address-source.ts';

/**
 * Gmail's people chips: `<span email="jane@example.com" name="Jane">` on a thread list's senders
 * (`span.zF`, `span.yP`), a message's sender and recipients (`span.gD`, `span.g2`), the details popup and the
 * compose summary. Seen in saved Gmail pages from 2016 to 2025 and read by InboxSDK and gmail.js today.
 */
export const gmailChips: AddressSource = {
  selector: '[email]',
  attributes: ['email'],
  read: (element) => addressesInAttributes(element, ['email'], addressIn),
};
