import { describe, expect, it } from 'vitest';
import { POPUP_LOOKUP_BUDGET } from '#extension/limits.ts';
import {
  addressListPage,
  manyAddresses,
  SERVICES,
  TOTAL_ADDRESSES,
  TOTAL_DOMAINS,
} from '#test/fixtures/many-addresses.ts';
import messages from '../../public/_locales/en/messages.json';
import { BROWSERS, type PageDriver } from '../support/driver.ts';
import { useBrowserStack } from '../support/extension-stack.ts';

/**
 * The popup as a working list, in each browser, on a page of 500 addresses at 150 domains against the real
 * service: what the list adds up to, the budget's question near the top, a filter, grouping, and the
 * keyboard from row to row into a row's full card.
 */
const ADDRESSES = manyAddresses();
const SERVICE_ADDRESSES = SERVICES.reduce((sum, service) => sum + service.addresses, 0);
const count = (domain: string) => SERVICES.find((service) => service.domain === domain)?.addresses ?? 0;

/** The summary's figure under this test id; null while it is not shown (a figure of 0 beyond the first two). */
const figure = async (popup: PageDriver, testId: string) => {
  const value = await popup.attribute(testId, 'data-count');
  return value === null ? null : Number(value);
};

/** The addresses of the rows shown, in their order: a row the filter leaves out stays in the table, hidden. */
const SHOWN_ADDRESS = '[data-testid="address-row"]:not([hidden]) [data-testid="page-address"]';
const rowAddresses = (popup: PageDriver) => popup.texts(SHOWN_ADDRESS);

/** What has the keyboard's focus: a row's address, or another element's test id. */
const focused = (popup: PageDriver) =>
  popup.evaluate(
    () =>
      document.activeElement?.getAttribute('data-address') ??
      document.activeElement?.getAttribute('data-testid') ??
      null,
    null,
  );

