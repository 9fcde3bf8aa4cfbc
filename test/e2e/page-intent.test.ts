import { describe, expect, it } from 'vitest';
import { domainOf } from '#core/email/extract.ts';
import { HOVER_LOOKUP_BURST } from '#extension/limits.ts';
import messages from '../../public/_locales/en/messages.json';
import { BROWSERS, type PageDriver, type Point } from '../support/driver.ts';
import { useBrowserStack } from '../support/extension-stack.ts';
import { cardsShown, watchForCards } from '../support/in-page.ts';
import type { RecordedRequest } from '../support/recording-proxy.ts';

/**
 * Only a person spends credits, and the page can neither read nor press the card: in each browser, with
 * the built extension against the real service, a hostile page tries every way in, and the account is
 * charged for nothing. Each attack ends with a person's hover on a fresh address (a marker): once its
 * lookup has reached the service, any lookup the attack had started would have too, and it shows the
 * same page does spend for a person.
 */

const LINKS = 30;
const MARKERS = 8;
const person = (i: number) => `person${i}@intent-${i}.bench-customer.example.com`;
const link = (i: number) => `link${i}@link-${i}.bench-customer.example.com`;
const marker = (i: number) => `marker${i}@marker-${i}.bench-customer.example.com`;
const CONTROL = 'control@control.bench-customer.example.com';
/** Read by the page while its card is open: Gmail, whose card says things the page itself never does. */
const READER = 'reader@gmail.com';
/** What the card over READER shows, and the page must never read. */
const SECRETS = [
  'Google (Public)',
  messages.cardOpenWebmail.message,
  messages.cardSearchMailbox.message,
  messages.cardRefresh.message,
  messages.flagFreeMail.message,
  'From the Webmail Info API',
  'mail.google.com',
];

const INTENT_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Intent</title>
<style>body { margin: 8px; font: 12px/15px sans-serif } p { margin: 0 }</style></head><body>
<p>Control: ${CONTROL}</p><p>Read: ${READER}</p>
${Array.from({ length: MARKERS }, (_, i) => `<p>Marker: ${marker(i)}</p>`).join('\n')}
${Array.from({ length: LINKS }, (_, i) => `<p>Write to ${person(i)} or <a href="mailto:${link(i)}">link ${i}</a></p>`).join('\n')}
</body></html>`;
const INTENT_ADDRESSES = 2 + MARKERS + 2 * LINKS;

const BUDGET_ADDRESSES = HOVER_LOOKUP_BURST + 1;
const budgeted = (i: number) => `b${i}@budget-${i}.bench-customer.example.com`;
const BUDGET_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Budget</title>
<style>body { margin: 8px; font: 12px/15px sans-serif } p { margin: 0 }</style></head><body>
${Array.from({ length: BUDGET_ADDRESSES }, (_, i) => `<p>${budgeted(i)}</p>`).join('\n')}
</body></html>`;

