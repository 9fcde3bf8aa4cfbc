import { findEmails } from '#core/email/obfuscated.ts';
import { ATTRIBUTE_SOURCE_LEVELS, TEXT_WINDOW } from '#extension/limits.ts';
import type { AddressSource } from '#page/address-source.ts';
import type { Underlines } from '#page/underlines.ts';
import { createFoundAddresses } from './found-addresses.ts';
import { mayHoldAddressQuickly, SHORTEST_ADDRESS_LENGTH } from './marker-look.ts';
import { isSkippedText } from './readable-text.ts';
import { composedParent, isShown, isWithin } from './shown.ts';

/** Where an address was found: a text node, or an element that carries one in an attribute. */
type Place = Text | Element;

/** Where in a text node an address was found: `start` to `end` of its data. */
type Found = ReturnType<typeof findEmails>[number];

/** The address under a caret, and a live Range over it (a hover asks for its boxes). */
export interface TextHit {
  address: string;
  range: Range;
}

interface TextBeingRead {
  node: Text;
  /** Its parent element as reading began: where a text read at once still is. */
  parent: Element;
  /** The text as it was when reading began: a change means reading again from the start. */
  data: string;
  /** Where the next window starts; -1 while a long text is yet to be judged. */
  next: number;
  hits: Found[];
}

const addressesOf = (hits: readonly Found[]) => hits.map((hit) => hit.address);

/**
 * What the scanner has found on the page, by where it is: the addresses of each text node (underlined) and
 * of each element that carries one in an attribute (each a place), the distinct addresses among the places
 * shown, and the open shadow roots. A text or an element is read into it, and forgotten when it changes or
 * leaves the page; a place is judged shown or hidden as it is read, and again when the page changes an
 * element above it (shown.ts); a hover asks it what is under the pointer.
 */
export class AddressIndex {
  readonly #sources: readonly AddressSource[];
  readonly #underlines: Underlines;
  /** Elements whose shadow roots are never read: the extension's own card. */
  readonly #ownHostTag: string;
  readonly #textHits = new Map<Text, Found[]>();
  /** Ranges over the addresses hovered, made when first asked for: a live Range costs the page on each change. */
  readonly #ranges = new WeakMap<Found, Range>();
  readonly #elementAddresses = new Map<Element, string[]>();
  readonly #found = createFoundAddresses();
  /** Places whose addresses do not count, as they are hidden. */
  readonly #hidden = new Set<Place>();
  /**
   * Elements at or above a place, across shadow roots: a change to one of them may show or hide a place,
   * a change to any other element cannot. Marked from a place upwards, up to the first marked already.
   */
  readonly #aboveFound = new WeakSet<Element>();
  /** Open shadow roots found on the page: scanned, observed, and given to caret lookups. */
  readonly #shadowRoots = new Set<ShadowRoot>();
  /** A text node read window by window, so a huge one (1 MB of `a.a@`) is not one long task. */
  #reading: TextBeingRead | null = null;

  constructor(sources: readonly AddressSource[], underlines: Underlines, ownHostTag = '') {
    this.#sources = sources;
    this.#underlines = underlines;
    this.#ownHostTag = ownHostTag;
  }

  /**
   * Reads a text node's addresses anew: at once if it is one window long; a longer one is judged and read
   * by `readWindow`, one piece a call, while `reading`. False when a look at its length and its markers
   * was all it took.
   */
  readText(node: Text): boolean {
    if (node.length < SHORTEST_ADDRESS_LENGTH) return false;
    const data = node.data;
    const long = data.length > TEXT_WINDOW;
    // Most text holds no address: a look for the markers, before anything costlier. (A changed text is
    // forgotten when its mutation is recorded, so only a node moved elsewhere can still have hits here.)
    if (!long && !mayHoldAddressQuickly(data)) return false;
    this.forgetText(node);
    const parent = node.parentElement;
    if (!parent || isSkippedText(parent)) return true;
    this.#reading = { node, parent, data, next: long ? -1 : 0, hits: [] };
    if (!long) this.readWindow();
    return true;
  }

  /** A long text is being read: its next piece is waiting. */
  get reading(): boolean {
    return this.#reading !== null;
  }

  /** Reads the next piece of the text being read; once all of it is read, its addresses are kept. */
  readWindow() {
    const text = this.#reading as TextBeingRead;
    // A long text's look for the markers is a piece of its own: it goes over all of it (about 4 ms a MB).
    if (text.next < 0) {
      text.next = 0;
      if (!mayHoldAddressQuickly(text.data)) this.#reading = null;
      return;
    }
    // Changed or removed since an earlier window: its mutation record has queued it again, or it is gone.
    if (text.next > 0 && (!text.node.isConnected || text.node.data !== text.data)) {
      this.#reading = null;
      return;
    }
    const to = Math.min(text.data.length, text.next + TEXT_WINDOW);
    // findEmails reads only the window and the few thousand characters around it that an address in it can
    // reach, so each window costs the same wherever it lies in the text.
    text.hits.push(...findEmails(text.data, text.next, to));
    text.next = to;
    if (to < text.data.length) return;
    this.#reading = null;
    if (text.hits.length === 0) return;
    this.#textHits.set(text.node, text.hits);
    // A long text is read window by window, in several tasks: the page may have moved it meanwhile.
    const parent = text.data.length > TEXT_WINDOW ? (text.node.parentElement as Element) : text.parent;
    this.#count(text.node, parent, addressesOf(text.hits));
    this.#underlines.set(text.node, parent, text.hits);
  }

