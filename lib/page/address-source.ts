/**
 * Where, besides text, an address sits on a page: elements that carry one in an attribute. Site adapters
 * read attributes, never class names, as sites rename classes all the time. One adapter, one file, in
 * `sources/`, each saying where its markup was seen.
 */
export interface AddressSource {
  selector: string;
  /** The attributes it reads: a change to one makes the element be read again. */
  attributes: readonly string[];
  /** The addresses an element carries (a `mailto:` link may hold several), or none. */
  read(element: Element): string[];
}

/** The distinct addresses in an element's attributes, each attribute's value read by `addressIn`. */
export function addressesInAttributes(
  element: Element,
  attributes: readonly string[],
  addressIn: (value: string) => string | null,
): string[] {
  const addresses = new Set<string>();
  for (const attribute of attributes) {
    const address = addressIn(element.getAttribute(attribute) ?? '');
    if (address) addresses.add(address);
  }
  return [...addresses];
}
