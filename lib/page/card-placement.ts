import { autoUpdate, computePosition, flip, offset, shift, size } from '@floating-ui/dom';

/** Between the address and the card. */
const CARD_GAP_PX = 6;
/** Kept clear at the window's edges, so that the card's border and shadow show. */
const EDGE_PX = 8;
/**
 * The card's largest height, set on its element by placement: where even the roomier side of the address is
 * too short for it (a small window, a page zoomed in), the card scrolls inside itself (components/card.css).
 */
const CARD_MAX_HEIGHT_VAR = '--wl-max-height';

/**
 * Keeps the card (`floating`, position: fixed) wholly in the window beside the address whose box is
 * `anchor`: below it where it fits, else above; shifted sideways off the window's edges; no taller than
 * the room there is. Placed again whenever the card's size changes (the answer arrives) or the window's
 * does, until the returned function is called. Uses Floating UI, a maintained library for exactly this.
 */
export function keepCardInWindow(anchor: DOMRect, floating: HTMLElement): () => void {
  const reference = { getBoundingClientRect: () => anchor };
  const place = () => {
    // Measured at its natural height: a height set for the last place must not decide the next one.
    floating.style.setProperty(CARD_MAX_HEIGHT_VAR, 'none');
    void computePosition(reference, floating, {
      strategy: 'fixed',
      placement: 'bottom-start',
      middleware: [
        offset(CARD_GAP_PX),
        flip({ padding: EDGE_PX, fallbackStrategy: 'bestFit' }),
        // Across too: an address the window left (it was resized) may not take the card out with it.
        shift({ padding: EDGE_PX, crossAxis: true }),
        size({
          padding: EDGE_PX,
          apply({ availableHeight }) {
            floating.style.setProperty(CARD_MAX_HEIGHT_VAR, `${Math.max(0, Math.floor(availableHeight))}px`);
          },
        }),
      ],
    }).then(({ x, y }) => {
      floating.style.left = `${x}px`;
      floating.style.top = `${y}px`;
    });
  };
  return autoUpdate(reference, floating, place);
}
