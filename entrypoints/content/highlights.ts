import type { ContentScriptContext } from 'wxt/utils/content-script-context';
import { HIGHLIGHT_BATCH_MS } from '@/lib/limits.ts';

/** The underline's look, drawn by the browser over the page's own text. */
const underlineCss = (name: string) =>
  `::highlight(${name}) { text-decoration: underline dotted #0969da 2px; text-underline-offset: 2px; }`;

/**
 * The underline of found addresses, drawn by the browser with the CSS Custom Highlight API, so no node is
 * added to the page. Any change to a registered highlight makes Chromium rebuild the markers of all its
 * ranges and walk the page's layout tree before the next paint: about 40 ms on a 5 MB page even for a single
 * range (measured in bench/). So ranges are gathered and given to the browser together: when the caller says
 * a scan is complete, and otherwise at most once per HIGHLIGHT_BATCH_MS.
 *
 * The highlight and its style reach the page only with the first address: a page without one is left as it
 * was, and adopting a style sheet, which makes the browser restyle the whole page, waits until there is
 * something to show.
 */
export function createHighlights(ctx: ContentScriptContext, name: string) {
  const highlight =
    typeof Highlight === 'function' && typeof CSS !== 'undefined' && CSS.highlights ? new Highlight() : null;
  const added = new Set<AbstractRange>();
  const removed = new Set<AbstractRange>();
  let timer: number | null = null;
  let sheet: CSSStyleSheet | null = null;

  /** Registers the highlight and adopts its style, without adding a node to the page. */
  function show() {
    if (!highlight || CSS.highlights.get(name) === highlight) return;
    CSS.highlights.set(name, highlight);
    try {
      sheet = new CSSStyleSheet();
      sheet.replaceSync(underlineCss(name));
      document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
    } catch {
      // Without constructable style sheets the addresses are not underlined; hovering still works.
    }
  }

  function flush() {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    if (!highlight) return;
    for (const range of removed) highlight.delete(range);
    for (const range of added) highlight.add(range);
    removed.clear();
    added.clear();
    if (highlight.size > 0) show();
  }

  function schedule() {
    // Until the page has loaded, changes wait for the scanner's flush at the load event: a restyle of the
    // page for them would hold the load back.
    if (document.readyState !== 'complete') return;
    timer ??= ctx.setTimeout(flush, HIGHLIGHT_BATCH_MS);
  }

  ctx.onInvalidated(() => {
    if (highlight && CSS.highlights.get(name) === highlight) CSS.highlights.delete(name);
    if (sheet) document.adoptedStyleSheets = document.adoptedStyleSheets.filter((other) => other !== sheet);
  });

  return {
    add(range: AbstractRange) {
      if (!highlight) return;
      if (!removed.delete(range)) added.add(range);
      schedule();
    },
    remove(range: AbstractRange) {
      if (!highlight) return;
      if (!added.delete(range)) removed.add(range);
      schedule();
    },
    /** Applies the gathered changes now: the caller has nothing more queued. */
    flush,
  };
}