  forgetText(node: Text) {
    const hits = this.#textHits.get(node);
    if (!hits) return;
    this.#underlines.forget(node);
    this.#textHits.delete(node);
    this.#uncount(node, addressesOf(hits));
  }

  /** Reads an element's addresses anew: an attribute that changed may no longer hold one. */
  readElement(element: Element) {
    this.#forgetElement(element);
    const addresses = new Set<string>();
    for (const source of this.#sources)
      if (element.matches(source.selector))
        for (const address of source.read(element)) addresses.add(address);
    if (addresses.size === 0) return;
    const list = [...addresses];
    this.#elementAddresses.set(element, list);
    this.#count(element, element, list);
  }

  #forgetElement(element: Element) {
    const addresses = this.#elementAddresses.get(element);
    if (addresses === undefined) return;
    this.#elementAddresses.delete(element);
    this.#uncount(element, addresses);
  }

  /**
   * Looks at each place, one per call: forgets what was found in those no longer on the page, and judges
   * those under the `changed` elements shown or hidden anew. False once all are looked at.
   */
  sweep(changed: readonly Node[]): () => boolean {
    const places: Place[] = [...this.#textHits.keys(), ...this.#elementAddresses.keys()];
    let next = 0;
    return () => {
      const place = places[next++];
      if (place === undefined) return false;
      if (!place.isConnected) {
        if (place instanceof Text) this.forgetText(place);
        else this.#forgetElement(place);
      } else if (changed.some((element) => isWithin(element, place))) this.#judgeAgain(place);
      return true;
    };
  }

  /** Judges a place shown or hidden anew: its addresses come into the list, or leave it. */
  #judgeAgain(place: Place) {
    // Forgotten since the sweep began (read again, or gone): nothing of it counts.
    const addresses =
      place instanceof Text
        ? this.#textHits.get(place)?.map((hit) => hit.address)
        : this.#elementAddresses.get(place);
    const box = place instanceof Text ? place.parentElement : place;
    if (!addresses || !box || isShown(box) === !this.#hidden.has(place)) return;
    if (this.#hidden.delete(place)) for (const address of addresses) this.#found.add(address);
    else {
      this.#hidden.add(place);
      for (const address of addresses) this.#found.remove(address);
    }
  }

  /** The addresses of a place count, if it is shown (`box`: the element itself, or a text's parent). */
  #count(place: Place, box: Element, addresses: readonly string[]) {
    this.#markAbove(box);
    if (!isShown(box)) this.#hidden.add(place);
    else for (const address of addresses) this.#found.add(address);
  }

  #uncount(place: Place, addresses: readonly string[]) {
    if (this.#hidden.delete(place)) return;
    for (const address of addresses) this.#found.remove(address);
  }

  #markAbove(from: Element | null) {
    for (let element = from; element && !this.#aboveFound.has(element); element = composedParent(element))
      this.#aboveFound.add(element);
  }

  /**
   * Whether a change to this element's attributes may show or hide a place: it is one, or above one. An
   * element moved elsewhere with places under it is marked up its new ancestors, by `moved`.
   */
  isAboveFound(element: Element): boolean {
    return this.#aboveFound.has(element);
  }

  /** A node the page put under `parent`: if places are under it, its new ancestors are above them. */
  moved(node: Node, parent: Node) {
    if (node instanceof Element && this.#aboveFound.has(node))
      this.#markAbove(parent instanceof ShadowRoot ? parent.host : (parent as Element));
  }

  /** The distinct addresses shown, in the order found, when one came or went since the last call; else null. */
  takeChanged(): string[] | null {
    return this.#found.takeChanged();
  }

  /** Keeps the open shadow root of a custom element, and returns it; null if it has none, or it was kept. */
  keepShadowRoot(host: Element): ShadowRoot | null {
    const shadow = host.shadowRoot;
    if (!shadow || this.#shadowRoots.has(shadow) || host.localName === this.#ownHostTag) return null;
    this.#shadowRoots.add(shadow);
    return shadow;
  }

  /** The open shadow roots found so far, for caret lookups that pierce them. */
  shadowRoots(): ShadowRoot[] {
    return [...this.#shadowRoots].filter((shadow) => shadow.host.isConnected);
  }

  /**
   * The address of an attribute source at or above an element (ATTRIBUTE_SOURCE_LEVELS), or null: a link to
   * several recipients shows its first on hover; every one is in the tab's list.
   */
  addressOfElement(element: Element | null): { address: string; element: Element } | null {
    for (
      let current = element, depth = 0;
      current && depth < ATTRIBUTE_SOURCE_LEVELS;
      current = current.parentElement, depth++
    ) {
      const address = this.#elementAddresses.get(current)?.[0];
      if (address) return { address, element: current };
    }
    return null;
  }

  /** The text match at a caret position, or null. */
  hitAt(node: Node, offset: number): TextHit | null {
    if (node.nodeType !== Node.TEXT_NODE) return null;
    const hit = this.#textHits
      .get(node as Text)
      ?.find((found) => offset >= found.start && offset < found.end);
    if (!hit) return null;
    let range = this.#ranges.get(hit);
    if (!range) {
      range = document.createRange();
      range.setStart(node, hit.start);
      range.setEnd(node, hit.end);
      this.#ranges.set(hit, range);
    }
    return { address: hit.address, range };
  }
}
