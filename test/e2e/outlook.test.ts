import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import messages from '../../public/_locales/en/messages.json';
import { OUTLOOK_LIKE_ON_LOAD as ON_LOAD } from '../fixtures/outlook-like.ts';
import { BROWSERS, type BrowserDriver, launchBrowser, type PageDriver } from '../support/driver.ts';
import { type Backend, SUITE_HOVER_DELAY_MS, startBackend } from '../support/extension-stack.ts';
import { type LoopbackHost, startLoopbackHost } from '../support/loopback-host.ts';
import { expectPopupList, type RecordedMarkup, recordMarkup } from '../support/page-checks.ts';
import { closeAll } from '../support/teardown.ts';

/**
 * Outlook on the web, in each browser: the Outlook-like fixture served at https://outlook.office.com from
 * loopback (support/loopback-host.ts), with the built extension against the real service. The badge and the
 * popup count the people Outlook shows by name, a name opens the card of its address, the page's markup is
 * never touched, and the tab's list follows the view as the page opens another conversation by history.
 */
const HOST = 'outlook.office.com';

/** Once Jane Doe's conversation is open in its place. */
const AFTER_OPENING_C2 = [
  'dana@m365-customer.example.com',
  'jane.doe@gmail.com',
  'lee@mimecast-workspace.example.com',
  'mara@outlook-personal-domain.example.com',
  'x7k2@duck.com',
];

/** The centre of an element on the page, scrolled into view; null without it. */
function centreOf(selector: string): { x: number; y: number } | null {
  const element = document.querySelector(selector);
  element?.scrollIntoView({ block: 'center' });
  const box = element?.getBoundingClientRect();
  return box ? { x: box.x + box.width / 2, y: box.y + box.height / 2 } : null;
}

describe.each(BROWSERS)('Outlook on the web, in %s', (name) => {
  let host: LoopbackHost;
  let backend: Backend;
  let browser: BrowserDriver;
  let page: PageDriver;
  let markup: RecordedMarkup;
  /** When the page's document began: another load would begin another. */
  let loadedAt: number;

  beforeAll(async () => {
    host = await startLoopbackHost(HOST);
    backend = await startBackend({ credits: 100 });
    browser = await launchBrowser(name, host.launch);
    await browser.configure({
      apiKey: backend.key,
      settings: { baseUrl: backend.proxy.url, hoverDelayMs: SUITE_HOVER_DELAY_MS },
    });
    page = await browser.openPage(host.pages.url('outlook-like.html'), ON_LOAD.length);
    markup = await recordMarkup(page);
    loadedAt = await page.evaluate(() => performance.timeOrigin, null);
  });

  afterAll(() => closeAll({ [name]: browser, backend, 'loopback host': host }));

  /** Closes any card, rests the pointer on an element, and waits for the card to answer. */
  async function restOn(selector: string) {
    await page.press('Escape');
    await page.card.closed();
    const centre = await page.evaluate(centreOf, selector);
    if (!centre) throw new Error(`the page has no ${selector}`);
    await page.moveTo({ x: 1, y: 1 });
    await page.moveTo(centre);
    await page.card.answered();
  }

  it('counts every person on the badge, and the popup lists them: senders, recipients, the thread’s messages, the draft', async () => {
    expect(await page.badge()).toBe(String(ON_LOAD.length));
    await expectPopupList(browser, page, ON_LOAD);
  });

  it('a sender shown by name only opens the card of the address the name stands for', async () => {
    await restOn('#MSG_m1_FROM [role="button"]');
    expect(await page.card.text('.wl-address')).toBe('dana@m365-customer.example.com');
    expect(await page.card.text('provider-nice-name')).toBe('Microsoft 365');
    // No search link works in Outlook: the mailbox opens and the search is copied, and the card says so.
    expect(await page.card.attribute('search-webmail', 'href')).toBe('https://outlook.office.com/mail/');
    expect(await page.card.text('search-paste-note')).toBe(messages.cardSearchOpensOutlook.message);
  });

  it('so do a message list’s sender and a draft’s recipient', async () => {
    await restOn('#row-c2 [title]');
    expect(await page.card.text('.wl-address')).toBe('jane.doe@gmail.com');
    expect(await page.card.text('provider-nice-name')).toBe('Gmail');
    await restOn('#chip-lee');
    expect(await page.card.text('.wl-address')).toBe('lee@mimecast-workspace.example.com');
  });

  it('an address in a message’s text opens its card as on any page', async () => {
    await page.press('Escape');
    await page.card.closed();
    await page.hoverText('billing@outlook.com');
    await page.card.answered();
    expect(await page.card.text('.wl-address')).toBe('billing@outlook.com');
    expect(await page.card.text('provider-nice-name')).toBe('Outlook.com');
  });

  it('leaves the page’s markup as it was served', async () => {
    await page.press('Escape');
    await page.card.closed();
    await markup.expectUnchanged();
  });

  it('follows the view: opening another conversation without a page load, the badge and the popup show it alone', async () => {
    await page.click('#row-c2 [title]');
    expect(await page.evaluate(() => location.pathname, null)).toBe('/mail/inbox/id/c2');
    await expect.poll(() => page.badge()).toBe(String(AFTER_OPENING_C2.length));
    await expectPopupList(browser, page, AFTER_OPENING_C2);
    // The page was not loaded again: its document is the one that began on load.
    expect(await page.evaluate(() => performance.timeOrigin, null)).toBe(loadedAt);
  });
});
