import type { ContentScriptContext } from 'wxt/utils/content-script-context';
import { HIGHLIGHT_BATCH_MS } from '@/lib/limits.ts';

/**
 * The underline of found addresses, drawn by the browser with the CSS Custom Highlight API, so no node is
 * added to the page. Any change to a registered highlight makes Chromium rebuild the markers of all its
 * ranges and walk the page's layout tree before the next paint: about 40 ms on a 5 MB page even for a single
 * range (measured in bench/). So ranges are gathered and given to the browser together: when the caller says
 * a scan is complete, and otherwise at most once per HIGHLIGHT_BATCH_MS.
 */
export function createHighlights(ctx: ContentScriptContext, name: string) {
  const highlight =
    typeof Highlight === 'function' && typeof CSS !== 'undefined' && CSS.highlights ? new Highlight() : null;
  const added = new Set<AbstractRange>();
  const removed = new Set<AbstractRange>();
  let timer: number | null = null;

  function flush() {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    if (!highlight) return;
    for (const range of removed) highlight.delete(range);
    for (const range of added) highlight.add(range);
    removed.clear();
    added.clear();
  }

  return {
    start() {
      if (highlight) CSS.highlights.set(name, highlight);
      ctx.onInvalidated(() => {
        if (highlight) CSS.highlights.delete(name);
      });
    },
    add(range: AbstractRange) {
      if (!highlight) return;
      if (!removed.delete(range)) added.add(range);
      timer ??= ctx.setTimeout(flush, HIGHLIGHT_BATCH_MS);
    },
    remove(range: AbstractRange) {
      if (!highlight) return;
      if (!added.delete(range)) removed.add(range);
      timer ??= ctx.setTimeout(flush, HIGHLIGHT_BATCH_MS);
    },
    /** Applies the gathered changes now: the caller has nothing more queued. */
    flush,
  };
}
