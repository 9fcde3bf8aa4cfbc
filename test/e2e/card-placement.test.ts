import { describe, expect, it } from 'vitest';
import { BROWSERS, type PageDriver } from '../support/driver.ts';
import { useBrowserStack } from '../support/extension-stack.ts';

/**
 * The hover card is wholly in the window wherever the address is: below it where there is room, above it
 * near the bottom, shifted sideways at the left and right edges, and no taller than the window (scrolling
 * inside itself) in a small window or at 200 % zoom. Its controls are where a person can press them.
 */

/**
 * Where each address sits: fixed to an edge of the window, whatever its size. The address at the bottom is
 * the only one at its domain: its card is first shown loading (short) and grows when the answer arrives.
 */
const EDGES = {
  'top@gmail.com': 'top: 2px; left: 45%',
  'bottom@workspace-customer.example.com': 'bottom: 2px; left: 8px',
  'left@gmail.com': 'top: 40%; left: 0',
  'right@gmail.com': 'top: 40%; right: 0',
  'corner@gmail.com': 'bottom: 2px; right: 0',
} as const;
type Address = keyof typeof EDGES;

const EDGE_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8" /><title>Addresses at the edges</title></head>
<body style="font: 16px/1.5 sans-serif; margin: 0">
${Object.entries(EDGES)
  .map(([address, where]) => `<p style="position: fixed; margin: 0; ${where}">${address}</p>`)
  .join('\n')}
</body></html>`;

interface Rect {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

interface Placement {
  viewport: { width: number; height: number };
  card: Rect;
  address: Rect;
  /** Each control's box once it is scrolled into view inside the card (where the card scrolls). */
  controls: Record<string, Rect | null>;
}

/** The controls a person needs on a found answer's card. */
const CONTROLS = ['refresh', 'open-webmail', 'search-webmail'];

describe.each(BROWSERS)('in %s', (name) => {
  const stack = useBrowserStack(name, { credits: 1_000, generatedPages: { 'edges.html': EDGE_PAGE } });

  async function openEdges(): Promise<PageDriver> {
    return stack.browser.openPage(stack.backend.pages.url('edges.html'), Object.keys(EDGES).length);
  }

  /** Where the card about `address` is, with the address's own box and the window's size. */
  async function placementOf(page: PageDriver, address: Address): Promise<Placement> {
    await page.showCardOf(address);
    const addressBox = await page.evaluate((needle) => {
      const element = [...document.querySelectorAll('p')].find((p) => p.textContent === needle);
      const rect = element?.firstChild ? document.createRange() : null;
      if (!rect || !element?.firstChild) return null;
      rect.selectNodeContents(element.firstChild);
      const { left, top, right, bottom } = rect.getBoundingClientRect();
      return { left, top, right, bottom };
    }, address);
    if (!addressBox) throw new Error(`${address} is not on the page`);
    const shown = await page.card.run((root, controls) => {
      const box = (element: Element | null | undefined) => {
        if (!element) return null;
        const { left, top, right, bottom } = element.getBoundingClientRect();
        return { left, top, right, bottom };
      };
      const card = root?.querySelector('[data-testid="result-card"]');
      const reached: Record<string, { left: number; top: number; right: number; bottom: number } | null> = {};
      for (const id of controls) {
        const control = root?.querySelector(`[data-testid="${id}"]`);
        // As a person would scroll the card to it; the card is fixed, so the page itself does not move.
        control?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
        reached[id] = box(control);
      }
      if (card) card.scrollTop = 0;
      return {
        viewport: { width: window.innerWidth, height: window.innerHeight },
        card: box(card),
        controls: reached,
      };
    }, CONTROLS);
    if (!shown.card) throw new Error('no card is shown');
    return { ...shown, card: shown.card, address: addressBox };
  }

  /** The card and each of its controls lie wholly in the window, and the controls in the card. */
  function expectWhollyInWindow({ viewport, card, controls }: Placement) {
    const within = (inner: Rect, outer: Rect) =>
      inner.left >= outer.left - 0.5 &&
      inner.top >= outer.top - 0.5 &&
      inner.right <= outer.right + 0.5 &&
      inner.bottom <= outer.bottom + 0.5;
    const window = { left: 0, top: 0, right: viewport.width, bottom: viewport.height };
    expect(card, 'the card within the window').toSatisfy((rect: Rect) => within(rect, window));
    for (const id of CONTROLS) {
      const control = controls[id];
      expect(control, `${id} on the card`).not.toBeNull();
      expect(control, `${id} within the card`).toSatisfy((rect: Rect) => within(rect, card));
      expect(control, `${id} within the window`).toSatisfy((rect: Rect) => within(rect, window));
    }
  }

  it('is below an address at the top of the window', async () => {
    const page = await openEdges();
    const placed = await placementOf(page, 'top@gmail.com');
    expectWhollyInWindow(placed);
    expect(placed.card.top).toBeGreaterThanOrEqual(placed.address.bottom);
    await page.close();
  });

  it('goes above an address near the bottom, and its buttons can be pressed', async () => {
    const page = await openEdges();
    const placed = await placementOf(page, 'bottom@workspace-customer.example.com');
    expectWhollyInWindow(placed);
    expect(placed.card.bottom).toBeLessThanOrEqual(placed.address.top);
    // A person's click on Refresh reaches it: it asks the service again, past its cache.
    const before = stack.backend.proxy.countFor('workspace-customer.example.com');
    await page.card.click('refresh');
    await expect.poll(() => stack.backend.proxy.countFor('workspace-customer.example.com')).toBe(before + 1);
    expect(await page.card.isOpen()).toBe(true);
    await page.close();
  });

  it('is shifted inside the window at its left and right edges, and in a corner', async () => {
    const page = await openEdges();
    for (const address of ['left@gmail.com', 'right@gmail.com', 'corner@gmail.com'] as const) {
      expectWhollyInWindow(await placementOf(page, address));
    }
    const right = await placementOf(page, 'right@gmail.com');
    // Moved left of where it would start (the address's left edge), not cut off by the window.
    expect(right.card.right).toBeLessThanOrEqual(right.viewport.width);
    await page.close();
  });

  it('fits a small window, scrolling inside itself where the window is too short for it', async () => {
    const page = await openEdges();
    await page.setViewport(400, 300);
    for (const address of [
      'bottom@workspace-customer.example.com',
      'right@gmail.com',
      'top@gmail.com',
    ] as const) {
      expectWhollyInWindow(await placementOf(page, address));
    }
    await page.close();
  });

  it('fits the window at 200 % zoom', async () => {
    const page = await openEdges();
    await page.setViewport(800, 600);
    await page.zoom(2);
    for (const address of [
      'bottom@workspace-customer.example.com',
      'corner@gmail.com',
      'left@gmail.com',
    ] as const) {
      const placed = await placementOf(page, address);
      // The zoom is the browser's: the page's layout is 400 by 300 CSS pixels.
      expect(placed.viewport.width).toBeLessThanOrEqual(400);
      expectWhollyInWindow(placed);
    }
    // Both browsers keep a zoom for the whole site: back to 100 % for the tests after.
    await page.zoom(1);
    await page.close();
  });

  it('is placed again when the window is resized under it', async () => {
    const page = await openEdges();
    await page.showCardOf('bottom@workspace-customer.example.com');
    await page.setViewport(900, 500);
    await expect
      .poll(async () => {
        const box = await page.card.box('result-card');
        return box ? box.y + box.height : Number.POSITIVE_INFINITY;
      })
      .toBeLessThanOrEqual(500);
    await page.close();
  });
});
