import type { ReactNode } from 'react';

/**
 * An address cut where a line may break: after its `@` and after each dot, so that a label is never split
 * ("jane.doe+news@" / "gmail.com", never "jane.doe+news@g" / "mail.com"). Joined, the parts are the address.
 */
export function addressParts(address: string): string[] {
  return Array.from(address.matchAll(/[^@.]*(?:[@.]|$)/g), ([part]) => part).filter(Boolean);
}

/**
 * A part in which no line may break: ASCII letters, digits and `_`, with the `@` or dot that ends it
 * (Unicode's line breaking rules, UAX #14, keep these together). Another character may let a line break
 * after it (a hyphen, a slash, `++`) or anywhere (an ideograph).
 */
const UNBREAKABLE = /^\w*[@.]?$/;

/**
 * An address as text that breaks only after its `@` or a dot, where it must: a <wbr> stands between parts,
 * and a part that could break inside keeps to one line (the `address-part` class, components/page.css).
 * Copied, it is the address as it was: a <wbr> holds no text. A function, for lists of hundreds (the
 * popup's rows): a part that cannot break stays a bare string, and nothing is a component of its own.
 */
export function addressText(address: string): ReactNode[] {
  const nodes: ReactNode[] = [];
  // Keyed by where each part starts in the address: the parts of one address never move.
  let start = 0;
  for (const part of addressParts(address)) {
    if (start > 0) nodes.push(<wbr key={`break ${start}`} />);
    nodes.push(
      UNBREAKABLE.test(part) ? (
        part
      ) : (
        <span key={`part ${start}`} className="address-part">
          {part}
        </span>
      ),
    );
    start += part.length;
  }
  return nodes;
}

/** The same, as a component. */
export function AddressText({ address }: { address: string }) {
  return addressText(address);
}
