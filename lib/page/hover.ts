import type { ContentScriptContext } from 'wxt/utils/content-script-context';
import { CARD_LEAVE_GRACE_MS } from '#extension/limits.ts';
import type { PageScanner } from './page-scanner.ts';

export interface HoverTarget {
  address: string;
  rect: DOMRect;
}

/** The card as pointer and focus drive it. */
export interface CardControls {
  /** How long a hover rests before the card opens (the person's setting). */
  delayMs(): number;
  /** The pointer has come to an address: a card may follow after the delay, so get it ready. */
  prepare(target: HoverTarget): void;
  show(target: HoverTarget): void;
  hide(): void;
  isInsideCard(node: EventTarget | null): boolean;
}

type CaretPositionFromPoint = (
  x: number,
  y: number,
  options?: { shadowRoots?: ShadowRoot[] },
) => CaretPosition | null;

/** The caret under a point, inside the given open shadow roots too: the standard API, else Chromium's older one. */
function caretAt(x: number, y: number, shadowRoots: ShadowRoot[]): { node: Node; offset: number } | null {
  if (typeof document.caretPositionFromPoint === 'function') {
    const position = (document.caretPositionFromPoint as CaretPositionFromPoint).call(document, x, y, {
      shadowRoots,
    });
    return position ? { node: position.offsetNode, offset: position.offset } : null;
  }
  const range = document.caretRangeFromPoint?.(x, y);
  return range ? { node: range.startContainer, offset: range.startOffset } : null;
}

/** The box of a range that holds a point, if any: the caret snaps to the nearest character, on the address or not. */
function boxAround(range: Range, x: number, y: number): DOMRect | undefined {
  return [...range.getClientRects()].find(
    (box) => x >= box.left && x <= box.right && y >= box.top && y <= box.bottom,
  );
}

/** Keys with which a person moves focus: Tab and Shift+Tab, and the arrows in lists and menus. */
const FOCUS_KEY = /^(?:Tab|Arrow)/;

/**
 * Turns pointer rests, keyboard focus, Escape and scrolling into showing and hiding the card. One delegated
 * listener per event type on the document; the address under the pointer comes from the pointer position.
 *
 * Only a person opens a card, so only trusted events are heard: a page can dispatch pointer, mouse, key
 * and focus events of its own, and each would cost the person a credit. Focus is a person's only when
 * their key moved it: a page's `.focus()` makes a trusted focusin too, so a focusin counts only as the
 * first one after a trusted focus key, in the task of that key press (where the browser moves focus for
 * Tab, and a page's list or menu moves it for an arrow). Either way the card waits the hover delay, and
 * stays a grace after the pointer leaves, so it can be reached.
 */
export class HoverWatcher {
  readonly #ctx: ContentScriptContext;
  readonly #scanner: PageScanner;
  readonly #card: CardControls;
  /** The address whose card is waiting for the delay to end. */
  #pending: { address: string; timer: number } | null = null;
  #openAddress: string | null = null;
  #leaveTimer: number | null = null;
  /** The pointer's last move, read once per frame. */
  #lastPointer: PointerEvent | null = null;
  /** composedPath() is empty once dispatch ends, so the innermost target is kept when the event arrives. */
  #lastInnermost: EventTarget | null = null;
  #frame: number | null = null;
  /** A person pressed a focus key in the task now running: the next focusin is theirs. */
  #focusKeyPressed = false;

  constructor(ctx: ContentScriptContext, scanner: PageScanner, card: CardControls) {
    this.#ctx = ctx;
    this.#scanner = scanner;
    this.#card = card;
    const passive = { passive: true, capture: true };
    this.#listen(document, 'pointermove', (event: PointerEvent) => this.#pointerMoved(event), passive);
    this.#listen(document, 'focusin', (event: FocusEvent) => this.#focusMoved(event));
    this.#listen(document, 'keydown', (event: KeyboardEvent) => this.#keyPressed(event), { capture: true });
    this.#listen(window, 'scroll', (event) => this.#scrolled(event), passive);
    this.#listen(document, 'pointerleave', () => this.#leaveSoon());
  }

