/**
 * Cuts a large subtree into parts the scanner reads one at a time, so that no single call into the browser
 * over a part (an XPath or a selector query) is a long task: a whole 28,000-element page took 15 ms for its
 * text alone as it loaded. A part is a subtree small enough, a text node, or a run of consecutive element
 * children of one parent, which one query reads together (one query per small child would cost more).
 */

import { MAX_CHILDREN_COUNTED } from '@/lib/limits.ts';

/** Consecutive element children of one parent, read together. */
export interface ElementRun {
  parent: Element;
  elements: Element[];
}

export type SubtreePart = Node | ElementRun;

export function isElementRun(part: SubtreePart): part is ElementRun {
  return !(part instanceof Node);
}

/** Elements at and under a root (one count inside the browser). */
export function elementCount(root: Element | Document): number {
  return root.getElementsByTagName('*').length + (root instanceof Element ? 1 : 0);
}

/**
 * The parts of a root of `size` elements, more than `maxElements`, in document order: its children, those
 * too large cut in turn when they are read, small neighbours gathered into runs of about `maxElements`.
 * The sizes it counts go into `sizes`, so that a part cut in turn is not counted again.
 */
export function splitSubtree(
  root: Element | Document,
  size: number,
  maxElements: number,
  sizes: WeakMap<Node, number>,
): SubtreePart[] {
  const parts: SubtreePart[] = [];
  if (!(root instanceof Element)) {
    // A document's elements are all its root element's.
    if (root.documentElement) sizes.set(root.documentElement, size);
    for (let child = root.firstChild; child; child = child.nextSibling) parts.push(child);
    return parts;
  }
  const counted = root.childElementCount <= MAX_CHILDREN_COUNTED;
  const typicalSize = Math.max(1, Math.round(size / Math.max(1, root.childElementCount)));
  let run: ElementRun | null = null;
  let runSize = 0;
  for (let child = root.firstChild; child; child = child.nextSibling) {
    if (!(child instanceof Element)) {
      parts.push(child);
      continue;
    }
    const childSize = counted ? elementCount(child) : typicalSize;
    if (counted) sizes.set(child, childSize);
    if (childSize > maxElements) {
      run = null;
      parts.push(child);
      continue;
    }
    if (!run || runSize + childSize > maxElements) {
      run = { parent: root, elements: [] };
      runSize = 0;
      parts.push(run);
    }
    run.elements.push(child);
    runSize += childSize;
  }
  return parts;
}

/**
 * Where a run stands among its parent's element children now (1-based, as `:nth-child()` and XPath count),
 * or null when the page has moved its elements apart since it was cut: its elements are then read one by one.
 */
export function runPosition(run: ElementRun): { first: number; last: number } | null {
  const [first] = run.elements;
  if (!first || first.parentElement !== run.parent) return null;
  // Searched inside the browser: a walk over the siblings before it made a wrapper for each.
  const position = Array.prototype.indexOf.call(run.parent.children, first) + 1;
  let expected: Element | null = first;
  for (const element of run.elements) {
    if (element !== expected) return null;
    expected = element.nextElementSibling;
  }
  return { first: position, last: position + run.elements.length - 1 };
}
