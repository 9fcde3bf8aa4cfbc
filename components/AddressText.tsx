import { Fragment } from 'react';

/**
 * An address cut where a line may break: after its `@` and after each dot, so that a label is never split
 * ("jane.doe+news@" / "gmail.com", never "jane.doe+news@g" / "mail.com"). Joined, the parts are the address.
 */
export function addressParts(address: string): string[] {
  return address.match(/[^@.]*(?:[@.]|$)/g)?.filter(Boolean) ?? [address];
}

/**
 * An address as text that breaks only after its `@` or a dot, where it must: each part keeps to one line
 * (the `address-part` class, components/page.css) and a <wbr> stands between parts. Copied, it is the
 * address as it was: a <wbr> holds no text.
 */
export function AddressText({ address }: { address: string }) {
  return addressParts(address).map((part, index) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one address never move.
    <Fragment key={index}>
      {index > 0 && <wbr />}
      <span className="address-part">{part}</span>
    </Fragment>
  ));
}
