// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FIRST_ELEMENTS_PER_PART, SMALL_MUTATION_BATCH, TEXTS_PER_UNIT } from '#extension/limits.ts';
import { addressSources } from '#page/sources/index.ts';
import { AddressIndex } from './address-index.ts';
import type { FoundNodes, PageQueries } from './page-queries.ts';
import { Planner } from './planner.ts';
import { DONE, LARGE, UNIT, WAIT } from './scheduler.ts';
import { type ElementRun, elementCount } from './subtree-parts.ts';

afterEach(() => {
  document.body.innerHTML = '';
});

const sources = addressSources({ gmailIntegration: false, outlookIntegration: false }, 'example.com');

/**
 * The page's queries answered by a walk (happy-dom has no XPath), each query's element count kept: what
 * the browser would be asked, and over how much of the page. A run is read as page-queries.ts reads
 * it, from its first element over the siblings that follow it, wherever that element now is.
 */
function walkedQueries() {
  const textQueries: number[] = [];
  const hostQueries: number[] = [];
  const rootsOf = (part: Element | ElementRun) => {
    if (part instanceof Node) return [part];
    const members: Element[] = [];
    for (
      let e = part.elements[0] ?? null;
      e && members.length < part.elements.length;
      e = e.nextElementSibling
    )
      members.push(e);
    return members;
  };
  const sizeOf = (part: Element | ElementRun) =>
    rootsOf(part).reduce((sum, root) => sum + elementCount(root), 0);
  const found = (nodes: Node[]): FoundNodes => ({
    snapshotLength: nodes.length,
    snapshotItem: (i) => nodes[i] ?? null,
  });
  const under = (root: Element, what: number) => {
    const nodes: Node[] = what === NodeFilter.SHOW_ELEMENT ? [root] : [];
    const walker = document.createTreeWalker(root, what);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) nodes.push(node);
    return nodes;
  };
  const queries: PageQueries = {
    customElements: (part) => {
      hostQueries.push(sizeOf(part));
      return found(
        rootsOf(part)
          .flatMap((root) => under(root, NodeFilter.SHOW_ELEMENT))
          .filter((element) => (element as Element).localName.includes('-')),
      );
    },
    texts: (part) => {
      textQueries.push(sizeOf(part));
      return found(rootsOf(part).flatMap((root) => under(root, NodeFilter.SHOW_TEXT)));
    },
  };
  return { queries, textQueries, hostQueries };
}

/** A planner over a real index, with what it reads kept in order: `text:` a text's data, `element:` a tag. */
function plannerOver(queries: PageQueries | null) {
  const index = new AddressIndex(sources, { set: () => {}, forget: () => {} });
  const read: string[] = [];
  const readText = index.readText.bind(index);
  index.readText = (node) => {
    read.push(`text:${node.data}`);
    return readText(node);
  };
  const readElement = index.readElement.bind(index);
  index.readElement = (element) => {
    read.push(`element:${element.localName}`);
    readElement(element);
  };
  const onShadowRoot = vi.fn();
  const planner = new Planner(index, queries, sources, onShadowRoot);
  /** Advances until nothing is left, every piece allowed; what each advance did. */
  const readAll = () => {
    const progress = [];
    for (let step = planner.advance(() => true); step !== DONE; step = planner.advance(() => true))
      progress.push(step);
    return progress;
  };
  return { index, planner, read, onShadowRoot, readAll };
}