describe.each(BROWSERS)('in %s', (name) => {
  const stack = useBrowserStack(name, {
    credits: 1_000,
    page: { html: addressListPage(ADDRESSES), addresses: TOTAL_ADDRESSES },
  });

  describe('the popup on a page of 500 addresses at 150 domains', () => {
    let popup: PageDriver;

    it('lists every address once, sums them up at the top, and asks about the domains beyond the budget there', async () => {
      popup = await stack.browser.openPopup({ tab: stack.page });
      await expect.poll(() => popup.count('page-address')).toBe(TOTAL_ADDRESSES);
      expect((await rowAddresses(popup)).sort()).toEqual([...ADDRESSES].sort());
      expect(await figure(popup, 'summary-addresses')).toBe(TOTAL_ADDRESSES);
      expect(await figure(popup, 'summary-domains')).toBe(TOTAL_DOMAINS);
      const rest = TOTAL_DOMAINS - POPUP_LOOKUP_BUDGET;
      await expect
        .poll(() => popup.text('lookup-rest'))
        .toBe(messages.popupLookupRest_other.message.replace('$COUNT$', String(rest)));
      expect(await figure(popup, 'summary-not-looked-up')).toBeGreaterThan(0);
      // Near the top: before the list, so seen without scrolling through 500 rows.
      expect(
        await popup.evaluate(() => {
          const prompt = document.querySelector('[data-testid="budget-note"]');
          const list = document.querySelector('table');
          return (
            !!prompt && !!list && !!(prompt.compareDocumentPosition(list) & Node.DOCUMENT_POSITION_FOLLOWING)
          );
        }, null),
      ).toBe(true);
      await popup.click('lookup-rest');
      await popup.click('lookup-rest-confirm');
      await expect.poll(() => figure(popup, 'summary-not-looked-up'), { timeout: 60_000 }).toBeNull();
      expect(await popup.count('budget-note')).toBe(0);
    });

    it('says how many are free mail, disposable and privacy relays, once every domain is answered', async () => {
      expect(await figure(popup, 'summary-no-answer')).toBeNull();
      expect(await figure(popup, 'summary-disposable')).toBe(count('mailinator.com'));
      expect(await figure(popup, 'summary-privacy')).toBe(count('duck.com'));
      // Gmail and Proton are free mail; a relay, a disposable service and the company domains are not.
      expect(await figure(popup, 'summary-freemail')).toBe(count('gmail.com') + count('proton.me'));
      const row = '[data-testid="address-row"][data-address="person0@duck.com"]';
      expect(await popup.text(`${row} [data-testid="provider-nice-name"]`)).toBe(
        'DuckDuckGo Email Protection',
      );
      expect(await popup.attribute(`${row} [data-testid="flag-privacy"]`, 'data-value')).toBe('true');
      expect(await popup.attribute(`${row} [data-testid="flag-freemail"]`, 'data-value')).toBe('false');
      // A relay has no webmail of its own.
      expect(await popup.count(`${row} [data-testid="open-webmail"]`)).toBe(0);
      const gmail = '[data-testid="address-row"][data-address="person0@gmail.com"]';
      expect(await popup.attribute(`${gmail} [data-testid="open-webmail"]`, 'href')).toMatch(
        /^https:\/\/mail\.google\.com\//,
      );
      expect(await popup.attribute(`${gmail} [data-testid="search-webmail"]`, 'href')).toContain(
        encodeURIComponent('person0@gmail.com'),
      );
    });

    it('narrows the rows to those whose address, domain or provider holds the filter', async () => {
      await popup.fill('list-filter', 'duck');
      await expect.poll(() => popup.count(SHOWN_ADDRESS)).toBe(count('duck.com'));
      expect((await rowAddresses(popup)).every((address) => address.endsWith('@duck.com'))).toBe(true);
      await popup.fill('list-filter', 'Proton Mail');
      await expect.poll(() => popup.count(SHOWN_ADDRESS)).toBe(count('proton.me'));
      await popup.fill('list-filter', 'no such address anywhere');
      await expect.poll(() => popup.count(SHOWN_ADDRESS)).toBe(0);
      expect(await popup.text('list-shown')).toBe(messages.popupFilterNoMatch.message);
      await popup.fill('list-filter', '');
      await expect.poll(() => popup.count(SHOWN_ADDRESS)).toBe(TOTAL_ADDRESSES);
      // Every address found stays in the table all along: the filter only hides rows.
      expect(await popup.count('page-address')).toBe(TOTAL_ADDRESSES);
    });

    it('groups by provider, the largest first, and by flag, the strongest first', async () => {
      await popup.click('group-by-provider');
      const groups = () =>
        popup.evaluate(
          () =>
            [...document.querySelectorAll('[data-testid="address-group"]')].map((group) => ({
              name: group.getAttribute('data-name'),
              kind: group.getAttribute('data-kind'),
              rows: group.querySelectorAll('[data-testid="page-address"]').length,
            })),
          null,
        );
      await expect.poll(async () => (await groups())[0]?.name).toBe('Google Workspace');
      // The company domains' Google Workspace first, then the services by size, then by name.
      expect(await groups()).toEqual([
        { name: 'Google Workspace', kind: 'provider', rows: TOTAL_ADDRESSES - SERVICE_ADDRESSES },
        ...[...SERVICES]
          .sort((a, b) => b.addresses - a.addresses || a.provider.localeCompare(b.provider))
          .map((service) => ({ name: service.provider, kind: 'provider', rows: service.addresses })),
      ]);
      const gmailRows = await popup.texts(
        '[data-kind="provider"][data-name="Gmail"] [data-testid="page-address"]',
      );
      // Sorted as a person reads them: person2 before person10.
      expect(gmailRows.slice(0, 3)).toEqual(['person0@gmail.com', 'person1@gmail.com', 'person2@gmail.com']);
      expect(gmailRows.at(-1)).toBe('person99@gmail.com');
      expect(gmailRows.every((address) => address.endsWith('@gmail.com'))).toBe(true);
      await popup.click('group-by-flag');
      await expect
        .poll(async () => (await groups()).map((group) => [group.kind, group.rows]))
        .toEqual([
          ['disposable', count('mailinator.com')],
          ['privacy-relay', count('duck.com')],
          ['free-mail', count('gmail.com') + count('proton.me')],
          ['business-mail', TOTAL_ADDRESSES - SERVICE_ADDRESSES],
        ]);
      await popup.click('group-by-page');
      await expect.poll(() => rowAddresses(popup)).toEqual(ADDRESSES);
    });

    it('moves from row to row with the arrow keys, opens a row’s full card with Enter and closes it with Escape', async () => {
      await popup.fill('list-filter', 'proton.me');
      await expect.poll(() => popup.count(SHOWN_ADDRESS)).toBe(count('proton.me'));
      const [first, second] = await rowAddresses(popup);
      await popup.press('ArrowDown');
      expect(await focused(popup)).toBe(first);
      await popup.press('ArrowDown');
      expect(await focused(popup)).toBe(second);
      expect(await popup.count('result-card')).toBe(0);
      await popup.press('Enter');
      await popup.waitFor('result-card');
      // The card opens under its row, and names the provider in full.
      const opened = `[data-testid="address-row"][data-address="${second}"] + tr [data-testid="result-card"]`;
      expect(await popup.text(`${opened} [data-testid="provider-nice-name"]`)).toBe('Proton Mail');
      expect(await popup.text(`${opened} [data-testid="provider-name"]`)).toBeTruthy();
      expect(await popup.violations()).toEqual([]);
      await popup.press('Escape');
      await expect.poll(() => popup.count('result-card')).toBe(0);
      expect(await focused(popup)).toBe(second);
      await popup.press('ArrowUp');
      expect(await focused(popup)).toBe(first);
      await popup.close();
    });
  });

  it('looks up an address as a mail program copies it, and offers the bulk page for several', async () => {
    const popup = await stack.browser.openPopup();
    const pasted = 'Jane Doe <jane@proton.me>, Bob <bob@gmail.com>';
    await popup.fill('lookup-input', pasted);
    await popup.click('lookup-submit');
    await expect.poll(() => popup.text('provider-nice-name')).toBe('Proton Mail');
    expect(await popup.text('bulk-link')).toBe(
      messages.popupLookUpAllInList_other.message.replace('$COUNT$', '2'),
    );
    const href = (await popup.attribute('bulk-link', 'href')) ?? '';
    expect(href).toMatch(/^(chrome|moz)-extension:\/\/[^/]+\/bulk\.html#text=/);
    expect(decodeURIComponent(href.slice(href.indexOf('#text=') + '#text='.length))).toBe(pasted);
    await popup.fill('lookup-input', 'Jane Doe <jane@proton.me>');
    await popup.click('lookup-submit');
    await expect.poll(() => popup.count('bulk-link')).toBe(0);
    await popup.close();
  });
});
