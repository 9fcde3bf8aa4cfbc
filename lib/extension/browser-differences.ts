/**
 * Where Chromium and Firefox differ for this extension, and why: the underline's style, the toolbar
 * button's API, and who may read the extension's storage. Nothing else in the code asks which browser it
 * runs in.
 */
// Imported by a build module too (modules/underline-style.ts), which runs in Node: it imports nothing that
// needs a browser.
import { UNDERLINE_NAME } from './underline-name.ts';

const UNDERLINE = 'text-decoration: underline dotted #0969da 2px; text-underline-offset: 2px;';

/**
 * The underline's style sheet for a build (written into it by modules/underline-style.ts). It comes with
 * the content script's manifest entry, so the browser has it before the page's first style is computed: a
 * style sheet adopted later made Chromium restyle the whole page (70-140 ms on the 5 MB benchmark page).
 */
export function underlineCss(browser: string): string {
  if (browser === 'firefox')
    // Firefox (140 and 153 ESR) has no highlight inheritance, so the rule is on every element; before 146 it
    // draws no text-decoration in ::highlight() at all (mdn/browser-compat-data#28782), and the tint is what
    // a person sees there.
    return `::highlight(${UNDERLINE_NAME}) { ${UNDERLINE} background-color: rgb(9 105 218 / 0.14); }\n`;
  // Chromium: on the root alone, which the page's elements inherit (CSS highlight inheritance, Chromium
  // 105+). The same rule on every element made each of the page's restyles twice as costly, every element
  // then having a highlight style of its own.
  return `:root::highlight(${UNDERLINE_NAME}) { ${UNDERLINE} }\n`;
}

/** What the extension asks of its toolbar button. */
interface ToolbarButton {
  setBadgeText(details: { tabId?: number; text: string }): unknown;
}

/** The toolbar button: `action` in the Chrome build (MV3), `browserAction` in Firefox's (MV2). */
export function toolbarButton(api: { action?: ToolbarButton; browserAction?: ToolbarButton }): ToolbarButton {
  const button = api.action ?? api.browserAction;
  if (!button) throw new Error('This browser has no toolbar button API');
  return button;
}

/**
 * Keeps the key in storage.local from content scripts: Chromium can (TRUSTED_CONTEXTS). Firefox has no
 * access levels, so there no message a content script may send returns the key (lib/extension/protocol.ts).
 */
export function keepStorageFromContentScripts(api: { storage: { local: object } }): void {
  const local = api.storage.local as { setAccessLevel?: (options: { accessLevel: string }) => Promise<void> };
  void local.setAccessLevel?.({ accessLevel: 'TRUSTED_CONTEXTS' }).catch(() => {});
}

/**
 * Where a person changes the keyboard shortcut and pins the toolbar button: each browser has its own menus,
 * so each has its own sentences (message keys of public/_locales).
 */
export function browserMenuWords(browser: string) {
  return browser === 'firefox'
    ? ({
        shortcut: 'optionsShortcutFirefox',
        noShortcut: 'optionsShortcutNoneFirefox',
        pin: 'optionsPinFirefox',
      } as const)
    : ({
        shortcut: 'optionsShortcutChromium',
        noShortcut: 'optionsShortcutNoneChromium',
        pin: 'optionsPinChromium',
      } as const);
}
