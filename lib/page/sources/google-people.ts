import { addressIn } from '#core/email/extract.ts';
import { type AddressSource, addressesInAttributes } from '#page/address-source.ts';

/** The attributes Google's apps put a person's identity in, when it is an address. */
const PERSON_ATTRIBUTES = ['data-hovercard-id', 'jid', 'data-email'] as const;

/**
 * People in Google's apps, where the attribute that opens a person's hovercard holds their address:
 * - Gmail: `data-hovercard-id` on senders, recipients and avatars (`img.ajn`, with `jid` too), and on the
 *   compose window's recipient chips (`div[role=option][data-hovercard-id][data-name]`, in rows
 *   `div[name=to|cc|bcc]`), seen in saved Gmail pages from 2019 to 2025 and a 2026 probe;
 * - Calendar: `data-email` on each guest of an event's guest list, with `data-hovercard-id` inside (read by
 *   extensions in 2024).
 * Docs and Chat put numeric account ids (`101612323147699054057`, `user/human/...`) in the same attributes,
 * and other sites reuse the name for ids of their own: only a value that is exactly an address is one.
 * `data-hovercard-owner-id`, `data-name` and `name` never hold the address and are not read.
 */
export const googlePeople: AddressSource = {
  selector: PERSON_ATTRIBUTES.map((attribute) => `[${attribute}*="@"]`).join(', '),
  attributes: PERSON_ATTRIBUTES,
  read: (element) => addressesInAttributes(element, PERSON_ATTRIBUTES, addressIn),
};
