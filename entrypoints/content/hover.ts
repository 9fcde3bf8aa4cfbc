import type { ContentScriptContext } from 'wxt/utils/content-script-context';
import { CARD_LEAVE_GRACE_MS } from '@/lib/limits.ts';
import type { PageScanner } from '@/lib/page/page-scanner.ts';

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

/**
 * Turns pointer rests, keyboard focus, Escape and scrolling into showing and hiding the card. One delegated
 * listener per event type on the document; the address under the pointer comes from the pointer position.
 */
export function watchHovers(ctx: ContentScriptContext, scanner: PageScanner, options: HoverOptions) {
  let pending: { address: string; timer: number } | null = null;
  let openAddress: string | null = null;
  let leaveTimer: number | null = null;
  let frame: number | null = null;
  let lastPointer: PointerEvent | null = null;
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
    if (target.address === openAddress) {
      cancelLeave();
      return;
    }
    if (target.address === pending?.address) return;
    cancelPending();
    options.prepare(target);
    // The delay runs from the pointer's arrival, not from the frame that handled it.
    const waited = performance.now() - event.timeStamp;
    const delay = Math.max(0, options.delayMs() - waited);
    pending = { address: target.address, timer: ctx.setTimeout(() => show(target), delay) };
  }

  ctx.addEventListener(
    document,
    'pointermove',
    (event) => {
      lastPointer = event as PointerEvent;
      lastInnermost = event.composedPath()[0] ?? null;
      if (frame === null) frame = requestAnimationFrame(onPointer);
    },
    { passive: true, capture: true },
  );
  ctx.addEventListener(document, 'focusin', (event) => {
    if (options.isInsideCard(event.target)) return;
    const [focused] = event.composedPath();
    const fromElement = scanner.addressOfElement(focused instanceof Element ? focused : null);
    if (fromElement)
      show({ address: fromElement.address, rect: fromElement.element.getBoundingClientRect() });
  });
  ctx.addEventListener(
    document,
    'keydown',
    (event) => {
      if ((event as KeyboardEvent).key === 'Escape') hide();
    },
    { capture: true },
  );
  ctx.addEventListener(
    window,
    'scroll',
    (event) => {
      if (!options.isInsideCard(event.target)) hide();
    },
    { passive: true, capture: true },
  );
  ctx.addEventListener(document, 'pointerleave', () => {
    if (openAddress !== null) leaveTimer ??= ctx.setTimeout(hide, CARD_LEAVE_GRACE_MS);
  });

  return { hide };
}
