import { browser } from 'wxt/browser';
import type { ContentScriptContext } from 'wxt/utils/content-script-context';
import { MAX_QUERY_LENGTH } from '#extension/limits.ts';
import { QUERY_UNDER_FOCUS, type QueryUnderFocusAnswer } from '#extension/protocol.ts';
import type { PageScanner } from './page-scanner.ts';

/**
 * Answers the keyboard shortcut's question from the background: what the person means on this page, the
 * selected text, else the address of the focused element (a mailto: link, a Gmail chip). Only the
 * background asks (tabs.sendMessage); a content script's own messages never reach this listener.
 */
export function answerQueryUnderFocus(ctx: ContentScriptContext, scanner: PageScanner): void {
  const listener = (message: unknown): Promise<QueryUnderFocusAnswer> | undefined => {
    if ((message as { type?: unknown } | null)?.type !== QUERY_UNDER_FOCUS) return undefined;
    const selected = getSelection()?.toString().trim() ?? '';
    const focused = scanner.addressOfElement(document.activeElement)?.address ?? '';
    return Promise.resolve({ query: (selected || focused).slice(0, MAX_QUERY_LENGTH) });
  };
  browser.runtime.onMessage.addListener(listener);
  ctx.onInvalidated(() => browser.runtime.onMessage.removeListener(listener));
}
