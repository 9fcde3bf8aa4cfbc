import { createRoot, type Root } from 'react-dom/client';
import { createShadowRootUi, type ShadowRootContentScriptUi } from 'wxt/utils/content-script-ui/shadow-root';
import { defineContentScript } from 'wxt/utils/define-content-script';
import { CARD_CSS } from '@/components/card-styles.ts';
import { type ContentSettings, sendRequest } from '@/lib/messages.ts';
import { addressSources } from './address-sources.ts';
import { HoverCard } from './HoverCard.tsx';
import { type HoverTarget, watchHovers } from './hover.ts';
import { createPageScanner } from './page-scanner.ts';

const CARD_TAG = 'webmail-lookup-card';
/** The underline of found addresses, drawn by the browser over the page's own text. */
const HIGHLIGHT_CSS =
  '::highlight(webmail-lookup) { text-decoration: underline dotted #0969da 2px; text-underline-offset: 2px; }';
const CARD_GAP_PX = 6;

/** Adds the highlight style without adding a node to the page. */
function adoptHighlightStyle() {
  try {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(HIGHLIGHT_CSS);
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  } catch {
    // Without constructable stylesheets the addresses are not underlined; hovering still works.
  }
}

export default defineContentScript({
  matches: ['<all_urls>'],
  allFrames: true,
  runAt: 'document_idle',
  async main(ctx) {
    const readSettings = () => sendRequest({ type: 'content-settings', hostname: location.hostname });
    let settings: ContentSettings = await readSettings();
    if (!settings.enabled) return;
    // Settings changed in another page apply when the person comes back to this one.
    ctx.addEventListener(document, 'visibilitychange', () => {
      if (document.visibilityState === 'visible') {
        readSettings().then(
          (next) => {
            settings = next;
          },
          () => {},
        );
      }
    });

    const scanner = createPageScanner(ctx, addressSources(settings), (addresses) => {
      sendRequest({ type: 'report-addresses', addresses }).catch(() => {});
    });
    adoptHighlightStyle();
    scanner.start();

    let card: ShadowRootContentScriptUi<Root> | null = null;
    let hover: ReturnType<typeof watchHovers> | null = null;
    const close = () => hover?.hide();

    async function showCard(target: HoverTarget) {
      card ??= await createShadowRootUi(ctx, {
        name: CARD_TAG,
        position: 'inline',
        anchor: 'html',
        append: 'last',
        css: CARD_CSS,
        onMount: (container) => createRoot(container),
        onRemove: (root) => root?.unmount(),
      });
      if (!card.mounted) card.mount();
      // Positioned inside the shadow root: WXT's `:host { all: initial !important }` overrides styles on the host.
      const top = Math.min(target.rect.bottom + CARD_GAP_PX, window.innerHeight - 16);
      const left = Math.max(8, Math.min(target.rect.left, window.innerWidth - 336));
      card.uiContainer.style.cssText = `position: fixed; z-index: 2147483647; top: ${top}px; left: ${left}px;`;
      card.mounted?.render(
        <HoverCard
          key={target.address}
          address={target.address}
          searchQueryTemplate={settings.searchQueryTemplate}
          onClose={close}
        />,
      );
    }

    hover = watchHovers(ctx, scanner, {
      delayMs: () => settings.hoverDelayMs,
      show: (target) => void showCard(target),
      hide: () => {
        if (card?.mounted) card.remove();
      },
      isInsideCard: (node) =>
        node instanceof Node && card !== null && (card.shadowHost === node || card.shadowHost.contains(node)),
    });
  },
});
