// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { TEXT_WINDOW } from '#extension/limits.ts';
import { addressSources } from '#page/sources/index.ts';
import type { Stretch } from '#page/underlines.ts';
import { AddressIndex } from './address-index.ts';

afterEach(() => {
  document.body.innerHTML = '';
});

/** An index over the page's mailto links, with the underlines it asks for kept by text node. */
function indexWithUnderlines(ownHostTag = '') {
  const underlined = new Map<Text, readonly Stretch[]>();
  const index = new AddressIndex(
    addressSources({ gmailIntegration: false, outlookIntegration: false }, 'example.com'),
    {
      set: (node, _box, stretches) => underlined.set(node, stretches),
      forget: (node) => underlined.delete(node),
    },
    ownHostTag,
  );
  return { index, underlined };
}

/** A paragraph of `text` on the page, and its text node. */
function paragraph(text: string): Text {
  const p = document.createElement('p');
  p.textContent = text;
  document.body.append(p);
  return p.firstChild as Text;
}

/** Reads a text to the end, window by window as the planner does; how many windows it took. */
function readWhole(index: AddressIndex, text: Text): number {
  index.readText(text);
  let windows = 0;
  for (; index.reading; windows++) index.readWindow();
  return windows;
}

describe('address index', () => {
  it('keeps where in a text an address is, underlines it, and answers a hover over it', () => {
    const { index, underlined } = indexWithUnderlines();
    const text = paragraph('Write to jane@example.com today');
    index.readText(text);
    const start = text.data.indexOf('jane');
    expect(underlined.get(text)).toEqual([{ address: 'jane@example.com', start, end: start + 16 }]);
    const hit = index.hitAt(text, start + 3);
    expect(hit?.address).toBe('jane@example.com');
    expect(hit?.range.toString()).toBe('jane@example.com');
    expect(index.hitAt(text, 0)).toBeNull();
    expect(index.takeChanged()).toEqual(['jane@example.com']);
  });

  it('counts an address once however many places hold it, and forgets it with the last', () => {
    const { index } = indexWithUnderlines();
    const first = paragraph('jane@example.com');
    const second = paragraph('Again: jane@example.com');
    index.readText(first);
    index.readText(second);
    expect(index.takeChanged()).toEqual(['jane@example.com']);
    index.forgetText(first);
    expect(index.takeChanged()).toBeNull();
    index.forgetText(second);
    expect(index.takeChanged()).toEqual([]);
  });

  it('reads an attribute source anew when it changes', () => {
    const { index } = indexWithUnderlines();
    document.body.innerHTML = '<div><a href="mailto:bob@example.org"><span>Bob</span></a></div>';
    const link = document.querySelector('a') as HTMLAnchorElement;
    index.readElement(link);
    expect(index.addressOfElement(link.querySelector('span'))).toEqual({
      address: 'bob@example.org',
      element: link,
    });
    expect(index.takeChanged()).toEqual(['bob@example.org']);
    link.href = 'https://example.org/';
    index.readElement(link);
    expect(index.addressOfElement(link)).toBeNull();
    expect(index.takeChanged()).toEqual([]);
  });

  it('forgets, on a sweep, what was found in texts and elements no longer on the page', () => {
    const { index, underlined } = indexWithUnderlines();
    const kept = paragraph('kept@example.com');
    const gone = paragraph('gone@example.com');
    document.body.insertAdjacentHTML('beforeend', '<a href="mailto:left@example.org">Left</a>');
    const link = document.querySelector('a') as HTMLAnchorElement;
    index.readText(kept);
    index.readText(gone);
    index.readElement(link);
    index.takeChanged();
    gone.parentElement?.remove();
    link.remove();
    const sweep = index.sweep([]);
    while (sweep()) {}
    expect(index.takeChanged()).toEqual(['kept@example.com']);
    expect([...underlined.keys()]).toEqual([kept]);
  });

  it('counts no address of a hidden part, and judges the places under a changed element anew', () => {
    const { index, underlined } = indexWithUnderlines();
    document.body.innerHTML = `
      <section id="before" style="display: none"><p>mara@example.com</p><a href="mailto:old@example.org">Old</a></section>
      <section id="now"><p>rosa@example.com</p></section>`;
    const before = document.getElementById('before') as HTMLElement;
    const now = document.getElementById('now') as HTMLElement;
    const texts = [...document.querySelectorAll('p')].map((p) => p.firstChild as Text);
    for (const text of texts) index.readText(text);
    index.readElement(document.querySelector('a') as Element);
    expect(index.takeChanged()).toEqual(['rosa@example.com']);
    // Still known where they are, as hidden text is: a hover never finds it, and the underline has no box.
    expect(underlined.size).toBe(2);
    expect(index.isAboveFound(before)).toBe(true);
    expect(index.isAboveFound(document.body)).toBe(true);

    // The page swaps them, as Lightning does when the person goes back to the record before.
    before.style.display = '';
    now.style.display = 'none';
    const sweep = index.sweep([before, now]);
    while (sweep()) {}
    expect(index.takeChanged()).toEqual(['mara@example.com', 'old@example.org']);

    // Forgetting a hidden place takes away nothing that counts.
    before.style.display = 'none';
    const again = index.sweep([before]);
    while (again()) {}
    expect(index.takeChanged()).toEqual([]);
    index.forgetText(texts[0] as Text);
    expect(index.takeChanged()).toBeNull();
  });

  it('judges anew only the places under the elements changed', () => {
    const { index } = indexWithUnderlines();
    document.body.innerHTML =
      '<div id="one"><p>one@example.com</p></div><div id="two"><p>two@example.com</p></div>';
    for (const p of document.querySelectorAll('p')) index.readText(p.firstChild as Text);
    index.takeChanged();
    (document.getElementById('one') as HTMLElement).style.display = 'none';
    (document.getElementById('two') as HTMLElement).style.display = 'none';
    const sweep = index.sweep([document.getElementById('one') as Element]);
    while (sweep()) {}
    expect(index.takeChanged()).toEqual(['two@example.com']);
  });

  it('marks the new ancestors of an element moved with places under it', () => {
    const { index } = indexWithUnderlines();
    document.body.innerHTML = '<div id="from"><p>jane@example.com</p></div><div id="to"></div>';
    index.readText(document.querySelector('p')?.firstChild as Text);
    const to = document.getElementById('to') as Element;
    expect(index.isAboveFound(to)).toBe(false);
    const p = document.querySelector('p') as Element;
    to.append(p);
    index.moved(p, to);
    expect(index.isAboveFound(to)).toBe(true);
  });

  it('reads a long text window by window, and keeps its addresses once all of it is read', () => {
    const { index } = indexWithUnderlines();
    const text = paragraph(`${'word '.repeat(TEXT_WINDOW / 2)}jane@example.com`);
    index.readText(text);
    expect(index.reading).toBe(true);
    expect(index.takeChanged()).toBeNull();
    let windows = 0;
    for (; index.reading; windows++) index.readWindow();
    // Its look for markers, then each window of it.
    expect(windows).toBe(1 + Math.ceil(text.data.length / TEXT_WINDOW));
    expect(index.takeChanged()).toEqual(['jane@example.com']);
  });

  it('drops a long text that changed while it was read: its change has queued it again', () => {
    const { index } = indexWithUnderlines();
    const text = paragraph(`jane@example.com ${'word '.repeat(TEXT_WINDOW / 2)}`);
    index.readText(text);
    index.readWindow();
    index.readWindow();
    text.data = `${text.data} bob@example.org`;
    index.readWindow();
    expect(index.reading).toBe(false);
    expect(index.takeChanged()).toBeNull();
    readWhole(index, text);
    expect(index.takeChanged()).toEqual(['jane@example.com', 'bob@example.org']);
  });

  it("does not read fields, styles or the person's draft, but reads a read-only island in it", () => {
    const { index } = indexWithUnderlines();
    document.body.innerHTML = `
      <textarea>typed@example.com</textarea>
      <style>/* styled@example.com */</style>
      <div contenteditable="true">draft@example.com <span contenteditable="false">island@example.com</span></div>`;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) readWhole(index, node as Text);
    expect(index.takeChanged()).toEqual(['island@example.com']);
  });

  it("keeps each open shadow root once, and never the extension's own card's", () => {
    const { index } = indexWithUnderlines('lookup-card');
    const host = document.createElement('contact-card');
    const shadow = host.attachShadow({ mode: 'open' });
    const card = document.createElement('lookup-card');
    card.attachShadow({ mode: 'open' });
    document.body.append(host, card);
    expect(index.keepShadowRoot(host)).toBe(shadow);
    expect(index.keepShadowRoot(host)).toBeNull();
    expect(index.keepShadowRoot(card)).toBeNull();
    expect(index.shadowRoots()).toEqual([shadow]);
    host.remove();
    expect(index.shadowRoots()).toEqual([]);
  });
});
