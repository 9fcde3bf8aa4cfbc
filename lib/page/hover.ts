import type { ContentScriptContext } from 'wxt/utils/content-script-context';
import { CARD_LEAVE_GRACE_MS } from '#extension/limits.ts';
import type { PageScanner } from './page-scanner.ts';

export interface HoverTarget {
  address: string;
  rect: DOMRect;
}

interface HoverOptions {
  delayMs: () => number;
  /** The pointer has come to an address: a card may follow after the delay, so get it ready. */
  prepare: (target: HoverTarget) => void;
  show: (target: HoverTarget) => void;
  hide: () => void;
  isInsideCard: (node: EventTarget | null) => boolean;
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
 * Tab, and a page's list or menu moves it for an arrow). Either way the card waits the hover delay.
 */
export function watchHovers(ctx: ContentScriptContext, scanner: PageScanner, options: HoverOptions) {
  /** Adds a listener that a person's events reach, and no event a script made. */
  const listen = <E extends Event>(
    target: EventTarget,
    type: string,
    listener: (event: E) => void,
    listenerOptions?: AddEventListenerOptions,
  ) =>
    ctx.addEventListener(
      target,
      type,
      (event: Event) => {
        if (event.isTrusted) listener(event as E);
      },
      listenerOptions,
    );
  let pending: { address: string; timer: number } | null = null;
  let openAddress: string | null = null;
  let leaveTimer: number | null = null;
  let frame: number | null = null;
  let lastPointer: PointerEvent | null = null;
  /** A person pressed a focus key in the task now running: the next focusin is theirs. */
  let focusKeyPressed = false;
  /** composedPath() is empty once dispatch ends, so the innermost target is kept when the event arrives. */
  let lastInnermost: EventTarget | null = null;

  const cancelPending = () => {
    if (pending) clearTimeout(pending.timer);
    pending = null;
  };
  const cancelLeave = () => {
    if (leaveTimer !== null) clearTimeout(leaveTimer);
    leaveTimer = null;
  };
  const hide = () => {
    cancelPending();
    cancelLeave();
    if (openAddress === null) return;
    openAddress = null;
    options.hide();
  };
  const show = (target: HoverTarget) => {
    cancelPending();
    cancelLeave();
    openAddress = target.address;
    options.show(target);
  };

  function targetAt(event: PointerEvent): HoverTarget | null {
    // The element under the pointer even inside a shadow root (event.target is only its host).
    const innermost = lastInnermost ?? event.target;
    const fromElement = scanner.addressOfElement(innermost instanceof Element ? innermost : null);
    if (fromElement)
      return { address: fromElement.address, rect: fromElement.element.getBoundingClientRect() };
    const caret = caretAt(event.clientX, event.clientY, scanner.shadowRoots());
    const hit = caret ? scanner.hitAt(caret.node, caret.offset) : null;
    if (!hit) return null;
    // The caret snaps to the nearest character: make sure the pointer is really on the address.
    const rect = [...hit.range.getClientRects()].find(
      (box) =>
        event.clientX >= box.left &&
        event.clientX <= box.right &&
        event.clientY >= box.top &&
        event.clientY <= box.bottom,
    );
    return rect ? { address: hit.address, rect } : null;
  }

  function onPointer() {
    frame = null;
    const event = lastPointer;
    if (!event) return;
    if (options.isInsideCard(event.target)) {
      cancelLeave();
      return;
    }
    const target = targetAt(event);
    if (!target) {
      cancelPending();
      if (openAddress !== null && leaveTimer === null) leaveTimer = ctx.setTimeout(hide, CARD_LEAVE_GRACE_MS);
      return;
    }
    wait(target, event.timeStamp);
  }

  /** Shows the card for `target` once the delay has run from `since` (the event's time, not when handled). */
  function wait(target: HoverTarget, since: number) {
    if (target.address === openAddress) {
      cancelLeave();
      return;
    }
    if (target.address === pending?.address) return;
    cancelPending();
    options.prepare(target);
    const delay = Math.max(0, options.delayMs() - (performance.now() - since));
    pending = { address: target.address, timer: ctx.setTimeout(() => show(target), delay) };
  }

  listen<PointerEvent>(
    document,
    'pointermove',
    (event) => {
      lastPointer = event;
      lastInnermost = event.composedPath()[0] ?? null;
      if (frame === null) frame = requestAnimationFrame(onPointer);
    },
    { passive: true, capture: true },
  );
  listen<FocusEvent>(document, 'focusin', (event) => {
    const byKey = focusKeyPressed;
    focusKeyPressed = false;
    if (!byKey || options.isInsideCard(event.target)) return;
    const [focused] = event.composedPath();
    const fromElement = scanner.addressOfElement(focused instanceof Element ? focused : null);
    if (fromElement)
      wait(
        { address: fromElement.address, rect: fromElement.element.getBoundingClientRect() },
        event.timeStamp,
      );
    else cancelPending();
  });
  listen<KeyboardEvent>(
    document,
    'keydown',
    (event) => {
      if (event.key === 'Escape') hide();
      if (!FOCUS_KEY.test(event.key)) return;
      focusKeyPressed = true;
      // Over when this task ends: the focus a key moves, it moves in the key's own task.
      ctx.setTimeout(() => {
        focusKeyPressed = false;
      }, 0);
    },
    { capture: true },
  );
  listen(
    window,
    'scroll',
    (event) => {
      if (!options.isInsideCard(event.target)) hide();
    },
    { passive: true, capture: true },
  );
  listen(document, 'pointerleave', () => {
    if (openAddress !== null) leaveTimer ??= ctx.setTimeout(hide, CARD_LEAVE_GRACE_MS);
  });

  return { hide };
}
