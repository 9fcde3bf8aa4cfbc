/**
 * Whether a page's words fit its layout, checked in the page (sent as source, so it stands alone: no
 * import, closure or named inner function). The rule, for the text-bearing elements of `root` (the card's
 * shadow root, or the document when null): each element drawn (Element.checkVisibility) with a non-blank text node of its own, or
 * a string its ::before/::after draws (the card draws its words so).
 * - clipped: the element's text reaches more than 1px past the padding box of the element, or of an
 *   ancestor, whose computed overflow on that axis is hidden or clip (text-overflow: ellipsis needs one);
 *   or, for words drawn by CSS, the element itself hides overflow and its scrollWidth/scrollHeight exceeds
 *   its clientWidth/clientHeight by more than 1px. In a document, text more than 1px past the body's right
 *   edge counts too: the popup's window is the body's width, however wide the tab that tests open it in.
 * - overlapping: the text boxes of two such elements, neither inside the other, share more than 1px in
 *   both directions.
 * - wrapped: a button's label lies on more than one line (its text's rects start more than half a line apart), or,
 *   for a label drawn by CSS, the button's content box is taller than 1.6 times its line height.
 * - address-broken: an address written as text (the popup's `page-address`, the bulk table's address column, a
 *   card's address line) goes on to another line after a character that is neither its `@` nor a dot: a label
 *   is split ("jane.doe+news@g" / "mail.com").
 * Each problem names the element by its text, so a failure says what to fix.
 */
export interface LayoutProblem {
  kind: 'clipped' | 'overlapping' | 'wrapped' | 'address-broken';
  text: string;
  /** For an overlap, the other element's text. */
  other?: string;
}