  hide() {
    this.#cancelPending();
    this.#cancelLeave();
    if (this.#openAddress === null) return;
    this.#openAddress = null;
    this.#card.hide();
  }

  /** Adds a listener that a person's events reach, and no event a script made. */
  #listen<E extends Event>(
    target: EventTarget,
    type: string,
    listener: (event: E) => void,
    options?: AddEventListenerOptions,
  ) {
    this.#ctx.addEventListener(
      target,
      type,
      (event: Event) => {
        if (event.isTrusted) listener(event as E);
      },
      options,
    );
  }

  #pointerMoved(event: PointerEvent) {
    this.#lastPointer = event;
    this.#lastInnermost = event.composedPath()[0] ?? null;
    this.#frame ??= requestAnimationFrame(() => this.#pointerAt(this.#lastPointer as PointerEvent));
  }

  /** Once a frame, what the pointer is on: the card, an address, or neither. */
  #pointerAt(event: PointerEvent) {
    this.#frame = null;
    if (this.#card.isInsideCard(event.target)) {
      this.#cancelLeave();
      return;
    }
    const target = this.#targetAt(event);
    if (target) this.#showAfterDelay(target, event.timeStamp);
    else {
      this.#cancelPending();
      this.#leaveSoon();
    }
  }

  /** The address under the pointer: an attribute source's at or above the element, else a text's. */
  #targetAt(event: PointerEvent): HoverTarget | null {
    // The element under the pointer even inside a shadow root (event.target is only its host).
    const innermost = this.#lastInnermost ?? event.target;
    const fromElement = this.#elementTarget(innermost);
    if (fromElement) return fromElement;
    const caret = caretAt(event.clientX, event.clientY, this.#scanner.shadowRoots());
    const hit = caret ? this.#scanner.hitAt(caret.node, caret.offset) : null;
    const rect = hit && boxAround(hit.range, event.clientX, event.clientY);
    return hit && rect ? { address: hit.address, rect } : null;
  }

  /** The address of an attribute source at or above a node, with that source's box. */
  #elementTarget(node: EventTarget | null): HoverTarget | null {
    const found = this.#scanner.addressOfElement(node instanceof Element ? node : null);
    return found && { address: found.address, rect: found.element.getBoundingClientRect() };
  }

  /** A person's key moved focus: onto an attribute source, its card opens after the same delay as a hover's. */
  #focusMoved(event: FocusEvent) {
    const byKey = this.#focusKeyPressed;
    this.#focusKeyPressed = false;
    if (!byKey || this.#card.isInsideCard(event.target)) return;
    const target = this.#elementTarget(event.composedPath()[0] ?? null);
    if (target) this.#showAfterDelay(target, event.timeStamp);
    else this.#cancelPending();
  }

  /** The page scrolled under the card: the address has moved away from it. A scroll inside the card has not. */
  #scrolled(event: Event) {
    if (!this.#card.isInsideCard(event.target)) this.hide();
  }

  /** Escape closes the card; a focus key makes the next focusin a person's. */
  #keyPressed(event: KeyboardEvent) {
    if (event.key === 'Escape') this.hide();
    if (!FOCUS_KEY.test(event.key)) return;
    this.#focusKeyPressed = true;
    // Over when this task ends: the focus a key moves, it moves in the key's own task.
    this.#ctx.setTimeout(() => {
      this.#focusKeyPressed = false;
    }, 0);
  }

  /** Shows the card for `target` once the delay has run from `since` (the event's time, not when handled). */
  #showAfterDelay(target: HoverTarget, since: number) {
    if (target.address === this.#openAddress) {
      this.#cancelLeave();
      return;
    }
    if (target.address === this.#pending?.address) return;
    this.#cancelPending();
    this.#card.prepare(target);
    const delay = Math.max(0, this.#card.delayMs() - (performance.now() - since));
    this.#pending = { address: target.address, timer: this.#ctx.setTimeout(() => this.#show(target), delay) };
  }

  #show(target: HoverTarget) {
    this.#cancelPending();
    this.#cancelLeave();
    this.#openAddress = target.address;
    this.#card.show(target);
  }

  #cancelPending() {
    if (this.#pending) clearTimeout(this.#pending.timer);
    this.#pending = null;
  }

  /** The pointer left the open card and its address: it closes after the grace, unless the pointer returns. */
  #leaveSoon() {
    if (this.#openAddress !== null)
      this.#leaveTimer ??= this.#ctx.setTimeout(() => this.hide(), CARD_LEAVE_GRACE_MS);
  }

  /** The pointer is back on the open card or its address: it stays. */
  #cancelLeave() {
    if (this.#leaveTimer !== null) clearTimeout(this.#leaveTimer);
    this.#leaveTimer = null;
  }
}
