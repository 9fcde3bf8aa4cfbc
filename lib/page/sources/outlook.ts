import { addressIn } from '#core/email/extract.ts';
import { type AddressSource, addressesInAttributes } from '#page/address-source.ts';

/** The attributes Outlook on the web keeps a person's address in, where it shows their name. */
const PERSON_ATTRIBUTES = ['title', 'aria-label'] as const;

/**
 * A field's label before a person (`From: `, `To: `, `Cc: `, and their translations, `De : `): short, and no
 * part of an address or a name in angle brackets.
 */
const FIELD_LABEL = /^[^<>@:]{1,30}:\s*/;
/** `Name <address>`, the name optional (Outlook writes `ois@uic.edu <ois@uic.edu>` too). */
const NAME_AND_ADDRESS = /^[^<>]{0,200}<([^<>]+)>$/;

/**
 * The address an attribute stands for: exactly an address, or one person as `Name <address>`, a field's
 * label before either. Anything else (a row's summary, `To: Jane, Bob`, a presence status) stands for none.
 */
export function addressStoodFor(value: string): string | null {
  const person = value.trim().replace(FIELD_LABEL, '');
  const bracketed = NAME_AND_ADDRESS.exec(person)?.[1];
  return addressIn(bracketed ?? person);
}

/**
 * Outlook on the web shows people by name and keeps the address in an attribute, where it keeps it at all;
 * this makes the named element stand for the address. Where each was seen (the fixture page
 * test/fixtures/pages/outlook-like.html cites each source):
 * - the message list: the sender line of a row (`[role="option"][data-convid]`) is a `span` whose `title` is
 *   the sender's address when the conversation has one sender (Microsoft's 2021 client code; extensions of
 *   2025-26 select `span[title*="@"]` in those rows);
 * - the reading pane: each open message's sender (`aria-label="From: Name <address>"`) and recipients, the
 *   person button's `aria-label` being "Name" or "Name <address>" (arm0z's adapter; a 2025 test fixture;
 *   Engramme's Outlook module); several messages of a thread are open at once, each read;
 * - compose: a resolved recipient chip's `aria-label` is the address (a DLP adapter verified on
 *   outlook.live.com, 2026; other reports disagree, so this is not established);
 * - the persona card: `title` spans holding the address (one fixture author's observation).
 * A row's own `aria-label` is a summary of the row (senders, subject, preview), and suggestions while typing
 * a recipient (`Name (address)`) are not people on the page: neither is read.
 */
export const outlookPeople: AddressSource = {
  selector: PERSON_ATTRIBUTES.map((attribute) => `[${attribute}*="@"]:not([role="option"])`).join(', '),
  attributes: PERSON_ATTRIBUTES,
  read: (element) => addressesInAttributes(element, PERSON_ATTRIBUTES, addressStoodFor),
};