export function layoutProblems(root: ShadowRoot | null): LayoutProblem[] {
  const scope: ParentNode = root ?? document.body;
  const problems: LayoutProblem[] = [];
  const items: { element: Element; text: string; rects: DOMRect[] }[] = [];
  for (const element of scope.querySelectorAll('*')) {
    // Drawn at all: not hidden, nor in a closed <details> (its content is skipped, yet keeps boxes).
    if (!element.checkVisibility({ visibilityProperty: true, contentVisibilityAuto: true })) continue;
    const style = getComputedStyle(element);
    let text = '';
    const rects: DOMRect[] = [];
    for (const node of element.childNodes) {
      if (node.nodeType !== Node.TEXT_NODE || !node.textContent?.trim()) continue;
      text += node.textContent;
      const range = document.createRange();
      range.selectNodeContents(node);
      rects.push(...[...range.getClientRects()].filter((rect) => rect.width > 0 && rect.height > 0));
    }
    // A text rect spans the font's ascent and descent, which a CJK font makes taller than the line box
    // layout gives it; the line box is what must fit, so each rect keeps at most a line's height.
    const lineHeight = Number.parseFloat(style.lineHeight) || Number.parseFloat(style.fontSize) * 1.2;
    for (const [index, rect] of rects.entries()) {
      const height = Math.min(rect.height, lineHeight);
      rects[index] = new DOMRect(rect.x, rect.y + (rect.height - height) / 2, rect.width, height);
    }
    const drawn = ['::before', '::after']
      .map((pseudo) => getComputedStyle(element, pseudo).content)
      .filter((content) => /^".*\S.*"$|^attr\(/.test(content));
    if (drawn.length) {
      // The words themselves, to name the element: an attribute's value, or the string unquoted.
      text += drawn
        .map((content) => {
          const attribute = /^attr\(([\w-]+)\)$/.exec(content)?.[1];
          return attribute ? (element.getAttribute(attribute) ?? '') : content.slice(1, -1);
        })
        .join(' ');
      rects.push(...element.getClientRects()); // an inline element: a box per line
    }
    if (!text.trim() || rects.length === 0) continue;
    items.push({ element, text: text.trim().replace(/\s+/g, ' '), rects });
  }
  const bodyRight = root ? Number.POSITIVE_INFINITY : document.body.getBoundingClientRect().right;
  for (const { element, text, rects } of items) {
    let clipped = rects.some((rect) => rect.right > bodyRight + 1);
    for (let box: Element | null = element; box && !clipped; box = box.parentElement) {
      const style = getComputedStyle(box);
      const clipsX = /hidden|clip/.test(style.overflowX);
      const clipsY = /hidden|clip/.test(style.overflowY);
      if (!clipsX && !clipsY) continue;
      const outer = box.getBoundingClientRect();
      const left = outer.left + box.clientLeft;
      const top = outer.top + box.clientTop;
      clipped = rects.some(
        (rect) =>
          (clipsX && (rect.left < left - 1 || rect.right > left + box.clientWidth + 1)) ||
          (clipsY && (rect.top < top - 1 || rect.bottom > top + box.clientHeight + 1)),
      );
      if (box === element)
        clipped ||=
          (clipsX && box.scrollWidth > box.clientWidth + 1) ||
          (clipsY && box.scrollHeight > box.clientHeight + 1);
    }
    if (clipped) problems.push({ kind: 'clipped', text });
  }
  for (const [index, a] of items.entries()) {
    for (const b of items.slice(index + 1)) {
      if (a.element.contains(b.element) || b.element.contains(a.element)) continue;
      const overlaps = a.rects.some((one) =>
        b.rects.some(
          (two) =>
            Math.min(one.right, two.right) - Math.max(one.left, two.left) > 1 &&
            Math.min(one.bottom, two.bottom) - Math.max(one.top, two.top) > 1,
        ),
      );
      if (overlaps) problems.push({ kind: 'overlapping', text: a.text, other: b.text });
    }
  }
  for (const button of scope.querySelectorAll('button, [role="button"]')) {
    if (!button.checkVisibility({ visibilityProperty: true, contentVisibilityAuto: true })) continue;
    const tops: number[] = [];
    const walker = document.createTreeWalker(button, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent?.trim()) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const rect of range.getClientRects()) if (rect.height > 0) tops.push(rect.top);
    }
    const style = getComputedStyle(button);
    const lineHeight = Number.parseFloat(style.lineHeight) || Number.parseFloat(style.fontSize) * 1.2;
    const content =
      button.clientHeight - Number.parseFloat(style.paddingTop) - Number.parseFloat(style.paddingBottom);
    const wrapped = tops.length
      ? Math.max(...tops) - Math.min(...tops) > lineHeight / 2
      : content > 1.6 * lineHeight;
    if (wrapped) problems.push({ kind: 'wrapped', text: (button.textContent ?? '').trim() });
  }
  const addresses = scope.querySelectorAll(
    '[data-testid="page-address"], [data-column="address"], .wl-address',
  );
  for (const address of addresses) {
    if (!address.checkVisibility({ visibilityProperty: true, contentVisibilityAuto: true })) continue;
    // Each character's line, by the top of its box: a character more than half a line below the one before
    // starts a line, and the one before must be where an address may break.
    const lineHeight = Number.parseFloat(getComputedStyle(address).lineHeight) || 16;
    const walker = document.createTreeWalker(address, NodeFilter.SHOW_TEXT);
    let before = '';
    let top: number | null = null;
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (let index = 0; index < text.length; index++) {
        const range = document.createRange();
        range.setStart(node, index);
        range.setEnd(node, index + 1);
        const rect = [...range.getClientRects()].find((box) => box.width > 0 || box.height > 0);
        if (!rect) continue;
        if (top !== null && rect.top > top + lineHeight / 2 && before !== '@' && before !== '.')
          problems.push({
            kind: 'address-broken',
            text: address.textContent ?? '',
            other: `after "${before}"`,
          });
        top = rect.top;
        before = text[index] ?? '';
      }
    }
  }
  return problems;
}
