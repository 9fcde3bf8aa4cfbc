import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import messages from '../../public/_locales/en/messages.json';
import { BROWSERS, type PageDriver } from '../support/driver.ts';
import { useBrowserStack } from '../support/extension-stack.ts';
import { addPasteTarget } from '../support/in-page.ts';

/**
 * What an address says of itself, in each browser with the built extension against the real service and
 * the DNS fixture (test/fixtures/dns-zones.ts): a typo's suggestion in the card, the warning where the
 * look-alike domain takes mail, a shared inbox marked, the spellings of one Gmail mailbox grouped in the
 * popup, and the bulk CSV's columns of them.
 */

/** typos.html's addresses: gmial.com has MX (and is on the disposable list), gmal.com has no zone, yahooo.com MX no provider is known by. */
const TYPOS_PAGE_ADDRESSES = [
  'Jane.Doe+news@googlemail.com',
  'info@workspace-customer.example.com',
  'jane@gmial.com',
  'janedoe@gmail.com',
  'pat@gmal.com',
  'sam@yahooo.com',
];

const didYouMean = (address: string) => messages.cardDidYouMean.message.replace('$ADDRESS$', address);

/** The summary's figure under this test id; null while it is not shown. */
const figure = async (popup: PageDriver, testId: string) => {
  const value = await popup.attribute(testId, 'data-count');
  return value === null ? null : Number(value);
};

/** The addresses of a group of the popup's list, by its kind and name, in its order. */
const groupAddresses = (popup: PageDriver, kind: string, name: string) =>
  popup.texts(
    `[data-testid="address-group"][data-kind="${kind}"][data-name="${name}"] [data-testid="page-address"]`,
  );

