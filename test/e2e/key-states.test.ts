import { describe, expect, it } from 'vitest';
import { BROWSERS } from '../support/driver.ts';
import { useBrowserStack } from '../support/extension-stack.ts';

/**
 * What the card and the popup say when the key is missing, unknown, or out of credit, in each browser.
 * Errors are never cached.
 */
const DASHBOARD_URL = 'https://billing.example.com/top-up';

describe.each(BROWSERS)('key states in %s', (name) => {
  // No key to begin with.
  const stack = useBrowserStack(name, { serviceEnv: { DASHBOARD_URL } });

  async function cardAfterHover(address: string) {
    const page = await stack.browser.openPage(stack.backend.pages.url('plain.html'), 6);
    await page.showCardOf(address);
    return { page, card: page.card };
  }

  async function popupAnswer(address: string) {
    const popup = await stack.browser.openPopup({ lookup: address });
    await popup.waitForAnswer();
    return popup;
  }

  it('with no key, shows the built-in answer and says so, on the card and in the popup', async () => {
    await stack.browser.configure({ apiKey: '' });
    const { page, card } = await cardAfterHover('jane.doe+news@gmail.com');
    expect(await card.text('provider-nice-name')).toBe('Gmail');
    expect(await card.text('result-source')).toMatch(/built-in catalog: no API key/);
    await page.close();
    const popup = await popupAnswer('someone@yahoo.com');
    expect(await popup.text('provider-nice-name')).toBe('Yahoo Mail');
    expect(await popup.text('result-source')).toMatch(/built-in catalog: no API key/);
    await popup.close();
  });

  it('with no key, flags a disposable domain from the list the background reads on its first need', async () => {
    const popup = await popupAnswer('someone@x7k2.mailinator.com');
    expect(await popup.text('provider-nice-name')).toBe('Disposable email');
    expect(await popup.attribute('flag-disposable', 'data-value')).toBe('true');
    expect(await popup.text('result-source')).toMatch(/built-in catalog: no API key/);
    await popup.close();
  });

  it('with no key and a domain the catalog does not know, asks for a key', async () => {
    const { page, card } = await cardAfterHover('sales@workspace-customer.example.com');
    expect(await card.text('error-message')).toMatch(/Add your API key/);
    expect(await card.text('open-options')).toBe('Open settings');
    await page.close();
  });

  it('with an unknown key, says the key was not accepted, on the card and in the popup', async () => {
    await stack.browser.configure({ apiKey: 'wl_this_key_does_not_exist' });
    const { page, card } = await cardAfterHover('sales@workspace-customer.example.com');
    expect(await card.text('error-message')).toMatch(/not accepted/);
    await page.close();
    // A domain no earlier test looked up: an answer already cached would need no key.
    const popup = await popupAnswer('pat@unknown-key.bench-customer.example.com');
    expect(await popup.text('error-message')).toMatch(/not accepted/);
    await popup.close();
  });

  it('with no credits left, links to the top-up page from the service’s message', async () => {
    await stack.browser.configure({ apiKey: await stack.backend.service.createKey({ credits: 0 }) });
    const { page, card } = await cardAfterHover('sales@workspace-customer.example.com');
    expect(await card.text('error-message')).toMatch(/No lookups left/);
    expect(await card.attribute('a[aria-label="Top up"]', 'href')).toBe(DASHBOARD_URL);
    await page.close();
  });
});
