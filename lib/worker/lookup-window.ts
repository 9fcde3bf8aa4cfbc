import { type Browser, browser } from 'wxt/browser';
import { contextMenuQuery } from '#core/email/context-query.ts';
import { t } from '#extension/i18n.ts';
import { LOOKUP_COMMAND } from '#extension/keyboard-command.ts';
import { QUERY_UNDER_FOCUS } from '#extension/protocol.ts';
import { queryUnderFocusSchema } from './request-schema.ts';

const CONTEXT_MENU_ID = 'lookup-webmail-provider';

/** The popup in a window of its own, looking up `query` at once (the context menu, the shortcut). */
function openLookupWindow(query: string): void {
  void browser.windows.create({
    url: `${browser.runtime.getURL('/popup.html')}?lookup=${encodeURIComponent(query)}`,
    type: 'popup',
    width: 400,
    height: 560,
  });
}

/** The context menu on a selection or a mailto: link; made once, when the extension is installed or updated. */
export function createLookupMenu(): void {
  browser.contextMenus.create({
    id: CONTEXT_MENU_ID,
    title: t('contextMenuLookup'),
    contexts: ['selection', 'link'],
    targetUrlPatterns: ['mailto:*'],
  });
}

/** Names the menu item in the language in force; nothing to do before the menu is made. */
export function retitleLookupMenu(): void {
  void Promise.resolve(browser.contextMenus.update(CONTEXT_MENU_ID, { title: t('contextMenuLookup') })).catch(
    () => {},
  );
}

/** Where the person asks for a lookup outside the page: the context menu and the keyboard shortcut. */
export function listenForLookupWindows(): void {
  browser.contextMenus.onClicked.addListener((info: Browser.contextMenus.OnClickData) => {
    if (info.menuItemId !== CONTEXT_MENU_ID) return;
    openLookupWindow(contextMenuQuery(info));
  });
  // The shortcut: the selected text or focused address on the active tab; the popup's empty form where
  // the page has none (or no content script, as on the browser's own pages).
  browser.commands.onCommand.addListener(async (command) => {
    if (command !== LOOKUP_COMMAND) return;
    const [tab] = await browser.tabs.query({ active: true, currentWindow: true });
    const answer: unknown =
      tab?.id === undefined
        ? null
        : await browser.tabs.sendMessage(tab.id, { type: QUERY_UNDER_FOCUS }).catch(() => null);
    const parsed = queryUnderFocusSchema.safeParse(answer);
    openLookupWindow(parsed.success ? parsed.data.query : '');
  });
}
