import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumCard, hoverText } from './support/extension-browser.ts';
import { type Box, textBox } from './support/in-page.ts';
import { type ExtensionStack, startExtensionStack } from './support/stack.ts';
import { underlinePixels } from './support/underline-pixels.ts';

/**
 * A person's flows on ordinary pages, in real Chromium with the built extension, against the real
 * service (behind a recording proxy) and a DNS server on loopback.
 */
let stack: ExtensionStack;
let key: string;
const browser = () => stack.browser;
const proxy = () => stack.proxy;

beforeAll(async () => {
  stack = await startExtensionStack({ credits: 1_000, settings: { hoverDelayMs: 300 } });
  key = stack.key;
});

afterAll(() => stack?.close());

async function openPage(name: string): Promise<Page> {
  const page = await browser().context.newPage();
  await page.goto(stack.pages.url(name));
  return page;
}

async function cardFor(page: Page, address: string) {
  await hoverText(page, address);
  const card = chromiumCard(page);
  await card.answered();
  return card;
}

describe('hovering an address', () => {
  it('shows the provider card after the pointer rests on a text address', async () => {
    const page = await openPage('plain.html');
    const card = await cardFor(page, 'jane.doe+news@gmail.com');
    expect(await card.text('provider-nice-name')).toBe('Gmail');
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
    });
    const cardTop = (await card.box('result-card'))?.y ?? -1;
    expect(cardTop - addressBottom).toBeGreaterThanOrEqual(0);
    expect(cardTop - addressBottom).toBeLessThan(20);
    await page.close();
  });

  it('does not open before the pointer has rested, nor asks the API', async () => {
    const page = await openPage('plain.html');
    const asked = proxy().countFor('workspace-customer.example.com');
    await hoverText(page, 'sales@workspace-customer.example.com');
    await page.mouse.move(5, 5);
    await page.waitForTimeout(500);
    expect(await chromiumCard(page).isOpen()).toBe(false);
    expect(proxy().countFor('workspace-customer.example.com')).toBe(asked);
    await page.close();
  });

  it('shows the card for a mailto: link, percent-decoded and without its query', async () => {
    const page = await openPage('plain.html');
    await page.hover('#mailto');
    const card = chromiumCard(page);
    await expect.poll(() => card.text('provider-nice-name')).toBe('Proton Mail');
    expect(await card.text('.wl-address')).toBe('Bob@proton.me');
    await page.close();
  });

  it('opens from the keyboard on a mailto: link a person tabs to, and closes with Escape', async () => {
    const page = await openPage('plain.html');
    // Once the extension has read the page (its badge counts it), the link is the first stop for Tab.
    await expect.poll(() => browser().badgeOf(page)).toBe('6');
    await page.keyboard.press('Tab');
    const card = chromiumCard(page);
    await expect.poll(() => card.text('provider-nice-name')).toBe('Proton Mail');
    await page.keyboard.press('Escape');
    await expect.poll(() => card.isOpen()).toBe(false);
    await page.close();
  });

  it('closes when the page scrolls', async () => {
    const page = await openPage('plain.html');
    const card = await cardFor(page, 'jane.doe+news@gmail.com');
    await page.evaluate(() => {
      document.body.style.minHeight = '200vh';
    });
    await page.mouse.wheel(0, 120);
    await expect.poll(() => card.isOpen()).toBe(false);
    await page.close();
  });

  it('finds Gmail-style [email] chips that arrive after load', async () => {
    const page = await openPage('gmail-like.html');
    const chip = page.locator('[email="ceo@m365-customer.example.com"]');
    await chip.waitFor();
    await chip.hover();
    const card = chromiumCard(page);
    await expect.poll(() => card.text('provider-nice-name')).toBe('Microsoft 365');
    expect(await card.attribute('flag-freemail', 'data-value')).toBe('false');
    await page.close();
  });

  it("reads Gmail's and Google's apps' people as marked up today, and their account ids not at all", async () => {
    const page = await openPage('gmail-today.html');
    const chip = page.locator('[role="option"][data-hovercard-id="buyer@m365-customer.example.com"]');
    await chip.waitFor();
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
    await expect.poll(() => browser().badgeOf(page)).toBe(String(everyone.length));
    await expect.poll(() => browser().addressesOf(page)).toEqual(everyone);

    // The compose chip shows a name only: the card comes from its attribute.
    await chip.hover();
    await expect.poll(() => chromiumCard(page).text('provider-nice-name')).toBe('Microsoft 365');
    await page.close();

    // With Gmail integration off, only the addresses written in the page's text are read: the draft's
    // address arrives with the chip, so once it is listed the chip has been passed over.
    await browser().configure({ settings: { gmailIntegration: false } });
    const off = await openPage('gmail-today.html');
    await off.locator('[role="option"]').waitFor();
    await expect
      .poll(() => browser().addressesOf(off))
      .toEqual(['billing@new-workspace-customer.example.com', 'jane.doe@gmail.com', 'late.reply@gmail.com']);
    await browser().configure({ settings: { gmailIntegration: true } });
    await off.close();
  });

  it('puts the query into the search template encoded: spaces, +, &, #, unicode', async () => {
    await browser().configure({ settings: { searchQueryTemplate: 'from:{address} "a b" + & # ü' } });
    const page = await openPage('plain.html');
    const card = await cardFor(page, 'jane.doe+news@gmail.com');
    const href = await card.attribute('search-webmail', 'href');
    expect(href).toBe(
      `https://mail.google.com/mail/#search/${encodeURIComponent('from:jane.doe+news@gmail.com "a b" + & # ü')}`,
    );
    expect(href).toContain('%20%2B%20%26%20%23%20%C3%BC');
    await browser().configure({ settings: { searchQueryTemplate: '{address}' } });
    await page.close();
  });

  it('shows a privacy relay without links, saying why', async () => {
    const page = await openPage('plain.html');
    const card = await cardFor(page, 'x7k2@duck.com');
    expect(await card.attribute('flag-privacy', 'data-value')).toBe('true');
    expect(await card.count('open-webmail')).toBe(0);
    expect(await card.count('search-webmail')).toBe(0);
    expect(await card.text('relay-explanation')).toMatch(/privacy relay/);
    await page.close();
  });

  it('says plainly when no provider is found', async () => {
    const page = await openPage('plain.html');
    const card = await cardFor(page, 'old@no-mx.example.com');
    expect(await card.text('error-message')).toMatch(/No mail provider found/);
    await page.close();
  });

  it('makes no API request for a second hover on the same domain', async () => {
    const page = await openPage('plain.html');
    const card = await cardFor(page, 'jane.doe+news@gmail.com');
    const before = proxy().countFor('gmail.com');
    await page.mouse.move(5, 5);
    await card.closed();
    await cardFor(page, 'jane.doe+news@gmail.com');
    expect(proxy().countFor('gmail.com')).toBe(before);
    await page.close();
  });

  it('makes one API request when two tabs hover one domain at once', async () => {
    const [first, second] = await Promise.all([openPage('plain.html'), openPage('plain.html')]);
    if (!first || !second) throw new Error('no pages');
    await Promise.all([
      cardFor(first, 'sales@workspace-customer.example.com'),
      cardFor(second, 'sales@workspace-customer.example.com'),
    ]);
    expect(proxy().countFor('workspace-customer.example.com')).toBe(1);
    await Promise.all([first.close(), second.close()]);
  });

  it('refresh asks again with skip_cache', async () => {
    const page = await openPage('plain.html');
    const card = await cardFor(page, 'jane.doe+news@gmail.com');
    const before = proxy().requests.length;
    await card.click('refresh');
    await expect.poll(() => proxy().requests.length).toBe(before + 1);
    expect(proxy().requests.at(-1)?.body).toEqual({ email: 'gmail.com', skip_cache: true });
    await expect.poll(() => card.text('provider-nice-name')).toBe('Gmail');
    await page.close();
  });

  it('sends the API the domain only, never the address, with the key as a Bearer token', () => {
    expect(proxy().requests.length).toBeGreaterThan(0);
    for (const request of proxy().requests) {
      expect(request.path).toBe('/public_api/v1/get_webmail_info');
      expect(String((request.body as { email: string }).email)).not.toContain('@');
      expect(request.authorization).toBe(`Bearer ${key}`);
    }
  });
});

