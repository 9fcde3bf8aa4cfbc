import { browser } from 'wxt/browser';
import { defineContentScript } from 'wxt/utils/define-content-script';
import { domainOf } from '#core/email/extract.ts';
import type { LookupResult } from '#extension/lookup-result.ts';
import { type ContentSettings, sendRequest } from '#extension/messaging.ts';
import { CARD_MODULE_FILE, CARD_TAG } from '#page/card-module.ts';
import { type HoverTarget, watchHovers } from '#page/hover.ts';
import { createPageScanner } from '#page/page-scanner.ts';
import { answerQueryUnderFocus } from '#page/query-under-focus.ts';
import { addressSources } from '#page/sources/index.ts';
import { loadTopLevelDomains, TOP_LEVEL_DOMAINS_FILE } from '#page/top-level-domains-module.ts';
import type { CardUi } from './card.tsx';

export default defineContentScript({
  matches: ['<all_urls>'],
  allFrames: true,
  runAt: 'document_idle',
  async main(ctx) {
    // The task that evaluates this script is the longest it runs (compiling it, WXT's context, the
    // extension's bindings: 10-15 ms in Chromium 150 on a 2-core machine); the rest has tasks of its own.
    await new Promise<void>((resolve) => ctx.setTimeout(resolve, 0));
    const readSettings = () => sendRequest({ type: 'content-settings', hostname: location.hostname });
    // Addresses are judged by their top-level domain: the list comes in beside the settings.
    const [initial] = await Promise.all([
      readSettings(),
      loadTopLevelDomains(browser.runtime.getURL(`/${TOP_LEVEL_DOMAINS_FILE}`)),
    ]);
    let settings: ContentSettings = initial;
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

    const scanner = createPageScanner(
      ctx,
      addressSources(settings, location.hostname),
      (addresses) => {
        sendRequest({ type: 'report-addresses', addresses }).catch(() => {});
      },
      CARD_TAG,
    );
    scanner.start();
    answerQueryUnderFocus(ctx, scanner);

    let card: CardUi | null = null;
    let loading: Promise<CardUi> | null = null;
    /** The target the person is waiting for; a hide before the card module arrives cancels it. */
    let wanted: HoverTarget | null = null;
    const close = () => hover.hide();

    /** Loads the card module once, when a card is first about to be shown. */
    function loadCard(): Promise<CardUi> {
      loading ??= import(/* @vite-ignore */ browser.runtime.getURL(`/${CARD_MODULE_FILE}`))
        .then((module: typeof import('./card.tsx')) => module.createCardUi(ctx, close))
        .then((ui) => (card = ui));
      // A failed load (the extension was updated under the page) is tried again on the next hover.
      loading.catch(() => {
        loading = null;
      });
      return loading;
    }

    /** The cached answer asked for as the pointer came to an address: the API is never asked for it. */
    let peek: { address: string; answer: Promise<LookupResult | null> } | null = null;

    const hover = watchHovers(ctx, scanner, {
      delayMs: () => settings.hoverDelayMs,
      prepare: (target) => {
        void loadCard().catch(() => {});
        // The answer (if cached) and a worker Chrome had stopped are ready by the time the delay ends.
        const answer = sendRequest({ type: 'cached', domain: domainOf(target.address) }).catch(() => null);
        peek = { address: target.address, answer };
      },
      show: (target) => {
        wanted = target;
        const cached = peek?.address === target.address ? peek.answer : undefined;
        // Used once: a later showing of the same address (a keyboard focus, say) asks afresh.
        peek = null;
        loadCard().then(
          (ui) => {
            if (wanted === target) ui.show(target, settings, cached);
          },
          () => {},
        );
      },
      hide: () => {
        wanted = null;
        card?.hide();
      },
      isInsideCard: (node) => card?.contains(node) ?? false,
    });
  },
});
