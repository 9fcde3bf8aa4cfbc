import { findEmails, mayHoldAddress } from '#core/email/obfuscated.ts';
import { TEXT_WINDOW } from '#extension/limits.ts';
import type { AddressSource } from '#page/address-source.ts';
import type { Underlines } from '#page/underlines.ts';
import { createFoundAddresses } from './found-addresses.ts';
import { isSkippedText } from './readable-text.ts';
import { composedParent, isShown, isWithin } from './shown.ts';

/** Where in a text node an address was found: `start` to `end` of its data. */
type Found = ReturnType<typeof findEmails>[number];

/** The address under a caret, and a live Range over it (a hover asks for its boxes). */
export interface TextHit {
  address: string;
  range: Range;
}

interface TextBeingRead {
  node: Text;
  /** The text as it was when reading began: a change means reading again from the start. */
  data: string;
  /** Where the next window starts; -1 while a long text is yet to be judged. */
  next: number;
  hits: Found[];
}

/**
 * What the scanner has found on the page, by where it is: the addresses of each text node (underlined) and
 * of each element that carries one in an attribute (each a place), the distinct addresses among the places
 * shown, and the open shadow roots. A text or an element is read into it, and forgotten when it changes or
 * leaves the page; a place is judged shown or hidden as it is read, and again when the page changes an
 * element above it (shown.ts); a hover asks it what is under the pointer.
 */