describe('the page itself', () => {
  it('sees no error from the extension', async () => {
    const page = await browser().context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(stack.pages.url('plain.html'));
    await cardFor(page, 'jane.doe+news@gmail.com');
    await page.waitForTimeout(300);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('is never modified: its body is exactly what the server sent', async () => {
    const page = await openPage('plain.html');
    await cardFor(page, 'jane.doe+news@gmail.com');
    const source = readFileSync(new URL('../fixtures/pages/plain.html', import.meta.url), 'utf8');
    const same = await page.evaluate((html) => {
      const original = new DOMParser().parseFromString(html, 'text/html').body;
      return original.isEqualNode(document.body);
    }, source);
    expect(same).toBe(true);
    await page.close();
  });

  it('draws the underline under an address, where a person sees it, and under no other text', async () => {
    const page = await openPage('plain.html');
    await expect
      .poll(() => page.evaluate(() => CSS.highlights.get('webmail-lookup')?.size ?? 0))
      .toBeGreaterThanOrEqual(5);
    const screenshot = await page.screenshot();
    const address = (await page.evaluate(textBox, 'x7k2@duck.com')) as Box;
    const plainWords = (await page.evaluate(textBox, 'Replies go to')) as Box;
    expect(underlinePixels(screenshot, address)).toBeGreaterThan(20);
    expect(underlinePixels(screenshot, plainWords)).toBe(0);
    await page.close();
  });

  it('leaves a page without addresses without a highlight until one arrives, and never adds a style sheet', async () => {
    const page = await openPage('blank.html');
    const touched = () =>
      page.evaluate(() => ({ highlights: CSS.highlights.size, sheets: document.adoptedStyleSheets.length }));
    await page.waitForTimeout(1_000);
    expect(await touched()).toEqual({ highlights: 0, sheets: 0 });
    await page.evaluate(() => {
      const line = document.createElement('p');
      line.textContent = 'Now write to jane@gmail.com';
      document.body.append(line);
    });
    await expect.poll(touched).toEqual({ highlights: 1, sheets: 0 });
    await page.close();
  });

  it('counts the distinct addresses on the badge, leaving inputs, editable text and non-addresses out', async () => {
    const page = await openPage('plain.html');
    const badge = () => browser().badgeOf(page);
    // gmail, workspace, duck, unknown-provider, no-mx, and the mailto link
    await expect.poll(badge).toBe('6');
    await hoverText(page, 'editor@gmail.com', { found: false });
    await page.waitForTimeout(600);
    expect(await chromiumCard(page).isOpen()).toBe(false);
    await page.close();
  });

  it('stays off on a site the person switched it off for', async () => {
    await browser().configure({ settings: { disabledSites: ['127.0.0.1'] } });
    const page = await openPage('plain.html');
    await hoverText(page, 'jane.doe+news@gmail.com', { found: false });
    await page.waitForTimeout(700);
    expect(await chromiumCard(page).isOpen()).toBe(false);
    expect(await page.evaluate(() => CSS.highlights.has('webmail-lookup'))).toBe(false);
    await browser().configure({ settings: { disabledSites: [] } });
    await page.close();
  });
});
