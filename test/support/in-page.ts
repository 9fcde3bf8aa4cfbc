/**
 * Functions evaluated in a page, by either driver (Playwright in Chromium, puppeteer in Firefox): each stands
 * alone, with no import and no closure, so that it can be sent to the page as source.
 */

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The box of the first occurrence of `needle` in the page's text, scrolled onto the screen first if it is
 * off it, as a function to evaluate in the page.
 */
export function textBox(needle: string): Box | null {
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const index = (node as Text).data.indexOf(needle);
    if (index === -1) continue;
    const range = document.createRange();
    range.setStart(node, index);
    range.setEnd(node, index + needle.length);
    let rect = range.getBoundingClientRect();
    if (rect.top < 0 || rect.bottom > innerHeight) {
      node.parentElement?.scrollIntoView({ block: 'center' });
      rect = range.getBoundingClientRect();
    }
    return { x: rect.x, y: rect.y, width: rect.width, height: rect.height };
  }
  return null;
}

/** Selects the first occurrence of `needle` in the page's text, as a person dragging over it would. */
export function selectText(needle: string): boolean {
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const index = (node as Text).data.indexOf(needle);
    if (index === -1) continue;
    getSelection()?.setBaseAndExtent(node, index, node, index + needle.length);
    return true;
  }
  return false;
}

/** Adds a focused target to paste into: a text area for plain text, an editable region for HTML. */
export function addPasteTarget(kind: 'text' | 'html'): void {
  document.getElementById('paste-here')?.remove();
  const target = document.createElement(kind === 'text' ? 'textarea' : 'div');
  target.id = 'paste-here';
  if (kind === 'html') target.contentEditable = 'true';
  document.body.append(target);
  target.focus();
}

/**
 * What a person reads in an element: its text, with the text CSS draws before each element (`content`,
 * a string or an attribute) in its place, as the hover card draws its words (components/words.ts).
 */
export function shownText(element: Element): string {
  let text = '';
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
  for (let node: Node | null = element; node; node = walker.nextNode()) {
    if (node.nodeType === Node.TEXT_NODE) {
      text += (node as Text).data;
      continue;
    }
    // Chromium gives the drawn string, quoted and escaped; Firefox gives `attr(name)` as written.
    const content = getComputedStyle(node as Element, '::before').content;
    const attribute = /^attr\(([\w-]+)\)$/.exec(content)?.[1];
    if (attribute) text += (node as Element).getAttribute(attribute) ?? '';
    else if (content.startsWith('"'))
      text += content
        .slice(1, -1)
        .replace(/\\([0-9a-fA-F]{1,6}) ?|\\(.)/g, (_, hex: string | undefined, character: string) =>
          hex ? String.fromCodePoint(Number.parseInt(hex, 16)) : character,
        );
  }
  return text;
}

/** Whether the extension has found and underlined `needle` (its highlight holds a range over that text). */
export function isUnderlined(needle: string): boolean {
  for (const range of CSS.highlights.get('webmail-lookup')?.keys() ?? []) {
    const node = range.startContainer;
    if (node instanceof Text && node.data.slice(range.startOffset, range.endOffset) === needle) return true;
  }
  return false;
}

/**
 * The box of the first element `selector` matches, scrolled onto the screen first if it is off it; null
 * without one, or while it has no size.
 */
export function elementBox(selector: string): Box | null {
  const element = document.querySelector(selector);
  if (!element) return null;
  let rect = element.getBoundingClientRect();
  if (rect.top < 0 || rect.bottom > innerHeight) {
    element.scrollIntoView({ block: 'center' });
    rect = element.getBoundingClientRect();
  }
  return rect.width && rect.height ? { x: rect.x, y: rect.y, width: rect.width, height: rect.height } : null;
}

/** What a page shows in a form field: what it holds, and whether a person may change it. */
export interface Field {
  value: string;
  disabled: boolean;
  checked: boolean;
}

/** The field `selector` matches first, or null. */
export function fieldOf(selector: string): Field | null {
  const input = document.querySelector<HTMLInputElement>(selector);
  return input && { value: input.value, disabled: input.disabled, checked: input.checked };
}

/**
 * Counts, in the page, each time a card's host is added to it from now (the content script shows the card
 * by adding its host, and hides it by taking the host out).
 */
export function watchForCards(): void {
  const page = window as unknown as { cardsShown: number };
  page.cardsShown = 0;
  new MutationObserver((records) => {
    for (const record of records) page.cardsShown += record.addedNodes.length;
  }).observe(document.documentElement, { childList: true });
}

/** How many times a card was shown since `watchForCards`. */
export function cardsShown(): number {
  return (window as unknown as { cardsShown: number }).cardsShown;
}

/** The page's own markup, the extension's card (a child of <html>) aside. */
export function pageMarkup(): string {
  return document.head.outerHTML + document.body.outerHTML;
}

/** The page's markup as served, parsed afresh: what the page's own nodes are before anything touches them. */
export async function servedMarkup(): Promise<string> {
  const parsed = new DOMParser().parseFromString(await (await fetch(location.href)).text(), 'text/html');
  return parsed.head.outerHTML + parsed.body.outerHTML;
}

/** The popup's list of the tab's addresses, sorted. */
export function popupAddresses(): string[] {
  return [...document.querySelectorAll('[data-testid="page-address"]')]
    .map((item) => item.textContent?.trim() ?? '')
    .sort();
}
