// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { type ElementRun, elementCount, isElementRun, splitSubtree } from './subtree-parts.ts';

afterEach(() => {
  document.body.innerHTML = '';
});

/** A list of `rows` items of `cells` spans each (1 + cells elements per item). */
function list(rows: number, cells: number): HTMLElement {
  const ul = document.createElement('ul');
  ul.innerHTML = Array.from({ length: rows }, () => `<li>${'<span>x</span>'.repeat(cells)}</li>`).join('');
  return ul;
}

describe('splitSubtree', () => {
  it('gathers small neighbours into runs of at most the limit, in order, and keeps text apart', () => {
    const ul = list(10, 2);
    ul.insertBefore(document.createTextNode('intro'), ul.children[5] as Element);
    document.body.append(ul);
    const parts = splitSubtree(ul, elementCount(ul), 7, new WeakMap());
    // Runs are of element siblings: a text between two elements is read on its own, not a break in a run.
    expect(parts.map((part) => (isElementRun(part) ? part.elements.length : (part as Text).data))).toEqual([
      2,
      2,
      2,
      'intro',
      2,
      2,
    ]);
    const runs = parts.filter(isElementRun);
    expect(
      runs.every((run) => run.elements.reduce((sum, element) => sum + elementCount(element), 0) <= 7),
    ).toBe(true);
    expect(runs.flatMap((run) => run.elements)).toEqual([...ul.children]);
  });

  it('leaves a child larger than the limit whole, to be cut when it is read', () => {
    const section = document.createElement('section');
    section.append(list(1, 1), list(20, 1), list(1, 1));
    document.body.append(section);
    const [before, large, after] = splitSubtree(section, elementCount(section), 10, new WeakMap());
    expect(isElementRun(before as ElementRun)).toBe(true);
    expect(large).toBe(section.children[1]);
    expect((after as ElementRun).elements).toEqual([section.children[2]]);
  });

  it('cuts a parent of very many children into runs by their number', () => {
    const ul = list(200, 1);
    document.body.append(ul);
    const runs = splitSubtree(ul, elementCount(ul), 100, new WeakMap()).filter(isElementRun);
    expect(runs.map((run) => run.elements.length)).toEqual([50, 50, 50, 50]);
    expect(runs.flatMap((run) => run.elements)).toEqual([...ul.children]);
  });

  it('takes the last child’s size from what the others leave, counting each level once', () => {
    const html = document.createElement('div');
    html.innerHTML = `<header><b>x</b></header><main>${'<p><b>x</b></p>'.repeat(30)}</main>`;
    document.body.append(html);
    const sizes = new WeakMap<Node, number>();
    const [header, main] = splitSubtree(html, elementCount(html), 10, sizes);
    expect(sizes.get(main as Element)).toBe(elementCount(main as Element));
    expect(sizes.get((header as ElementRun).elements[0] as Element)).toBe(2);
  });
});