const TAB_ADDRESS = 'tab@tab.bench-customer.example.com';
const TAB_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Tab</title></head><body>
<p><a href="mailto:${TAB_ADDRESS}">Write to us</a></p></body></html>`;

/** The hover delay of these tests: short, the tests wait for outcomes. */
const HOVER_DELAY_MS = 50;

// In-page functions: the page's own script, as a hostile page would run it. Each stands alone.

/** Focuses every mailto: link from script, one after another, as a page can with no one at the keyboard. */
function focusEveryLink(pauseMs: number): Promise<void> {
  const links = [...document.querySelectorAll<HTMLAnchorElement>('a[href^="mailto:"]')];
  return links.reduce(
    (done, link) =>
      done.then(() => {
        link.focus();
        return new Promise((resolve) => setTimeout(resolve, pauseMs));
      }),
    Promise.resolve(),
  );
}

/**
 * Dispatches what a person's pointer and keyboard would make over every address and link: pointer and
 * mouse moves and overs at each address's text, focus events on each link, and a Tab key before a scripted
 * focus (a person's key press is what opens a card from the keyboard).
 */
function fakeEveryInput(pauseMs: number): Promise<void> {
  const targets = [...document.querySelectorAll('p')].filter((line) => line.textContent?.startsWith('Write'));
  return targets.reduce(
    (done, line) =>
      done.then(() => {
        const text = line.firstChild as Text;
        const range = document.createRange();
        range.setStart(text, 'Write to '.length);
        range.setEnd(text, text.data.indexOf(' or'));
        const box = range.getBoundingClientRect();
        const at = { clientX: box.x + box.width / 2, clientY: box.y + box.height / 2 };
        const under = document.elementFromPoint(at.clientX, at.clientY) ?? document.body;
        const init = { ...at, bubbles: true, composed: true, cancelable: true };
        for (const type of ['pointerover', 'pointerenter', 'pointermove'])
          under.dispatchEvent(new PointerEvent(type, { ...init, pointerType: 'mouse' }));
        for (const type of ['mouseover', 'mouseenter', 'mousemove'])
          under.dispatchEvent(new MouseEvent(type, init));
        const anchor = line.querySelector('a') as HTMLAnchorElement;
        const tab = { key: 'Tab', code: 'Tab', bubbles: true, composed: true, cancelable: true };
        document.dispatchEvent(new KeyboardEvent('keydown', tab));
        anchor.dispatchEvent(new FocusEvent('focus', { composed: true }));
        anchor.dispatchEvent(new FocusEvent('focusin', { bubbles: true, composed: true }));
        window.dispatchEvent(new KeyboardEvent('keydown', tab));
        anchor.focus();
        return new Promise((resolve) => setTimeout(resolve, pauseMs));
      }),
    Promise.resolve(),
  );
}

/**
 * Tries to press the card a person opened: through an open shadow root (as before it was closed), its
 * host, and whatever is at the points of its controls.
 */
function pressTheCard(points: { x: number; y: number }[]): string[] {
  const host = document.documentElement.lastElementChild as HTMLElement;
  for (const control of host.shadowRoot?.querySelectorAll<HTMLElement>('button, a') ?? []) control.click();
  host.click();
  host.focus();
  const hit: string[] = [];
  for (const { x, y } of points) {
    const under = document.elementFromPoint(x, y);
    hit.push(under?.localName ?? 'nothing');
    const init = { clientX: x, clientY: y, bubbles: true, composed: true, cancelable: true, view: window };
    for (const type of ['pointerdown', 'mousedown', 'pointerup', 'mouseup', 'click'])
      under?.dispatchEvent(
        type.startsWith('pointer') ? new PointerEvent(type, init) : new MouseEvent(type, init),
      );
    (under as HTMLElement | null)?.click();
    for (const key of ['Enter', ' ']) {
      const keys = { key, bubbles: true, composed: true, cancelable: true };
      under?.dispatchEvent(new KeyboardEvent('keydown', keys));
      under?.dispatchEvent(new KeyboardEvent('keyup', keys));
      document.activeElement?.dispatchEvent(new KeyboardEvent('keydown', keys));
    }
  }
  return hit;
}

/**
 * Everything a page can try to read an open card by: the host's text, selecting all, find(), the caret at
 * the card's points, what is under them, accessibility properties, serialisation. What each gave, as text,
 * and how many nodes inside a shadow root the page laid hands on.
 */
function readTheCard({ secrets, points }: { secrets: string[]; points: { x: number; y: number }[] }) {
  const host = document.documentElement.lastElementChild as HTMLElement & {
    computedName?: string;
    computedRole?: string;
  };
  const read: string[] = [];
  const found: string[] = [];
  let nodesInShadow = 0;
  const selection = getSelection() as Selection;
  const note = (node: Node | null | undefined) => {
    if (node && node.getRootNode() instanceof ShadowRoot) {
      nodesInShadow++;
      read.push((node.getRootNode() as ShadowRoot).textContent ?? '');
    }
  };
  read.push(host.shadowRoot?.textContent ?? '', host.textContent ?? '', host.innerText);
  read.push(document.documentElement.innerText);
  read.push(document.documentElement.textContent ?? '', document.body.innerText);
  selection.selectAllChildren(document.documentElement);
  read.push(selection.toString());
  selection.removeAllRanges();
  document.execCommand('selectAll');
  read.push(selection.toString());
  note(selection.anchorNode);
  for (const secret of secrets) {
    selection.removeAllRanges();
    if ((window as unknown as { find(text: string): boolean }).find(secret)) found.push(secret);
    note(selection.anchorNode);
    note(selection.focusNode);
    if (selection.rangeCount > 0) note(selection.getRangeAt(0).startContainer);
  }
  selection.removeAllRanges();
  for (const { x, y } of points) {
    const caret = document.caretPositionFromPoint?.(x, y);
    note(caret?.offsetNode);
    read.push(caret?.offsetNode.nodeType === Node.TEXT_NODE ? (caret.offsetNode.textContent ?? '') : '');
    const range = (
      document as unknown as { caretRangeFromPoint?: (x: number, y: number) => Range | null }
    ).caretRangeFromPoint?.(x, y);
    note(range?.startContainer);
    for (const element of document.elementsFromPoint(x, y)) note(element);
  }
  read.push(
    String(host.computedName),
    String(host.computedRole),
    String(host.ariaLabel),
    String(host.role),
    host.getAttributeNames().join(' '),
    new XMLSerializer().serializeToString(document),
    (document.documentElement as unknown as { getHTML?: (options: object) => string }).getHTML?.({
      serializableShadowRoots: true,
    }) ?? '',
  );
  return { read: read.join('\n'), found, nodesInShadow };
}

/** What the page holds of the selection now (after a person selected something). */
function selectedText(): { text: string; inShadow: boolean } {
  const selection = getSelection() as Selection;
  return {
    text: selection.toString(),
    inShadow: !!selection.anchorNode && selection.anchorNode.getRootNode() instanceof ShadowRoot,
  };
}

/**
 * Notes how many cards had been shown half the hover delay after the next key press (after
 * `watchForCards`). No clock is read: the page's timer is set as the key goes down, the extension's as the
 * focus moves after it, so the page's comes due first however slow the machine.
 */
function countCardsHalfwayThroughDelay(delayMs: number): void {
  const page = window as unknown as { cardsShown: number; cardsHalfway?: number };
  document.addEventListener(
    'keydown',
    () => {
      setTimeout(() => {
        page.cardsHalfway = page.cardsShown;
      }, delayMs / 2);
    },
    { once: true, capture: true },
  );
}

const cardsHalfway = () => (window as unknown as { cardsHalfway?: number }).cardsHalfway ?? null;

const emails = (requests: RecordedRequest[]) =>
  requests.map((request) => String((request.body as { email?: unknown } | null)?.email));

describe.each(BROWSERS)('a hostile page in %s', (name) => {
  const stack = useBrowserStack(name, {
    credits: 1_000,
    generatedPages: { 'intent.html': INTENT_PAGE, 'budget.html': BUDGET_PAGE, 'tab.html': TAB_PAGE },
    settings: { hoverDelayMs: HOVER_DELAY_MS },
  });
  let markersUsed = 0;

  const openIntentPage = () =>
    stack.browser.openPage(stack.backend.pages.url('intent.html'), INTENT_ADDRESSES);

  /**
   * The API requests made from when `attack` starts until a person's hover on a fresh marker address has
   * been looked up (the marker's own request left out), and the lookups the account was charged for.
   */
  async function spentBy(page: PageDriver, attack: () => Promise<void>) {
    const requestsBefore = stack.backend.proxy.requests.length;
    const { lookups } = await stack.backend.service.balance(stack.backend.key);
    await attack();
    const address = marker(markersUsed++);
    await page.press('Escape');
    await page.hoverText(address);
    await expect.poll(() => stack.backend.proxy.countFor(domainOf(address))).toBe(1);
    await page.card.answered();
    expect(await page.card.text('.wl-address')).toBe(address);
    const requests = stack.backend.proxy.requests.slice(requestsBefore);
    return {
      requests: emails(requests).filter((email) => email !== domainOf(address)),
      charged: (await stack.backend.service.balance(stack.backend.key)).lookups - lookups - 1,
    };
  }

  /** The centres of the card's controls and words, where a page would aim. */
  async function cardPoints(page: PageDriver): Promise<Point[]> {
    const points: Point[] = [];
    for (const target of [
      // What the card shows open: the raw name and the flags wait under Details, closed.
      'provider-nice-name',
      'verdict',
      'copy-address',
      'open-webmail',
      'refresh',
    ]) {
      const box = await page.card.box(target);
      if (box) points.push({ x: box.x + box.width / 2, y: box.y + box.height / 2 });
    }
    expect(points).toHaveLength(5);
    return points;
  }

  async function openCardOverReader(page: PageDriver): Promise<void> {
    await page.hoverText(READER);
    await page.card.answered();
    expect(await page.card.text('provider-name')).toBe('Google (Public)');
  }

  it('a person resting the pointer on an address spends one credit: the control for the zeros below', async () => {
    const page = await openIntentPage();
    const { lookups } = await stack.backend.service.balance(stack.backend.key);
    await page.hoverText(CONTROL);
    await page.card.answered();
    expect(await page.card.text('provider-nice-name')).toBe('Google Workspace');
    expect(stack.backend.proxy.countFor(domainOf(CONTROL))).toBe(1);
    expect((await stack.backend.service.balance(stack.backend.key)).lookups).toBe(lookups + 1);
    await page.close();
  });

  it.each([
    [`a page focusing ${LINKS} mailto: links from script`, focusEveryLink],
    [`synthetic pointer, mouse, focus and Tab key events over ${LINKS} addresses`, fakeEveryInput],
  ])('%s: nothing spent, no card shown', async (_attack, attack) => {
    const page = await openIntentPage();
    const spent = await spentBy(page, async () => {
      await page.evaluate(watchForCards, null);
      await page.evaluate(attack, HOVER_DELAY_MS * 3);
      expect(await page.evaluate(cardsShown, null)).toBe(0);
    });
    expect(spent).toEqual({ requests: [], charged: 0 });
    await page.close();
  });

  it('a person’s Tab onto a mailto: link opens its card, after the hover delay like a pointer', async () => {
    const delayMs = 1_000;
    await stack.browser.configure({ settings: { hoverDelayMs: delayMs } });
    const page = await stack.browser.openPage(stack.backend.pages.url('tab.html'), 1);
    await page.evaluate(watchForCards, null);
    await page.evaluate(countCardsHalfwayThroughDelay, delayMs);
    await page.press('Tab');
    await page.card.answered();
    expect(await page.evaluate(cardsHalfway, null)).toBe(0);
    expect(await page.evaluate(cardsShown, null)).toBe(1);
    expect(await page.card.text('.wl-address')).toBe(TAB_ADDRESS);
    expect(stack.backend.proxy.countFor(domainOf(TAB_ADDRESS))).toBe(1);
    await stack.browser.configure({ settings: { hoverDelayMs: HOVER_DELAY_MS } });
    await page.close();
  });

  it('the page cannot press the card a person opened: its host, events at its controls, what is under them', async () => {
    const page = await openIntentPage();
    await openCardOverReader(page);
    const points = await cardPoints(page);
    const tabs = await stack.browser.tabCount();
    const spent = await spentBy(page, async () => {
      // What the page finds at the card's controls is the host, and nothing in it.
      expect(new Set(await page.evaluate(pressTheCard, points))).toEqual(new Set(['webmail-lookup-card']));
      expect(await page.card.text('copy-address')).toBe(messages.cardCopyAddress.message);
    });
    expect(spent).toEqual({ requests: [], charged: 0 });
    expect(await stack.browser.tabCount()).toBe(tabs);
    // The same press by a person refreshes: one lookup past the cache.
    const before = stack.backend.proxy.requests.length;
    await page.card.click('refresh');
    await expect.poll(() => stack.backend.proxy.requests.length).toBe(before + 1);
    expect(stack.backend.proxy.requests.at(-1)?.body).toMatchObject({ skip_cache: true });
    await page.close();
  });

  it('a script holding the card’s root (as only the browser’s own tools can) still presses nothing', async () => {
    const page = await openIntentPage();
    await openCardOverReader(page);
    const tabs = await stack.browser.tabCount();
    const spent = await spentBy(page, async () => {
      for (const target of ['refresh', 'open-webmail', 'copy-address']) await page.card.scriptedClick(target);
      expect(await page.card.text('copy-address')).toBe(messages.cardCopyAddress.message);
    });
    expect(spent).toEqual({ requests: [], charged: 0 });
    expect(await stack.browser.tabCount()).toBe(tabs);
    await page.close();
  });

  it('the page cannot read the card: its text, select all, find(), the caret, what is under it, accessibility, serialising', async () => {
    const page = await openIntentPage();
    await openCardOverReader(page);
    const points = await cardPoints(page);
    const { read, found, nodesInShadow } = await page.evaluate(readTheCard, { secrets: SECRETS, points });
    expect(found).toEqual([]);
    expect(nodesInShadow).toBe(0);
    for (const secret of SECRETS) expect(read).not.toContain(secret);
    // The card is still there to be read by a person.
    expect(await page.card.text('provider-name')).toBe('Google (Public)');
    await page.close();
  });

  it('what a person selects in the card stays out of the page’s reach', async () => {
    const page = await openIntentPage();
    await openCardOverReader(page);
    const from = await page.card.box('provider-nice-name');
    const to = await page.card.box('result-source');
    if (!from || !to) throw new Error('the card has no words to select');
    await page.drag({ x: from.x + 1, y: from.y + from.height / 2 }, { x: to.x + to.width - 1, y: to.y + 2 });
    const dragged = await page.evaluate(selectedText, null);
    expect(dragged.inShadow).toBe(false);
    for (const secret of SECRETS) expect(dragged.text).not.toContain(secret);
    await page.press('Control+A');
    for (const secret of SECRETS)
      expect((await page.evaluate(selectedText, null)).text).not.toContain(secret);
    await page.close();
  });

  // The budget refills one lookup every HOVER_LOOKUP_REFILL_MS (2 minutes): the 20 hovers take seconds.
  it(`past the tab’s budget (${HOVER_LOOKUP_BURST}), the card says why, and a person’s click in it looks up`, async () => {
    const page = await stack.browser.openPage(stack.backend.pages.url('budget.html'), BUDGET_ADDRESSES);
    for (let i = 0; i < HOVER_LOOKUP_BURST; i++) {
      await page.press('Escape');
      await page.hoverText(budgeted(i));
      await page.card.answered();
      expect(await page.card.text('.wl-address')).toBe(budgeted(i));
      expect(await page.card.text('provider-nice-name')).toBe('Google Workspace');
    }
    const over = budgeted(HOVER_LOOKUP_BURST);
    await page.press('Escape');
    await page.hoverText(over);
    await page.card.answered();
    expect(await page.card.text('.wl-address')).toBe(over);
    expect(await page.card.text('error-message')).toContain(messages.stateOverBudgetTitle.message);
    expect(stack.backend.proxy.countFor(domainOf(over))).toBe(0);
    await page.card.click('look-up');
    await expect.poll(() => page.card.text('provider-nice-name')).toBe('Google Workspace');
    expect(stack.backend.proxy.countFor(domainOf(over))).toBe(1);

    // Refresh asks past every cache, so it waits for the budget too, and says so.
    await page.card.click('refresh');
    await expect.poll(() => page.card.text('error-message')).toContain(messages.stateOverBudgetTitle.message);
    expect(stack.backend.proxy.countFor(domainOf(over))).toBe(1);
    // A click on Look up then shows the answer already cached, for nothing.
    await page.card.click('look-up');
    await expect.poll(() => page.card.text('provider-nice-name')).toBe('Google Workspace');
    expect(stack.backend.proxy.countFor(domainOf(over))).toBe(1);
    await page.close();
  }, 180_000);
});
