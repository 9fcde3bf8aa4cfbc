import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSERS, type BrowserDriver, launchBrowser, type PageDriver } from '../support/driver.ts';
import { type Backend, SUITE_HOVER_DELAY_MS, startBackend } from '../support/extension-stack.ts';
import { type LoopbackHost, startLoopbackHost } from '../support/loopback-host.ts';
import { expectPopupList, type RecordedMarkup, recordMarkup } from '../support/page-checks.ts';
import { closeAll } from '../support/teardown.ts';

/**
 * Sales and support web apps, in each browser: each site's fixture page (test/fixtures/pages/, where each
 * one cites where its markup was seen) served at the site's own host name from loopback, with the built
 * extension against the real service. These sites show an address as text or as a `mailto:` link, so no
 * adapter runs: the shared scanner finds them, the badge and the popup count them, an address opens its
 * card, and the page's markup is never touched. One browser of each kind visits every site, a tab each.
 */
interface Site {
  site: string;
  host: string;
  page: string;
  /** What the badge counts and the popup lists, sorted. */
  addresses: string[];
  /** Where the pointer rests: an address as text, or an element (`#…`) whose link holds it. */
  hover: string;
  /** The card's address, and the provider it names. */
  card: { address: string; provider: string };
}

const SITES: Site[] = [
  {
    site: 'HubSpot, a contact record’s email property',
    host: 'app.hubspot.com',
    page: 'hubspot-contact.html',
    addresses: ['priya@workspace-customer.example.com'],
    hover: 'priya@workspace-customer.example.com',
    card: { address: 'priya@workspace-customer.example.com', provider: 'Google Workspace' },
  },
  {
    site: 'Zendesk, the requester’s user card',
    host: 'acme.zendesk.com',
    page: 'zendesk-ticket.html',
    addresses: ['omar@m365-customer.example.com'],
    hover: 'omar@m365-customer.example.com',
    card: { address: 'omar@m365-customer.example.com', provider: 'Microsoft 365' },
  },
  {
    site: 'Freshdesk, the requester’s mailto: link and contact card, and the CCs',
    host: 'acme.freshdesk.com',
    page: 'freshdesk-ticket.html',
    addresses: ['kai@outlook.com', 'lena@proton.me'],
    hover: '#requester-link',
    card: { address: 'lena@proton.me', provider: 'Proton Mail' },
  },
  {
    site: 'Intercom, the details sidebar',
    host: 'app.intercom.com',
    page: 'intercom-conversation.html',
    addresses: ['noah@outlook.com'],
    hover: 'noah@outlook.com',
    card: { address: 'noah@outlook.com', provider: 'Outlook.com' },
  },
  {
    site: 'LinkedIn, the contact-info overlay’s mailto: link',
    host: 'www.linkedin.com',
    page: 'linkedin-contact-info.html',
    addresses: ['ana.souza@gmail.com'],
    hover: '#contact-email',
    card: { address: 'ana.souza@gmail.com', provider: 'Gmail' },
  },
  {
    site: 'Salesforce Lightning, lightning-formatted-email’s mailto: links, in synthetic and in native shadow',
    host: 'acme.lightning.force.com',
    page: 'salesforce-record.html',
    // The record visited before stays in the document, hidden: its addresses are not counted.
    addresses: [
      'accounts@outlook.com',
      'rosa@workspace-customer.example.com',
      // In a native (open) shadow root.
      'tom@proton.me',
    ],
    // A labelled link: the address is in its `href` alone.
    hover: '#billing-email a',
    card: { address: 'accounts@outlook.com', provider: 'Outlook.com' },
  },
];

const SALESFORCE = SITES.find((site) => site.host === 'acme.lightning.force.com') as Site;
/** The record visited before, shown again when the person goes back to it. */
const MARA_QUINN = ['mara.quinn@gmail.com', 'mara@outlook-personal-domain.example.com'];

describe.each(BROWSERS)('CRMs and help desks, in %s', (name) => {
  let host: LoopbackHost;
  let backend: Backend;
  let browser: BrowserDriver;

  beforeAll(async () => {
    host = await startLoopbackHost(SITES.map((site) => site.host));
    backend = await startBackend({ credits: 100 });
    browser = await launchBrowser(name, host.launch);
    await browser.configure({
      apiKey: backend.key,
      settings: { baseUrl: backend.proxy.url, hoverDelayMs: SUITE_HOVER_DELAY_MS },
    });
  });

  afterAll(() => closeAll({ [name]: browser, backend, 'loopback host': host }));

  describe.each(SITES)('$site, at $host', (site) => {
    let page: PageDriver;
    let markup: RecordedMarkup;

    beforeAll(async () => {
      page = await browser.openPage(host.url(site.host, site.page), site.addresses.length);
      markup = await recordMarkup(page);
    });

    afterAll(() => closeAll({ [`the tab of ${site.host}`]: page }));

    it('counts the addresses on the badge, and the popup lists them', async () => {
      expect(await page.badge()).toBe(String(site.addresses.length));
      await expectPopupList(browser, page, site.addresses);
    });

    it('an address opens its card, naming its provider', async () => {
      if (site.hover.startsWith('#')) {
        await page.hover(site.hover);
        await page.card.answered();
      } else {
        await page.showCardOf(site.hover);
      }
      expect(await page.card.text('.wl-address')).toBe(site.card.address);
      expect(await page.card.text('provider-nice-name')).toBe(site.card.provider);
    });

    it('leaves the page’s markup as it was served', async () => {
      await page.press('Escape');
      await page.card.closed();
      await markup.expectUnchanged();
    });
  });

  describe('Salesforce Lightning, going back to the record visited before', () => {
    let page: PageDriver;

    beforeAll(async () => {
      page = await browser.openPage(host.url(SALESFORCE.host, SALESFORCE.page), SALESFORCE.addresses.length);
    });

    afterAll(() => closeAll({ [`the tab of ${SALESFORCE.host}`]: page }));

    it('the badge and the popup hold the record shown, and follow the page as it shows the other', async () => {
      expect(await page.addresses()).toEqual(SALESFORCE.addresses);
      await expectPopupList(browser, page, SALESFORCE.addresses);
      const loadedAt = await page.evaluate(() => performance.timeOrigin, null);
      await page.click('#back-to-mara');
      expect(await page.evaluate(() => location.pathname, null)).toBe('/lightning/r/Contact/003MARA/view');
      await expect.poll(() => page.addresses()).toEqual(MARA_QUINN);
      expect(await page.badge()).toBe(String(MARA_QUINN.length));
      await expectPopupList(browser, page, MARA_QUINN);
      // The page was not loaded again: Rosa's record is still in its document, hidden.
      expect(await page.evaluate(() => performance.timeOrigin, null)).toBe(loadedAt);
      expect(await page.count('#rosa-record a[href^="mailto:"]')).toBe(2);
    });
  });
});
