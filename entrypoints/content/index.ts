import { browser } from 'wxt/browser';
import type { ContentScriptContext } from 'wxt/utils/content-script-context';
import { defineContentScript } from 'wxt/utils/define-content-script';
import { type ContentSettings, sendRequest } from '#extension/messaging.ts';
import { CARD_TAG } from '#page/card-module.ts';
import { HoverWatcher } from '#page/hover.ts';
import { createPageScanner } from '#page/page-scanner.ts';
import { answerQueryUnderFocus } from '#page/query-under-focus.ts';
import { addressSources } from '#page/sources/index.ts';
import { loadTopLevelDomains, TOP_LEVEL_DOMAINS_FILE } from '#page/top-level-domains-module.ts';
import { LazyCard } from './lazy-card.ts';

const readSettings = () => sendRequest({ type: 'content-settings', hostname: location.hostname });

/** The settings as last read: settings changed in another page apply when the person comes back to this one. */
function followSettings(ctx: ContentScriptContext, initial: ContentSettings): () => ContentSettings {
  let settings = initial;
  ctx.addEventListener(document, 'visibilitychange', () => {
    if (document.visibilityState !== 'visible') return;
    readSettings().then(
      (next) => {
        settings = next;
      },
      () => {},
    );
  });
  return () => settings;
}

const reportAddresses = (addresses: string[]) => {
  sendRequest({ type: 'report-addresses', addresses }).catch(() => {});
};

export default defineContentScript({
  matches: ['<all_urls>'],
  allFrames: true,
  runAt: 'document_idle',
  async main(ctx) {
    // The task that evaluates this script is the longest it runs (compiling it, WXT's context, the
    // extension's bindings: 10-15 ms in Chromium 150 on a 2-core machine); the rest has tasks of its own.
    await new Promise<void>((resolve) => ctx.setTimeout(resolve, 0));
    // Addresses are judged by their top-level domain: the list comes in beside the settings.
    const [initial] = await Promise.all([
      readSettings(),
      loadTopLevelDomains(browser.runtime.getURL(`/${TOP_LEVEL_DOMAINS_FILE}`)),
    ]);
    if (!initial.enabled) return;
    const settings = followSettings(ctx, initial);
    const scanner = createPageScanner(
      ctx,
      addressSources(initial, location.hostname),
      reportAddresses,
      CARD_TAG,
    );
    scanner.start();
    answerQueryUnderFocus(ctx, scanner);
    const card = new LazyCard(ctx, settings, () => hover.hide());
    const hover = new HoverWatcher(ctx, scanner, card);
  },
});
