/**
 * How tests reach the hover card, in either browser. Its shadow root is closed, so no script of the page
 * (and no locator of Playwright's or puppeteer's, which run as page script) can see inside it. Tests reach
 * it as the browser's own tools do, through the driver's protocol:
 * - Chromium: the DevTools protocol sees closed shadow roots (`DOM.describeNode` with `pierce`), turns the
 *   root into an object of the page's world (`DOM.resolveNode`), and calls a function on it
 *   (`Runtime.callFunctionOn`) — extension-browser.ts;
 * - Firefox: WebDriver BiDi serialises a node's closed shadow root as a shared reference
 *   (`serializationOptions.includeShadowTree: 'all'`), and `script.callFunction` takes it as `this` —
 *   firefox-browser.ts.
 * Either way the test's function runs in the page with the root in hand, which no page script ever has.
 * What a test does to the card is a person's input: the pointer and the keyboard of the driver, at the
 * element's box, so the events are trusted.
 */
import { CARD_TAG } from '#page/card-module.ts';
import { seriousViolations } from './axe.ts';
import { type Box, shownText } from './in-page.ts';
import { pollUntil } from './poll-until.ts';

/** The card's host element, as the content script names it. */
export { CARD_TAG };

/** A function to run in the page with the card's root, or its source (to put helpers of in-page.ts in it). */
export type PageFunction<A, R> = ((root: ShadowRoot | null, argument: A) => R | Promise<R>) | string;

/**
 * How long a read waits for the card to show what it asks about: as long as a first answer may take. The
 * card opens, answers, and may close and open again as the pointer rests; a read a moment early saw nothing.
 */
const SHOWN_TIMEOUT_MS = 15_000;

/** Whether the card is open and shows an answer or an error, not loading (evaluated in the page). */
function isAnswered(root: ShadowRoot | null): boolean {
  return (
    !!root?.host.isConnected &&
    !!root.querySelector('[data-testid="result-card"]') &&
    !root.querySelector('[data-testid="loading"]')
  );
}

/** One browser's way into the card, and a person's click. */
export interface CardAccess {
  /**
   * Runs `fn` in the page with the card's shadow root, or null when no card is on the page. `fn` is sent as
   * source: it stands alone, with no import, closure or named inner function.
   */
  withRoot<A, R>(fn: PageFunction<A, R>, argument: A): Promise<R>;
  /** Evaluates an expression in the page (for axe). */
  evaluate(expression: string): Promise<unknown>;
  /** A person's click at a point of the page. */
  click(x: number, y: number): Promise<void>;
}

/**
 * What a test names to read or press: a bare word is a test id (`provider-nice-name`) or, failing that, an
 * element's name (`a`, `img`), so that a count of `a` counts links; anything else is a CSS selector
 * (`.wl-address`, `a[aria-label="Top up"]`).
 */
export const selectorOf = (target: string) =>
  /^[a-z][\w-]*$/.test(target) ? `[data-testid="${target}"], ${target}` : target;

/** The hover card of a page, read and pressed as a person would. */
export class Card {
  constructor(private readonly access: CardAccess) {}

  /** Runs a function in the page with the card's root: for a benchmark that watches the card from inside. */
  run<A, R>(fn: PageFunction<A, R>, argument: A): Promise<R> {
    return this.access.withRoot(fn, argument);
  }

  /** Whether a card is on the page. */
  isOpen(): Promise<boolean> {
    return this.access.withRoot((root) => !!root?.host.isConnected, null);
  }

  /** What a person reads in an element: its text and the text CSS draws in it, once the card shows it. */
  text(target: string): Promise<string> {
    return this.whenShown(target, shownText, null);
  }

  /** An attribute of an element, once the card shows it; null where the element has no such attribute. */
  attribute(target: string, name: string): Promise<string | null> {
    return this.whenShown(target, (element, name) => element.getAttribute(name), name);
  }

