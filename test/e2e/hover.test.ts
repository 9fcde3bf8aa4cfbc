import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PLAIN_ADDRESSES } from '#test/fixtures/plain-page.ts';
import { BROWSERS } from '../support/driver.ts';
import { useBrowserStack } from '../support/extension-stack.ts';
import { type Box, cardsShown, textBox, watchForCards } from '../support/in-page.ts';
import { underlinePixels } from '../support/underline-pixels.ts';

/**
 * A person's flows on ordinary pages, in each browser with the built extension, against the real service
 * (behind a recording proxy) and a DNS server on loopback.
 */

/** Whether the extension registered its underline on the page, and how many style sheets were adopted. */
const touched = () => ({ highlights: CSS.highlights.size, sheets: document.adoptedStyleSheets.length });

describe.each(BROWSERS)('in %s', (name) => {
  // A delay a person would feel, so that a pointer passing over an address is told apart from one resting.
  const stack = useBrowserStack(name, { credits: 1_000, settings: { hoverDelayMs: 300 } });
  const proxy = () => stack.backend.proxy;
  const openPage = (page: string, addresses?: number) =>
    stack.browser.openPage(stack.backend.pages.url(page), addresses);
  const openPlain = () => openPage('plain.html', PLAIN_ADDRESSES.length);

  describe('hovering an address', () => {
    it('shows the provider card after the pointer rests on a text address', async () => {
      const page = await openPlain();
      await page.showCardOf('jane.doe+news@gmail.com');
      const { card } = page;
      expect(await card.text('provider-nice-name')).toBe('Gmail');
      expect(await card.text('verdict')).toBe('Gmail · free mail');
      expect(await card.text('provider-name')).toBe('Google (Public)');
      expect(await card.attribute('flag-freemail', 'data-value')).toBe('true');
      expect(await card.attribute('flag-disposable', 'data-value')).toBe('false');
      expect(await card.attribute('open-webmail', 'href')).toBe('https://mail.google.com/mail');
      expect(await card.attribute('search-webmail', 'href')).toBe(
        'https://mail.google.com/mail/#search/jane.doe%2Bnews%40gmail.com',
      );
      expect(await card.text('result-source')).toMatch(/From the Webmail Info API/);
      const addressBottom = await page.evaluate(() => {
        const text = document.querySelector('#gmail')?.firstChild as Text;
        const range = document.createRange();
        range.setStart(text, text.data.indexOf('jane'));
        range.setEnd(text, text.data.indexOf(' for'));
        return range.getBoundingClientRect().bottom;
      }, null);
      const cardTop = (await card.box('result-card'))?.y ?? -1;
      expect(cardTop - addressBottom).toBeGreaterThanOrEqual(0);
      expect(cardTop - addressBottom).toBeLessThan(20);
      await page.close();
    });

    it('does not open before the pointer has rested, nor asks the API', async () => {
      const page = await openPlain();
      await page.evaluate(watchForCards, null);
      const asked = proxy().countFor('workspace-customer.example.com');
      await page.hoverText('sales@workspace-customer.example.com');
      await page.moveTo({ x: 5, y: 5 });
      // A person then rests on another address: its delay started later, so once its card shows, the first
      // address's would have shown before it.
      await page.showCardOf('x7k2@duck.com');
      expect(await page.evaluate(cardsShown, null)).toBe(1);
      expect(proxy().countFor('workspace-customer.example.com')).toBe(asked);
      await page.close();
    });

    it('shows the card for a mailto: link, percent-decoded and without its query', async () => {
      const page = await openPlain();
      await page.hover('#mailto');
      await expect.poll(() => page.card.text('provider-nice-name')).toBe('Proton Mail');
      expect(await page.card.text('.wl-address')).toBe('Bob@proton.me');
      await page.close();
    });

    it('opens from the keyboard on a mailto: link a person tabs to, and closes with Escape', async () => {
      // Once the extension has read the page (its badge counts it), the link is the first stop for Tab.
      const page = await openPlain();
      await page.press('Tab');
      await expect.poll(() => page.card.text('provider-nice-name')).toBe('Proton Mail');
      await page.press('Escape');
      await expect.poll(() => page.card.isOpen()).toBe(false);
      await page.close();
    });

    it('closes when the page scrolls', async () => {
      const page = await openPlain();
      await page.showCardOf('jane.doe+news@gmail.com');
      await page.evaluate(() => {
        document.body.style.minHeight = '200vh';
      }, null);
      // A wheel turned before the page has laid out its new height scrolls nothing (seen once in Firefox on
      // a loaded machine): the person turns it again until the page has moved.
      await expect
        .poll(async () => {
          await page.wheel(0, 120);
          return page.evaluate(() => window.scrollY, null);
        })
        .toBeGreaterThan(0);
      // The card about that address closes. The browser then moves the pointer over whatever scrolled under
      // it (Firefox sends the move as a person's), and a card about another address there may open.
      const cardAbout = async () => ((await page.card.isOpen()) ? await page.card.text('.wl-address') : null);
      await expect.poll(cardAbout).not.toBe('jane.doe+news@gmail.com');
      await page.close();
    });

    it('finds Gmail-style [email] chips that arrive after load', async () => {
      const page = await openPage('gmail-like.html');
      await page.hover('[email="ceo@m365-customer.example.com"]');
      await expect.poll(() => page.card.text('provider-nice-name')).toBe('Microsoft 365');
      expect(await page.card.attribute('flag-freemail', 'data-value')).toBe('false');
      await page.close();
    });

    it("reads Gmail's and Google's apps' people as marked up today, and their account ids not at all", async () => {
      const everyone = [
        'agent@gmail.com',
        'billing@new-workspace-customer.example.com',
        'buyer@m365-customer.example.com',
        'ceo@m365-customer.example.com',
        'it@workspace-customer.example.com',
        'jane.doe@gmail.com',
        'late.reply@gmail.com',
        'owner@m365-customer.example.com',
        'planner@workspace-customer.example.com',
      ];
      const page = await openPage('gmail-today.html', everyone.length);
      await expect.poll(() => page.addresses()).toEqual(everyone);

      // The compose chip shows a name only: the card comes from its attribute.
      await page.hover('[role="option"][data-hovercard-id="buyer@m365-customer.example.com"]');
      await expect.poll(() => page.card.text('provider-nice-name')).toBe('Microsoft 365');
      await page.close();

      // With Gmail integration off, only the addresses written in the page's text are read: the draft's
      // address arrives with the chip, so once it is listed the chip has been passed over.
      await stack.browser.configure({ settings: { gmailIntegration: false } });
      const off = await openPage('gmail-today.html');
      await off.waitFor('[role="option"]');
      await expect
        .poll(() => off.addresses())
        .toEqual([
          'billing@new-workspace-customer.example.com',
          'jane.doe@gmail.com',
          'late.reply@gmail.com',
        ]);
      await stack.browser.configure({ settings: { gmailIntegration: true } });
      await off.close();
    });

    it('puts the query into the search template encoded: spaces, +, &, #, unicode', async () => {
      await stack.browser.configure({ settings: { searchQueryTemplate: 'from:{address} "a b" + & # ü' } });
      const page = await openPlain();
      await page.showCardOf('jane.doe+news@gmail.com');
      const href = await page.card.attribute('search-webmail', 'href');
      expect(href).toBe(
        `https://mail.google.com/mail/#search/${encodeURIComponent('from:jane.doe+news@gmail.com "a b" + & # ü')}`,
      );
      expect(href).toContain('%20%2B%20%26%20%23%20%C3%BC');
      await stack.browser.configure({ settings: { searchQueryTemplate: '{address}' } });
      await page.close();
    });

    it('shows a privacy relay without links, saying why', async () => {
      const page = await openPlain();
      await page.showCardOf('x7k2@duck.com');
      expect(await page.card.attribute('flag-privacy', 'data-value')).toBe('true');
      expect(await page.card.count('open-webmail')).toBe(0);
      expect(await page.card.count('search-webmail')).toBe(0);
      expect(await page.card.text('relay-explanation')).toMatch(/privacy relay/);
      await page.close();
    });

    it('says plainly when no provider is found: mail that will bounce, or a mailbox it cannot name', async () => {
      const page = await openPlain();
      await page.showCardOf('old@no-mx.example.com');
      expect(await page.card.text('error-message')).toMatch(/Will bounce: this domain takes no mail/);
      expect(await page.card.attribute('result-card', 'data-verdict')).toBe('will-bounce');
      await page.showCardOf('help@unknown-provider.example.com');
      expect(await page.card.text('error-message')).toMatch(/A mailbox we can't name/);
      expect(await page.card.attribute('result-card', 'data-verdict')).toBe('unrecognised-provider');
      await page.close();
    });

    it('makes no API request for a second hover on the same domain', async () => {
      const page = await openPlain();
      await page.showCardOf('jane.doe+news@gmail.com');
      const before = proxy().countFor('gmail.com');
      await page.moveTo({ x: 5, y: 5 });
      await page.card.closed();
      await page.showCardOf('jane.doe+news@gmail.com');
      expect(proxy().countFor('gmail.com')).toBe(before);
      await page.close();
    });

    it('makes one API request when two tabs hover one domain at once', async () => {
      const [first, second] = await Promise.all([openPlain(), openPlain()]);
      await Promise.all([
        first.showCardOf('sales@workspace-customer.example.com'),
        second.showCardOf('sales@workspace-customer.example.com'),
      ]);
      expect(proxy().countFor('workspace-customer.example.com')).toBe(1);
      await Promise.all([first.close(), second.close()]);
    });

    it('refresh asks again with skip_cache', async () => {
      const page = await openPlain();
      await page.showCardOf('jane.doe+news@gmail.com');
      const before = proxy().requests.length;
      await page.card.click('refresh');
      await expect.poll(() => proxy().requests.length).toBe(before + 1);
      expect(proxy().requests.at(-1)?.body).toEqual({ email: 'gmail.com', skip_cache: true });
      await expect.poll(() => page.card.text('provider-nice-name')).toBe('Gmail');
      await page.close();
    });

    it('sends the API the domain only, never the address, with the key as a Bearer token', () => {
      expect(proxy().requests.length).toBeGreaterThan(0);
      for (const request of proxy().requests) {
        expect(request.path).toBe('/public_api/v1/get_webmail_info');
        expect(String((request.body as { email: string }).email)).not.toContain('@');
        expect(request.authorization).toBe(`Bearer ${stack.backend.key}`);
      }
    });
  });

  describe('the page itself', () => {
    it('sees no error from the extension', async () => {
      const page = await openPlain();
      await page.showCardOf('jane.doe+news@gmail.com');
      await page.press('Escape');
      await page.card.closed();
      expect(page.errors).toEqual([]);
      await page.close();
    });

    it('is never modified: its body is exactly what the server sent', async () => {
      const page = await openPlain();
      await page.showCardOf('jane.doe+news@gmail.com');
      const source = readFileSync(new URL('../fixtures/pages/plain.html', import.meta.url), 'utf8');
      const same = await page.evaluate((html) => {
        const original = new DOMParser().parseFromString(html, 'text/html').body;
        return original.isEqualNode(document.body);
      }, source);
      expect(same).toBe(true);
      await page.close();
    });

    it('draws the underline under an address, where a person sees it, and under no other text', async () => {
      const page = await openPlain();
      await expect
        .poll(() => page.evaluate(() => CSS.highlights.get('webmail-lookup')?.size ?? 0, null))
        .toBeGreaterThanOrEqual(5);
      const screenshot = await page.screenshot();
      const address = (await page.evaluate(textBox, 'x7k2@duck.com')) as Box;
      const plainWords = (await page.evaluate(textBox, 'Replies go to')) as Box;
      expect(underlinePixels(screenshot, address)).toBeGreaterThan(20);
      expect(underlinePixels(screenshot, plainWords)).toBe(0);
      await page.close();
    });

    it('leaves a page without addresses without a highlight until one arrives, and never adds a style sheet', async () => {
      const blank = await openPage('blank.html');
      // A page opened after it, read and underlined: by then the blank one has been read too.
      const control = await openPlain();
      await expect
        .poll(() => control.evaluate(() => CSS.highlights.get('webmail-lookup')?.size ?? 0, null))
        .toBeGreaterThanOrEqual(5);
      expect(await blank.evaluate(touched, null)).toEqual({ highlights: 0, sheets: 0 });
      await blank.evaluate(() => {
        const line = document.createElement('p');
        line.textContent = 'Now write to jane@gmail.com';
        document.body.append(line);
      }, null);
      await expect.poll(() => blank.evaluate(touched, null)).toEqual({ highlights: 1, sheets: 0 });
      await control.close();
      await blank.close();
    });

    it('counts the distinct addresses on the badge, leaving inputs, editable text and non-addresses out', async () => {
      // The badge counts six; the list holds them, and no address written in a field or editable text
      // (editor@gmail.com): a card opens only over an address in the list.
      const page = await openPlain();
      expect(await page.badge()).toBe(String(PLAIN_ADDRESSES.length));
      expect(await page.addresses()).toEqual(PLAIN_ADDRESSES);
      await page.close();
    });

    it('stays off on a site the person switched it off for: nothing found, underlined or shown there', async () => {
      await stack.browser.configure({ settings: { disabledSites: ['127.0.0.1'] } });
      const off = await openPage('plain.html');
      await off.hoverText('jane.doe+news@gmail.com', { underlined: false });
      // The same page on a host not listed, opened after it: once a person's hover there has shown its
      // card, the listed page would have been read, underlined and shown a card too.
      const on = await stack.browser.openPage(
        stack.backend.pages.url('plain.html').replace('127.0.0.1', 'localhost'),
      );
      await on.showCardOf('jane.doe+news@gmail.com');
      expect(await off.card.isOpen()).toBe(false);
      expect(await off.evaluate(() => CSS.highlights.has('webmail-lookup'), null)).toBe(false);
      expect(await off.badge()).toBe('');
      await stack.browser.configure({ settings: { disabledSites: [] } });
      await on.close();
      await off.close();
    });
  });
});