export function createAddressIndex(
  sources: readonly AddressSource[],
  underlines: Underlines,
  /** Elements whose shadow roots are never read: the extension's own card. */
  ownHostTag = '',
) {
  const textHits = new Map<Text, Found[]>();
  /** Ranges over the addresses hovered, made when first asked for: a live Range costs the page on each change. */
  const ranges = new WeakMap<Found, Range>();
  const found = createFoundAddresses();
  /** Open shadow roots found on the page: scanned, observed, and given to caret lookups. */
  const shadowRoots = new Set<ShadowRoot>();
  const elementAddresses = new WeakMap<Element, string[]>();
  const sourceElements = new Set<Element>();
  /** Places whose addresses do not count, as they are hidden. */
  const hidden = new Set<Text | Element>();
  /**
   * Elements at or above a place, across shadow roots: a change to one of them may show or hide a place,
   * a change to any other element cannot. Marked from a place upwards, up to the first marked already.
   */
  const aboveFound = new WeakSet<Element>();
  /** A text node read window by window, so a huge one (1 MB of `a.a@`) is not one long task. */
  let reading: TextBeingRead | null = null;

  function markAbove(from: Element | null) {
    for (let element = from; element && !aboveFound.has(element); element = composedParent(element))
      aboveFound.add(element);
  }

  /** The addresses of a place count, if it is shown (`box`: its element, a text's parent). */
  function count(place: Text | Element, box: Element, addresses: readonly string[]) {
    markAbove(box);
    if (!isShown(box)) hidden.add(place);
    else for (const address of addresses) found.add(address);
  }

  function uncount(place: Text | Element, addresses: readonly string[]) {
    if (hidden.delete(place)) return;
    for (const address of addresses) found.remove(address);
  }

  /** Judges a place shown or hidden anew: its addresses come into the list, or leave it. */
  function recount(place: Text | Element) {
    // Forgotten since the sweep began (read again, or gone): nothing of it counts.
    const addresses =
      place instanceof Text ? textHits.get(place)?.map((hit) => hit.address) : elementAddresses.get(place);
    const box = place instanceof Text ? place.parentElement : place;
    if (!addresses || !box || isShown(box) === !hidden.has(place)) return;
    if (hidden.delete(place)) for (const address of addresses) found.add(address);
    else {
      hidden.add(place);
      for (const address of addresses) found.remove(address);
    }
  }

  function forgetText(node: Text) {
    const hits = textHits.get(node);
    if (!hits) return;
    underlines.forget(node);
    textHits.delete(node);
    uncount(
      node,
      hits.map((hit) => hit.address),
    );
  }

  function forgetElement(element: Element) {
    const addresses = elementAddresses.get(element);
    if (addresses === undefined) return;
    elementAddresses.delete(element);
    sourceElements.delete(element);
    uncount(element, addresses);
  }

  /** Reads the next window of the text being read; once all of it is read, its addresses are kept. */
  function readWindow() {
    const text = reading as TextBeingRead;
    // A long text's look for the markers is a piece of its own: it goes over all of it (about 4 ms a MB).
    if (text.next < 0) {
      text.next = 0;
      if (!mayHoldAddress(text.data)) reading = null;
      return;
    }
    // Changed or removed since an earlier window: its mutation record has queued it again, or it is gone.
    if (text.next > 0 && (!text.node.isConnected || text.node.data !== text.data)) {
      reading = null;
      return;
    }
    const to = Math.min(text.data.length, text.next + TEXT_WINDOW);
    // findEmails reads only the window and the few thousand characters around it that an address in it can
    // reach, so each window costs the same wherever it lies in the text.
    text.hits.push(...findEmails(text.data, text.next, to));
    text.next = to;
    if (to < text.data.length) return;
    reading = null;
    if (text.hits.length === 0) return;
    textHits.set(text.node, text.hits);
    count(
      text.node,
      text.node.parentElement as Element,
      text.hits.map((hit) => hit.address),
    );
    underlines.set(text.node, text.hits);
  }

  return {
    forgetText,

    /**
     * Reads a text node's addresses anew: at once if it is one window long; a longer one is judged and read
     * by `readWindow`, one piece a call, while `reading`.
     */
    readText(node: Text) {
      const data = node.data;
      const long = data.length > TEXT_WINDOW;
      // Most text holds no address: a look for the markers, before anything costlier. (A changed text was
      // forgotten when its mutation was recorded, so only a node moved elsewhere can still have hits here.)
      if (!long && !mayHoldAddress(data)) return;
      forgetText(node);
      const parent = node.parentElement;
      if (!parent || isSkippedText(parent)) return;
      reading = { node, data, next: long ? -1 : 0, hits: [] };
      if (!long) readWindow();
    },
    readWindow,
    /** A long text is being read: its next piece is waiting. */
    get reading() {
      return reading !== null;
    },

    /** Reads an element's addresses anew: an attribute that changed may no longer hold one. */
    readElement(element: Element) {
      forgetElement(element);
      const addresses = new Set<string>();
      for (const source of sources)
        if (element.matches(source.selector))
          for (const address of source.read(element)) addresses.add(address);
      if (addresses.size === 0) return;
      const list = [...addresses];
      elementAddresses.set(element, list);
      sourceElements.add(element);
      count(element, element, list);
    },

    /**
     * Whether a change to this element's attributes may show or hide a place: it is one, or above one. An
     * element moved elsewhere with places under it is marked up its new ancestors, by `moved`.
     */
    isAboveFound: (element: Element) => aboveFound.has(element),

    /** A node the page put under `parent`: if places are under it, its new ancestors are above them. */
    moved(node: Node, parent: Node) {
      if (node instanceof Element && aboveFound.has(node))
        markAbove(parent instanceof ShadowRoot ? parent.host : (parent as Element));
    },

    /**
     * Looks at each place, one per call: forgets what was found in those no longer on the page, and judges
     * those under the `changed` elements shown or hidden anew. False once all are looked at.
     */
    sweep(changed: readonly Node[]): () => boolean {
      const places = [...textHits.keys(), ...sourceElements];
      let next = 0;
      return () => {
        const place = places[next++];
        if (place === undefined) return false;
        if (!place.isConnected) {
          if (place instanceof Text) forgetText(place);
          else forgetElement(place);
        } else if (changed.some((element) => isWithin(element, place))) recount(place);
        return true;
      };
    },

    /** Keeps the open shadow root of a custom element, and returns it; null if it has none, or it was kept. */
    keepShadowRoot(host: Element): ShadowRoot | null {
      const shadow = host.shadowRoot;
      if (!shadow || shadowRoots.has(shadow) || host.localName === ownHostTag) return null;
      shadowRoots.add(shadow);
      return shadow;
    },

    /** The open shadow roots found so far, for caret lookups that pierce them. */
    shadowRoots: () => [...shadowRoots].filter((shadow) => shadow.host.isConnected),

    /**
     * The address of an attribute source at or above an element (a few levels), or null: a link to several
     * recipients shows its first on hover; every one is in the tab's list.
     */
    addressOfElement(element: Element | null): { address: string; element: Element } | null {
      for (let current = element, depth = 0; current && depth < 6; current = current.parentElement, depth++) {
        const address = elementAddresses.get(current)?.[0];
        if (address) return { address, element: current };
      }
      return null;
    },

    /** The text match at a caret position, or null. */
    hitAt(node: Node, offset: number): TextHit | null {
      if (node.nodeType !== Node.TEXT_NODE) return null;
      const hit = textHits.get(node as Text)?.find((found) => offset >= found.start && offset < found.end);
      if (!hit) return null;
      let range = ranges.get(hit);
      if (!range) {
        range = document.createRange();
        range.setStart(node, hit.start);
        range.setEnd(node, hit.end);
        ranges.set(hit, range);
      }
      return { address: hit.address, range };
    },

    /** The distinct addresses in the order found, when one came or went since the last call; else null. */
    takeChanged: found.takeChanged,
  };
}

export type AddressIndex = ReturnType<typeof createAddressIndex>;