  /**
   * How many elements `target` names in the card, once it has answered: a closed or loading card holds none
   * of what a test counts, and its zero would pass for an absence.
   */
  count(target: string): Promise<number> {
    return this.once(
      `a count of ${target} in an answered card`,
      `(root, selector) => (${isAnswered})(root) ? { value: root.querySelectorAll(selector).length } : null`,
      selectorOf(target),
    );
  }

  /** An element's box on the page, once the card shows it. */
  box(target: string): Promise<Box> {
    return this.whenShown(
      target,
      (element) => {
        const rect = element.getBoundingClientRect();
        return { x: rect.x, y: rect.y, width: rect.width, height: rect.height };
      },
      null,
    );
  }

  /** A computed style of an element, once the card shows it. */
  style(target: string, property: string): Promise<string> {
    return this.whenShown(
      target,
      (element, property) => getComputedStyle(element).getPropertyValue(property),
      property,
    );
  }

  /** A person's click in the middle of an element. */
  async click(target: string): Promise<void> {
    const box = await this.box(target);
    await this.access.click(box.x + box.width / 2, box.y + box.height / 2);
  }

  /**
   * A click made by script on an element in the card, with an Enter key after it: what a page would do if
   * it ever got hold of the card's root, which only the browser's own tools can. The card answers neither.
   */
  async scriptedClick(target: string): Promise<void> {
    await this.whenShown(
      target,
      (element) => {
        (element as HTMLElement).click();
        element.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, composed: true }));
        return true;
      },
      null,
    );
  }

  /** Waits until the card shows an answer or an error: not loading. */
  async answered({ timeout = SHOWN_TIMEOUT_MS } = {}): Promise<void> {
    await this.once(
      'an answer in the card',
      `(root) => (${isAnswered})(root) ? { value: true } : null`,
      null,
      timeout,
    );
  }

  /** Waits until no card is on the page. */
  async closed({ timeout = 15_000 } = {}): Promise<void> {
    const deadline = Date.now() + timeout;
    while (await this.isOpen()) {
      if (Date.now() > deadline) throw new Error(`the card was still open after ${timeout} ms`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /**
   * Runs `read` on the element `target` names once the card is open and shows it, in the same evaluation,
   * so that the element read is the one found. `read` is sent as source: it stands alone.
   */
  private whenShown<A, R>(
    target: string,
    read: (element: Element, argument: A) => R,
    argument: A,
  ): Promise<R> {
    return this.once(
      `the card's ${target}`,
      `(root, { selector, argument }) => {
        const element = root?.host.isConnected ? root.querySelector(selector) : null;
        return element ? { value: (${read})(element, argument) } : null;
      }`,
      { selector: selectorOf(target), argument },
    );
  }

  /**
   * Evaluates `source` with the card's root until it gives `{ value }` rather than null, and gives that value;
   * fails after `timeout` ms, saying what it waited for.
   */
  private async once<A, R>(
    what: string,
    source: string,
    argument: A,
    timeout = SHOWN_TIMEOUT_MS,
  ): Promise<R> {
    const found = await pollUntil(
      () => this.access.withRoot<A, { value: R } | null>(source, argument),
      (result) => result !== null,
      what,
      timeout,
    );
    return (found as { value: R }).value;
  }

  /**
   * axe's serious and critical violations in the card: its real markup and styles, in the page. axe walks
   * shadow trees through `element.shadowRoot`, which a closed root leaves null, so for the check alone the
   * test gives the host a `shadowRoot` property returning the root it holds, and takes it away after.
   */
  async violations(): Promise<{ id: string; impact: string | null; targets: unknown[] }[]> {
    await this.access.withRoot((root) => {
      if (root) Object.defineProperty(root.host, 'shadowRoot', { configurable: true, get: () => root });
    }, null);
    try {
      return await seriousViolations(this.access, CARD_TAG);
    } finally {
      await this.access.withRoot((root) => {
        if (root) delete (root.host as { shadowRoot?: unknown }).shadowRoot;
      }, null);
    }
  }
}
