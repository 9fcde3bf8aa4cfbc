/**
 * Whether a part of the page is shown: addresses in a hidden part do not count. Single-page apps keep pages
 * visited before in the document, hidden (Salesforce Lightning keeps up to five record pages, so a record's
 * addresses stayed on the badge after the person had moved to another); a tab's list holds what the person
 * can see, wherever they scroll.
 *
 * Judged by the browser's own `checkVisibility()`, which follows the computed style, whatever hides a part:
 * `display: none` (a class, a `style`, the `hidden` attribute), `content-visibility: hidden`, and, with
 * `visibilityProperty`, `visibility: hidden`. It needs the page's style, not its layout: no box is measured.
 * `aria-hidden` is not read: it hides a part from assistive technology, not from the eye.
 */

/** `checkVisibilityCSS` is the older name of `visibilityProperty`, the only one some browsers know. */
const SHOWN_OPTIONS = { visibilityProperty: true, checkVisibilityCSS: true };

/**
 * The attributes whose change may show or hide a part: a class or a style (a stylesheet's rule, or the
 * part's own), `hidden`, and `open` on `details`, whose closed content is not shown.
 */
export const SHOWING_ATTRIBUTES: readonly string[] = ['class', 'style', 'hidden', 'open'];

/**
 * Whether an element is shown. An element with no box of its own (`display: contents`) counts as shown
 * when its parent is, as a person sees its text. A browser without `checkVisibility` shows everything.
 */
export function isShown(element: Element): boolean {
  if (typeof element.checkVisibility !== 'function') return true;
  for (let current: Element | null = element; current; current = current.parentElement) {
    if (current.checkVisibility(SHOWN_OPTIONS)) return true;
    if (getComputedStyle(current).display !== 'contents') return false;
  }
  return false;
}

/** The element or shadow host above a node, across shadow roots. */
export function composedParent(node: Node): Element | null {
  if (node.parentElement) return node.parentElement;
  const parent = node.parentNode;
  return parent instanceof ShadowRoot ? parent.host : null;
}

/** Whether a node is at or under an ancestor, in its tree or in shadow roots under it. */
export function isWithin(ancestor: Node, node: Node): boolean {
  for (let current: Node | null = node; current; ) {
    if (ancestor.contains(current)) return true;
    const root = current.getRootNode();
    current = root instanceof ShadowRoot ? root.host : null;
  }
  return false;
}
