import { expect } from 'vitest';
import type { BrowserDriver, PageDriver } from './driver.ts';
import { pageMarkup, popupAddresses, servedMarkup } from './in-page.ts';

/** A page's own markup as it was when recorded (on load). */
export interface RecordedMarkup {
  /** Checks the page's markup is still what was recorded, and what the server sent. */
  expectUnchanged(): Promise<void>;
}

/** Records the page's own markup now, the extension's card aside, to check later that nothing changed it. */
export async function recordMarkup(page: PageDriver): Promise<RecordedMarkup> {
  const recorded = await page.evaluate(pageMarkup, null);
  return {
    async expectUnchanged() {
      const now = await page.evaluate(pageMarkup, null);
      expect(now).toBe(recorded);
      expect(now).toBe(await page.evaluate(servedMarkup, null));
    },
  };
}

/** Waits until the popup's list for the page's tab is `expected` (sorted), and closes the popup. */
export async function expectPopupList(browser: BrowserDriver, page: PageDriver, expected: string[]) {
  const popup = await browser.openPopup({ tab: page });
  try {
    await expect.poll(() => popup.evaluate(popupAddresses, null)).toEqual(expected);
  } finally {
    await popup.close();
  }
}
