import { browser } from 'wxt/browser';
import { apiKeyItem } from '#extension/stored.ts';
import { createLookupMenu } from './lookup-window.ts';

/**
 * On install or update: the welcome page on a first install, the demo key of a local build, the menu, named
 * in the language in force once the worker speaks it (`wordsReady`, lib/worker/words.ts).
 */
export function listenForInstall(wordsReady: () => Promise<unknown>): void {
  browser.runtime.onInstalled.addListener(async ({ reason }) => {
    // A first install, not an update: the welcome page takes the key and shows what the card will be.
    if (reason === 'install') void browser.tabs.create({ url: browser.runtime.getURL('/welcome.html') });
    // `npm start` builds with the local service's demo key so the product works on first run.
    const demoKey = import.meta.env.WXT_DEMO_API_KEY;
    if (demoKey && !(await apiKeyItem.getValue())) await apiKeyItem.setValue(demoKey);
    createLookupMenu();
    void wordsReady().catch(() => {});
  });
}