describe.each(BROWSERS)('in %s', (name) => {
  const stack = useBrowserStack(name, { credits: 1_000 });
  const openTypos = () =>
    stack.browser.openPage(stack.backend.pages.url('typos.html'), TYPOS_PAGE_ADDRESSES.length);
  /** The typos page in a new tab, with the card of `address` open. */
  const cardOnTypos = async (address: string) => {
    const page = await openTypos();
    await page.showCardOf(address);
    return page;
  };

  describe('the card', () => {
    it('over a look-alike domain that takes mail: the address meant, the disposable verdict, and the warning', async () => {
      const page = await cardOnTypos('jane@gmial.com');
      const { card } = page;
      expect(await card.text('did-you-mean')).toBe(didYouMean('jane@gmail.com'));
      expect(await card.text('verdict')).toBe(messages.cardVerdictDisposable.message);
      expect(await card.text('look-alike-warning')).toBe(messages.cardLookAlikeTakesMail.message);
      expect(await card.count('copy-suggestion')).toBe(1);
      await page.close();
    });

    it('copies the corrected address on a person’s click, for them to paste', async () => {
      const page = await cardOnTypos('jane@gmial.com');
      await page.card.click('copy-suggestion');
      await expect.poll(() => page.card.text('copy-suggestion')).toBe(messages.cardCopied.message);
      await page.evaluate(addPasteTarget, 'text' as const);
      await page.press('Control+KeyV');
      await expect
        .poll(() =>
          page.evaluate(() => (document.getElementById('paste-here') as HTMLTextAreaElement).value, null),
        )
        .toBe('jane@gmail.com');
      await page.close();
    });

    it('over a typo whose domain takes no mail: it will bounce, and still the address meant; no warning', async () => {
      const page = await cardOnTypos('pat@gmal.com');
      const { card } = page;
      expect(await card.text('did-you-mean')).toBe(didYouMean('pat@gmail.com'));
      expect(await card.text('error-message')).toContain(messages.cardVerdictWillBounce.message);
      expect(await card.count('look-alike-warning')).toBe(0);
      await page.close();
    });

    it('over a look-alike whose mail servers name no provider: the warning too', async () => {
      const page = await cardOnTypos('sam@yahooo.com');
      expect(await page.card.text('did-you-mean')).toBe(didYouMean('sam@yahoo.com'));
      expect(await page.card.text('look-alike-warning')).toBe(messages.cardLookAlikeTakesMail.message);
      await page.close();
    });

    it('over a shared inbox: says it reaches a team; over a person’s address, nothing of the kind', async () => {
      const page = await cardOnTypos('info@workspace-customer.example.com');
      expect(await page.card.text('shared-inbox')).toBe(messages.cardSharedInbox.message);
      expect(await page.card.count('did-you-mean')).toBe(0);
      await page.showCardOf('janedoe@gmail.com');
      expect(await page.card.count('shared-inbox')).toBe(0);
      expect(await page.card.count('did-you-mean')).toBe(0);
      await page.close();
    });
  });

  describe('the popup', () => {
    it('groups the spellings of one Gmail mailbox, counts mailboxes, and marks the shared inbox; the badge counts addresses', async () => {
      const page = await openTypos();
      expect(await page.badge()).toBe(String(TYPOS_PAGE_ADDRESSES.length));
      const popup = await stack.browser.openPopup({ tab: page });
      await expect.poll(() => popup.count('page-address')).toBe(TYPOS_PAGE_ADDRESSES.length);
      expect(await figure(popup, 'summary-addresses')).toBe(6);
      expect(await figure(popup, 'summary-mailboxes')).toBe(5);
      expect(await figure(popup, 'summary-role')).toBe(1);

      await popup.click('group-by-mailbox');
      await expect
        .poll(() => groupAddresses(popup, 'mailbox', 'janedoe@gmail.com'))
        .toEqual(['Jane.Doe+news@googlemail.com', 'janedoe@gmail.com']);

      const role = '[data-address="info@workspace-customer.example.com"] [data-testid="role-mark"]';
      expect(await popup.attribute(role, 'aria-label')).toBe(messages.popupRoleMark.message);
      expect(await popup.count('[data-testid="role-mark"]')).toBe(1);
      await popup.click('group-by-role');
      await expect
        .poll(() => groupAddresses(popup, 'role', ''))
        .toEqual(['info@workspace-customer.example.com']);

      const suggestion = '[data-address="jane@gmial.com"] [data-testid="did-you-mean"]';
      expect(await popup.text(suggestion)).toBe(didYouMean('jane@gmail.com'));
      await popup.close();
      await page.close();
    });
  });

  describe('the bulk page', () => {
    it('says how many distinct mailboxes a list holds, and its CSV gains did_you_mean, role and mailbox', async () => {
      const list = ['Jane.Doe+news@googlemail.com', 'janedoe@gmail.com', 'sales@gmial.com', 'bob@proton.me'];
      const page = await stack.browser.openExtensionPage(
        `bulk.html#text=${encodeURIComponent(list.join('\n'))}`,
      );
      await expect.poll(() => page.attribute('bulk-mailboxes', 'data-count')).toBe('3');
      expect(await page.text('bulk-mailboxes')).toBe(
        messages.bulkSummaryMailboxes_other.message.replace('$COUNT$', '3'),
      );
      await page.click('bulk-start');
      await expect
        .poll(() => page.attribute('bulk-status', 'data-state'), { timeout: 60_000 })
        .toBe('finished');
      await page.waitFor('bulk-download');
      const csv = await page.evaluate(async () => {
        const link = document.querySelector('[data-testid="bulk-download"]') as HTMLAnchorElement;
        return (await fetch(link.href)).text();
      }, null);
      const [header = [], ...rows] = Papa.parse<string[]>(csv, { skipEmptyLines: true }).data;
      const notes = (row: string[]) =>
        ['address', 'did_you_mean', 'role', 'mailbox'].map((column) => row[header.indexOf(column)]);
      expect(rows.map(notes)).toEqual([
        ['Jane.Doe+news@googlemail.com', '', 'false', 'janedoe@gmail.com'],
        ['janedoe@gmail.com', '', 'false', 'janedoe@gmail.com'],
        ['sales@gmial.com', 'sales@gmail.com', 'true', 'sales@gmial.com'],
        ['bob@proton.me', '', 'false', 'bob@proton.me'],
      ]);
      // Lookups stay per domain: one each, googlemail.com's apart from gmail.com's.
      expect(stack.backend.proxy.countFor('googlemail.com')).toBe(1);
      await page.close();
    });
  });
});