describe('planner', () => {
  it("reads a part's text in page order, its attribute sources after all of it, and the sweep last", () => {
    document.body.innerHTML =
      '<p>first@example.com</p><a href="mailto:linked@example.org">Linked</a><p>last@example.com</p>';
    const { planner, read, index, readAll } = plannerOver(walkedQueries().queries);
    planner.add(document.body);
    const progress = readAll();
    expect(read).toEqual(['text:first@example.com', 'text:Linked', 'text:last@example.com', 'element:a']);
    // Three calls over the part (sources, shadow hosts, texts), then units: texts up to one with a marker
    // each (`Linked` read with the last), then a source each.
    expect(progress).toEqual([LARGE, LARGE, LARGE, UNIT, UNIT, UNIT]);
    expect(index.takeChanged()).toEqual(['first@example.com', 'last@example.com', 'linked@example.org']);

    document.querySelector('p')?.remove();
    planner.sweepSoon();
    readAll();
    expect(index.takeChanged()).toEqual(['last@example.com', 'linked@example.org']);
  });

  it('reads texts without a marker several to a unit, so the scheduler turns once for many', () => {
    document.body.innerHTML = Array.from(
      { length: TEXTS_PER_UNIT * 2 + 1 },
      (_, i) => `<p>plain text ${i}</p>`,
    ).join('');
    const { planner, read, readAll } = plannerOver(walkedQueries().queries);
    planner.add(document.body);
    expect(readAll()).toEqual([LARGE, LARGE, LARGE, UNIT, UNIT, UNIT]);
    expect(read).toHaveLength(TEXTS_PER_UNIT * 2 + 1);
  });

  it('starts no call over a part when the scheduler says it is too late for one', () => {
    document.body.innerHTML = '<p>first@example.com</p>';
    const { planner, read } = plannerOver(walkedQueries().queries);
    planner.add(document.body);
    expect(planner.advance(() => false)).toBe(WAIT);
    expect(read).toEqual([]);
  });

  it('reads the text of a subtree larger than a part in one pass, once in order, and queries it in parts', () => {
    const rows = FIRST_ELEMENTS_PER_PART + 500;
    const list = document.createElement('ul');
    list.innerHTML = Array.from({ length: rows }, (_, i) => `<li>row${i}@example.com</li>`).join('');
    document.body.append(list);
    const { queries, textQueries, hostQueries } = walkedQueries();
    const { planner, read, readAll } = plannerOver(queries);
    planner.add(list);
    readAll();
    expect(hostQueries.length).toBeGreaterThan(1);
    expect(Math.max(...hostQueries)).toBeLessThanOrEqual(FIRST_ELEMENTS_PER_PART);
    expect(textQueries).toEqual([]);
    expect(read).toEqual(Array.from({ length: rows }, (_, i) => `text:row${i}@example.com`));
  });

  it('stops reading the text of a large subtree the page took away', () => {
    const rows = FIRST_ELEMENTS_PER_PART + 500;
    const list = document.createElement('ul');
    list.innerHTML = Array.from({ length: rows }, (_, i) => `<li>row${i}@example.com</li>`).join('');
    document.body.append(list);
    const { planner, read } = plannerOver(walkedQueries().queries);
    planner.add(list);
    while (read.length < 10) expect(planner.advance(() => true)).not.toBe(DONE);
    list.remove();
    while (planner.advance(() => true) !== DONE) {}
    expect(read).toEqual(Array.from({ length: 10 }, (_, i) => `text:row${i}@example.com`));
  });

  it('reads in full a part of a large subtree that the page puts back after the subtree was read', () => {
    const page = document.createElement('main');
    const rows = Array.from({ length: FIRST_ELEMENTS_PER_PART + 10 }, () => '<li>row</li>').join('');
    page.innerHTML = `<p>before@example.com</p><ul>${rows}</ul>`;
    document.body.append(page);
    const { planner, read, readAll } = plannerOver(walkedQueries().queries);
    planner.add(page);
    readAll();
    const list = page.querySelector('ul') as HTMLUListElement;
    list.remove();
    (list.firstElementChild as Element).textContent = 'back@example.com';
    page.append(list);
    // What the page's observer does with a node the page added.
    planner.add(list);
    read.length = 0;
    readAll();
    expect(read).toContain('text:back@example.com');
  });

  it('reads in full a part the page took away before it was queried, once the page puts it back', () => {
    const page = document.createElement('main');
    const rows = Array.from({ length: FIRST_ELEMENTS_PER_PART + 10 }, () => '<li>row</li>').join('');
    page.innerHTML = `<p>before@example.com</p><ul>${rows}</ul>`;
    document.body.append(page);
    const { planner, read, readAll } = plannerOver(walkedQueries().queries);
    planner.add(page);
    // The iterator reads all of the text, then the page is cut into parts: the list, one of its own, waits
    // for its queries.
    while (read.length < FIRST_ELEMENTS_PER_PART + 11) expect(planner.advance(() => true)).not.toBe(DONE);
    while (planner.advance(() => true) !== LARGE) {}
    const list = page.querySelector('ul') as HTMLUListElement;
    list.remove();
    readAll();
    (list.firstElementChild as Element).textContent = 'back@example.com';
    page.append(list);
    planner.add(list);
    read.length = 0;
    readAll();
    expect(read).toContain('text:back@example.com');
  });

  it('reads the sources that are themselves the elements of a run, as well as those under them', () => {
    const links = FIRST_ELEMENTS_PER_PART + 10;
    const list = document.createElement('nav');
    list.innerHTML = Array.from(
      { length: links },
      (_, i) =>
        `<a href="mailto:link${i}@example.com">Write</a><span><a href="mailto:in${i}@example.com">Write</a></span>`,
    ).join('');
    document.body.append(list);
    const { planner, index, readAll } = plannerOver(walkedQueries().queries);
    planner.add(list);
    readAll();
    expect(index.takeChanged()).toHaveLength(links * 2);
  });

  it('reads a run of added nodes one by one once the page has moved its first element away', () => {
    const list = document.createElement('div');
    const elsewhere = document.createElement('aside');
    document.body.append(list, elsewhere);
    const rows = SMALL_MUTATION_BATCH + 10;
    list.innerHTML = Array.from({ length: rows }, (_, i) => `<p>row${i}@example.com</p>`).join('');
    const { planner, read } = plannerOver(walkedQueries().queries);
    planner.addAll(list, list.childNodes);
    // Cutting the added nodes into runs, then the first run's query for its sources.
    expect(planner.advance(() => true)).toBe(LARGE);
    expect(planner.advance(() => true)).toBe(LARGE);
    elsewhere.append(list.firstElementChild as Element);
    while (planner.advance(() => true) !== DONE) {}
    expect([...read].sort()).toEqual(
      Array.from({ length: rows }, (_, i) => `text:row${i}@example.com`).sort(),
    );
  });

  it('queues an open shadow root after its part, to be read and observed like the page', () => {
    const host = document.createElement('contact-card');
    host.attachShadow({ mode: 'open' }).innerHTML = '<p>inside@example.com</p>';
    document.body.append(host, Object.assign(document.createElement('p'), { textContent: 'outside' }));
    const { planner, read, onShadowRoot, readAll } = plannerOver(walkedQueries().queries);
    planner.add(document.body);
    readAll();
    expect(onShadowRoot).toHaveBeenCalledWith(host.shadowRoot);
    expect(read).toEqual(['text:outside', 'text:inside@example.com']);
  });

  it('reads no comment, though it has data and was added like any node', () => {
    const { planner, read, readAll } = plannerOver(walkedQueries().queries);
    const comment = document.createComment('hidden@example.com');
    document.body.append(comment);
    planner.add(comment);
    readAll();
    expect(read).toEqual([]);
  });

  it('walks the text where the browser has no XPath, sources still read after it', () => {
    document.body.innerHTML = '<a href="mailto:linked@example.org">Linked</a><p>first@example.com</p>';
    const { planner, read, readAll } = plannerOver(null);
    planner.add(document.body);
    readAll();
    expect(read).toEqual(['text:Linked', 'text:first@example.com', 'element:a']);
  });
});
