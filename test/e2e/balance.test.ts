import { describe, expect, it } from 'vitest';
import { addressListPage } from '#test/fixtures/many-addresses.ts';
import messages from '../../public/_locales/en/messages.json';
import { BROWSERS, type PageDriver } from '../support/driver.ts';
import { useBrowserStack } from '../support/extension-stack.ts';
import { getMessage } from '../support/fake-i18n.ts';

/**
 * The balance where a person decides to spend (the options page, the popup's summary, the bulk page), in
 * each browser, against the real service, which states it on every answer: shown as it says, falling with
 * each paid lookup; a list that may cost more than is left says so before its start. Against a service
 * that states none (the recording proxy passing its answers on without the balance), nothing is shown.
 */
/** A domain of the DNS fixture's wildcard zone: Google Workspace, a credit a lookup. */
const paidDomain = (name: string) => `${name}.bench-customer.example.com`;
const TAB_ADDRESSES = ['jane@tab-0.bench-customer.example.com', 'bob@tab-1.bench-customer.example.com'];

describe.each(BROWSERS)('in %s', (name) => {
  const stack = useBrowserStack(name, {
    credits: 40,
    page: { html: addressListPage(TAB_ADDRESSES), addresses: TAB_ADDRESSES.length },
  });
  const credits = async (key = stack.backend.key) => (await stack.backend.service.balance(key)).credits;
  const openBulk = async (domains: string[]) => {
    const text = domains.map((domain, index) => `lead${index}@${domain}`).join(', ');
    const page = await stack.browser.openExtensionPage(`bulk.html#text=${encodeURIComponent(text)}`);
    await expect.poll(() => page.attribute('bulk-cost', 'data-count')).toBe(String(domains.length));
    return page;
  };
  const lookUpInPopup = async (popup: PageDriver, domain: string) => {
    await popup.fill('lookup-input', `jane@${domain}`);
    await popup.click('lookup-submit');
    await popup.waitForAnswer();
  };
  /** Uses a key of its own from now: a new account, with what it is granted. */
  const useKey = async (grant: { credits: number; subscriptionDays?: number; allowance?: number }) => {
    const key = await stack.backend.service.createKey(grant);
    await stack.browser.configure({ apiKey: key });
    return key;
  };

  it('shows it in the options, the popup and the bulk page, and it falls after a paid lookup', async () => {
    const options = await stack.browser.openOptions();
    await options.waitFor('test-key');
    // No answer has stated a balance yet: none is shown, none made up.
    expect(await options.count('balance')).toBe(0);
    await options.click('test-key');
    await expect.poll(() => options.text('test-key-result')).toBe(messages.testKeyWorks.message);
    const afterTest = await credits();
    await expect.poll(() => options.attribute('balance', 'data-credits')).toBe(String(afterTest));
    expect(await options.text('balance')).toBe(
      `${afterTest} credits left. ${getMessage('balanceAge', messages.ageJustNow.message)}`,
    );
    expect(await options.attribute('balance', 'data-subscription-remaining')).toBeNull();
    await options.close();

    // The popup looks the tab's domains up (a credit each), then shows what the last answer left.
    const popup = await stack.browser.openPopup({ tab: stack.page });
    await expect.poll(() => credits()).toBe(afterTest - TAB_ADDRESSES.length);
    await expect.poll(() => popup.attribute('balance', 'data-credits')).toBe(String(await credits()));
    const before = await credits();
    await lookUpInPopup(popup, paidDomain('balance-falls'));
    expect(await credits()).toBe(before - 1);
    await expect.poll(() => popup.attribute('balance', 'data-credits')).toBe(String(before - 1));
    await popup.close();

    // Beside the most a list can cost, which the balance covers: no warning.
    const bulk = await openBulk([paidDomain('bulk-a'), paidDomain('bulk-b')]);
    expect(await bulk.attribute('balance', 'data-credits')).toBe(String(before - 1));
    expect(await bulk.count('bulk-over-balance')).toBe(0);
    await bulk.close();
  });

  it("shows a plan's lookups beside its credits, and none left in words of their own", async () => {
    await useKey({ credits: 0, subscriptionDays: 30, allowance: 5 });
    const options = await stack.browser.openOptions();
    await options.click('test-key');
    await expect.poll(() => options.attribute('balance', 'data-subscription-remaining')).toBe('4');
    expect(await options.attribute('balance', 'data-credits')).toBe('0');
    const text = await options.text('balance');
    expect(text).toMatch(/^No credits left\. Your plan gives 4 more lookups this period; it runs until /);
    await options.close();
  });

  it('warns before a list that may cost more than is left; it still starts, and the service stops it', async () => {
    const key = await useKey({ credits: 4 });
    const popup = await stack.browser.openPopup({ lookup: `jane@${paidDomain('over-first')}` });
    await popup.waitForAnswer();
    await popup.close();
    expect(await credits(key)).toBe(3);

    const list = ['over-a', 'over-b', 'over-c', 'over-d', 'over-e'].map(paidDomain);
    const bulk = await openBulk(list);
    await expect.poll(() => bulk.attribute('bulk-over-balance', 'data-left')).toBe('3');
    expect(await bulk.text('bulk-over-balance')).toBe(
      messages.bulkOverBalance_other.message.replace('$COUNT$', '3'),
    );
    await bulk.click('bulk-start');
    await expect.poll(() => bulk.attribute('bulk-status', 'data-state'), { timeout: 60_000 }).toBe('stopped');
    expect(await credits(key)).toBe(0);
    await expect.poll(() => bulk.attribute('balance', 'data-credits')).toBe('0');
    expect(await bulk.text('balance')).toMatch(/^No credits left\. /);
    await bulk.close();
  });

  it("shows nothing against a service that states no balance, nor another key's", async () => {
    // The last key's balance is known; the next key's, at a service that says nothing, is not.
    stack.backend.proxy.sayNothingOfBalance();
    await useKey({ credits: 2 });
    const options = await stack.browser.openOptions();
    await options.click('test-key');
    await expect.poll(() => options.text('test-key-result')).toBe(messages.testKeyWorks.message);
    expect(await options.count('balance')).toBe(0);
    await options.close();

    // The popup's summary: the tab's domains are cached from the first test; a manual lookup pays.
    const popup = await stack.browser.openPopup({ tab: stack.page });
    await lookUpInPopup(popup, paidDomain('unsaid'));
    expect(await popup.count('balance')).toBe(0);

    // Nothing is left to pay with, yet nothing said so: no warning, no balance.
    const bulk = await openBulk(['unsaid-a', 'unsaid-b'].map(paidDomain));
    expect(await bulk.count('balance')).toBe(0);
    expect(await bulk.count('bulk-over-balance')).toBe(0);

    // The same pages show it once the service states it: its absence above was the service's silence.
    stack.backend.proxy.sayNothingOfBalance(false);
    await lookUpInPopup(popup, paidDomain('said-again'));
    await expect.poll(() => popup.attribute('balance', 'data-credits')).toBe('0');
    await expect.poll(() => bulk.attribute('balance', 'data-credits')).toBe('0');
    await expect.poll(() => bulk.count('bulk-over-balance')).toBe(1);
    await popup.close();
    await bulk.close();
  });
});
