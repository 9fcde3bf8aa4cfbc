import { describe, expect, it } from 'vitest';
import { POPUP_LOOKUP_BUDGET } from '#extension/limits.ts';
import { addressListPage, companyDomain } from '#test/fixtures/many-addresses.ts';
import messages from '../../public/_locales/en/messages.json';
import { BROWSERS, type BrowserDriver, type PageDriver } from '../support/driver.ts';
import { useBrowserStack } from '../support/extension-stack.ts';

/**
 * The popup's budget (POPUP_LOOKUP_BUDGET paid lookups per page load) in each browser, against the real
 * service, on a page of 25 addresses at 25 domains that each cost a credit: the background ends between two
 * openings of the popup (driver.ts's endBackgroundProcess), and the page gets no new budget from it.
 */
const DOMAINS = 25;
const ADDRESSES = Array.from({ length: DOMAINS }, (_, index) => `lead@${companyDomain(index)}`);
const REST = DOMAINS - POPUP_LOOKUP_BUDGET;
const restWords = messages.popupLookupRest_other.message.replace('$COUNT$', String(REST));

/** Opens the popup about the page and waits for its list to settle: what it offers to look up past the budget. */
async function popupList(browser: BrowserDriver, page: PageDriver): Promise<string | null> {
  const popup = await browser.openPopup({ tab: page });
  await expect.poll(() => popup.count('page-address')).toBe(DOMAINS);
  await expect.poll(() => popup.text('lookup-rest'), { timeout: 30_000 }).not.toBeNull();
  const offered = await popup.text('lookup-rest');
  await popup.close();
  return offered;
}

describe.each(BROWSERS)('in %s', (name) => {
  const stack = useBrowserStack(name, {
    credits: 100,
    page: { html: addressListPage(ADDRESSES), addresses: DOMAINS },
  });
  const paid = () => stack.backend.proxy.requests.filter((request) => request.response?.status === 200);

  it('the background ended between two openings: the page gets no new budget', async () => {
    expect(await popupList(stack.browser, stack.page)).toBe(restWords);
    expect(paid()).toHaveLength(POPUP_LOOKUP_BUDGET);

    await stack.browser.endBackgroundProcess();
    expect(await popupList(stack.browser, stack.page)).toBe(restWords);
    expect(paid()).toHaveLength(POPUP_LOOKUP_BUDGET);
    expect(stack.backend.proxy.requests).toHaveLength(POPUP_LOOKUP_BUDGET);
  });
});
