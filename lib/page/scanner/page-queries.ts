import type { ElementRun } from './subtree-parts.ts';

/**
 * Custom elements, which is where open shadow roots are: found by XPath inside the browser, as touching
 * every element from script costs 2-5x a walk over all text (measured on the benchmark page).
 */
const CUSTOM_ELEMENTS = 'descendant-or-self::*[contains(local-name(), "-")]';
/**
 * Every text node at or under the context node. Which of them may hold an address is judged in script
 * (readable-text.ts): judging it inside the browser, by a `contains()` for each written form's marker, took
 * 450 ms for the benchmark page's 23,935 text nodes in Chromium 156 (each call about a microsecond a node),
 * where this query takes 2 ms and the script's test 20-35 ms.
 */
const TEXTS = 'descendant-or-self::text()';

/** Nodes a query found, read one by one (an XPath snapshot). */
export interface FoundNodes {
  readonly snapshotLength: number;
  snapshotItem(index: number): Node | null;
}

/** What the planner asks the browser about a part of the page: each is one call over all of the part. */
export interface PageQueries {
  /** The custom elements at or under a subtree, or in a run's elements and under them. */
  customElements(part: Element | ElementRun): FoundNodes;
  /** The text nodes at or under a subtree, or in a run's elements and under them. */
  texts(part: Element | ElementRun): FoundNodes;
}

/**
 * A run's elements, from its first: it and the siblings that follow, counted inside the browser, where
 * finding the run's position among its parent's children from script made a wrapper for every child before
 * it (19 ms on the benchmark page).
 */
const members = (run: ElementRun) => `(self::* | following-sibling::*[position() < ${run.elements.length}])`;

/** The page's queries by XPath, or null in a browser without it (the text is walked there). */
export function createPageQueries(): PageQueries | null {
  if (typeof document.createExpression !== 'function') return null;
  /** Compiled once, as they are evaluated for every subtree the page adds. */
  const customElements = document.createExpression(CUSTOM_ELEMENTS);
  const texts = document.createExpression(TEXTS);
  const snapshot = XPathResult.UNORDERED_NODE_SNAPSHOT_TYPE;
  const evaluate = (part: Element | ElementRun, path: string, compiled: XPathExpression) =>
    part instanceof Node
      ? compiled.evaluate(part, snapshot)
      : document.evaluate(`${members(part)}/${path}`, part.elements[0] as Element, null, snapshot);

  return {
    customElements: (part) => evaluate(part, CUSTOM_ELEMENTS, customElements),
    texts: (part) => evaluate(part, TEXTS, texts),
  };
}
