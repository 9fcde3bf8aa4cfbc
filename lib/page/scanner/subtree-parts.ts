/**
 * Cuts a large subtree into parts the scanner reads one at a time, so that no single call into the browser
 * over a part (an XPath or a selector query) is a long task: a whole 28,000-element page took 15 ms for its
 * text alone as it loaded. A part is a subtree small enough, a text node, or a run of consecutive element
 * children of one parent, which one query reads together (one query per small child would cost more).
 */

import { MAX_CHILDREN_COUNTED } from '#extension/limits.ts';

/** Consecutive element children of one parent, read together. */
export interface ElementRun {
  parent: Element;
  elements: Element[];
  /** Their elements (counted, or estimated for a parent of many children). */
  size: number;
}

/**
 * Nodes the page added to a parent at once (one mutation record's, next to each other), cut into parts a
 * chunk at a time as the scan comes to them: the mutation callback runs inside the page's own task.
 */
export interface AddedNodes {
  parent: Element;
  nodes: NodeList;
  /** The first node not yet cut into parts. */
  next: number;
  /** Elements per added element, taken alike: the parent's elements shared among its children. */
  typicalSize: number;
}

export type SubtreePart = Node | ElementRun | AddedNodes;

export function isAddedNodes(part: SubtreePart): part is AddedNodes {
  return !(part instanceof Node) && 'nodes' in part;
}

// A form element has `elements` of its own: a node is never a run.
export function isElementRun(part: SubtreePart): part is ElementRun {
  return !(part instanceof Node) && 'elements' in part;
}

/** Elements at and under a root (one count inside the browser). */
export function elementCount(root: Element): number {
  return root.getElementsByTagName('*').length + 1;
}

/**
 * The parts of a root of `size` elements, more than `maxElements`, in document order: its children, those
 * too large cut in turn when they are read, small neighbours gathered into runs of about `maxElements`.
 * The sizes it counts go into `sizes`, so that a part cut in turn is not counted again. The last child is
 * not counted: it holds what the others leave of the root, so a page's chain of single large children
 * (`html > body > main`) costs one count, not one at each level.
 */
export function splitSubtree(
  root: Element,
  size: number,
  maxElements: number,
  sizes: WeakMap<Node, number>,
): SubtreePart[] {
  const counted = root.childElementCount <= MAX_CHILDREN_COUNTED;
  const typicalSize = Math.max(1, Math.round(size / Math.max(1, root.childElementCount)));
  const last = root.lastElementChild;
  let sizedSoFar = 0;
  return groupSiblings(root, root.childNodes, maxElements, (child) => {
    if (!counted) return typicalSize;
    const childSize = child === last ? Math.max(1, size - 1 - sizedSoFar) : elementCount(child);
    sizedSoFar += childSize;
    sizes.set(child, childSize);
    return childSize;
  });
}

/**
 * Nodes the page added at once, as a part that is cut later: counting each of 10,000 added rows' elements
 * cost 46 ms, so they are taken to be alike in size (one count of the parent's elements).
 */
export function addedNodes(parent: Element, nodes: NodeList): AddedNodes {
  const typicalSize = Math.max(1, Math.round(elementCount(parent) / Math.max(1, parent.childElementCount)));
  return { parent, nodes, next: 0, typicalSize };
}

/** The parts of the next `count` added nodes, in document order; the added nodes move past them. */
export function cutAddedNodes(added: AddedNodes, count: number, maxElements: number): SubtreePart[] {
  const until = Math.min(added.nodes.length, added.next + count);
  const chunk = Array.prototype.slice.call(added.nodes, added.next, until) as Node[];
  added.next = until;
  return groupSiblings(added.parent, chunk, maxElements, () => added.typicalSize);
}

/** Siblings in document order, element neighbours gathered into runs; larger elements and others on their own. */
function groupSiblings(
  parent: Element,
  siblings: Iterable<Node>,
  maxElements: number,
  sizeOf: (element: Element) => number,
): SubtreePart[] {
  const parts: SubtreePart[] = [];
  let run: ElementRun | null = null;
  for (const child of siblings) {
    if (!(child instanceof Element)) {
      parts.push(child);
      continue;
    }
    const childSize = sizeOf(child);
    if (childSize > maxElements) {
      run = null;
      parts.push(child);
      continue;
    }
    if (!run || run.size + childSize > maxElements) {
      run = { parent, elements: [], size: 0 };
      parts.push(run);
    }
    run.elements.push(child);
    run.size += childSize;
  }
  return parts;
}
