/**
 * Where, besides text, an address sits on a page: elements that carry one in an attribute. Site adapters
 * read attributes, never class names, as sites rename classes all the time.
 */
export interface AddressSource {
  name: string;
  selector: string;
  /** The address an element carries, or null. */
  read(element: Element): string | null;
}
