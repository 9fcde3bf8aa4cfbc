import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumCard, hoverText } from './support/extension-browser.ts';
import { type ExtensionStack, startExtensionStack } from './support/stack.ts';

/** What the card says when the key is missing, unknown, or out of credit. Errors are never cached. */
const DASHBOARD_URL = 'https://billing.example.com/top-up';
let stack: ExtensionStack;

beforeAll(async () => {
  stack = await startExtensionStack({ serviceEnv: { DASHBOARD_URL } });
});

afterAll(() => stack?.close());

async function cardAfterHover(address: string) {
  const page = await stack.browser.context.newPage();
  await page.goto(stack.pages.url('plain.html'));
  await hoverText(page, address);
  const card = chromiumCard(page);
  await card.answered();
  return { page, card };
}

describe('key states', () => {
  it('with no key, shows the built-in answer and says so', async () => {
    await stack.browser.configure({ apiKey: '' });
    const { page, card } = await cardAfterHover('jane.doe+news@gmail.com');
    expect(await card.text('provider-nice-name')).toBe('Gmail');
    expect(await card.text('result-source')).toMatch(/built-in catalog: no API key/);
    await page.close();
  });

  it('with no key and a domain the catalog does not know, asks for a key', async () => {
    const { page, card } = await cardAfterHover('sales@workspace-customer.example.com');
    expect(await card.text('error-message')).toMatch(/Add your API key/);
    expect(await card.text('open-options')).toBe('Open settings');
    await page.close();
  });

  it('with an unknown key, says the key was not accepted', async () => {
    await stack.browser.configure({ apiKey: 'wl_this_key_does_not_exist' });
    const { page, card } = await cardAfterHover('sales@workspace-customer.example.com');
    expect(await card.text('error-message')).toMatch(/not accepted/);
    await page.close();
  });

  it('with no credits left, links to the top-up page from the service’s message', async () => {
    await stack.browser.configure({ apiKey: await stack.service.createKey({ credits: 0 }) });
    const { page, card } = await cardAfterHover('sales@workspace-customer.example.com');
    expect(await card.text('error-message')).toMatch(/No lookups left/);
    expect(await card.attribute('a[aria-label="Top up"]', 'href')).toBe(DASHBOARD_URL);
    await page.close();
  });
});
