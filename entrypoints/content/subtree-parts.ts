/**
 * Cuts a large subtree into parts the scanner reads one at a time, so that no single call into the browser
 * over a part (an XPath or a selector query) is a long task: a whole 28,000-element page took 15 ms for its
 * text alone as it loaded. A part is a subtree small enough, a text node, or a run of consecutive element
 * children of one parent, which one query reads together (one query per small child would cost more).
 */

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
 * The parts of a root with more than `maxElements` elements, in document order: its children, those too
 * large cut in turn when they are read, small neighbours gathered into runs of at most `maxElements`.
 */
export function splitSubtree(root: Element | Document, maxElements: number): SubtreePart[] {
  const parts: SubtreePart[] = [];
  let run: ElementRun | null = null;
  let runSize = 0;
  for (let child = root.firstChild; child; child = child.nextSibling) {
    if (!(child instanceof Element) || !(root instanceof Element)) {
      parts.push(child);
      continue;
    }
    const size = elementCount(child);
    if (size > maxElements) {
      run = null;
      parts.push(child);
      continue;
    }
    if (!run || runSize + size > maxElements) {
      run = { parent: root, elements: [] };
      runSize = 0;
      parts.push(run);
    }
    run.elements.push(child);
    runSize += size;
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
  let position = 1;
  for (let sibling = first.previousElementSibling; sibling; sibling = sibling.previousElementSibling)
    position++;
  let expected: Element | null = first;
  for (const element of run.elements) {
    if (element !== expected) return null;
    expected = element.nextElementSibling;
  }
  return { first: position, last: position + run.elements.length - 1 };
}
