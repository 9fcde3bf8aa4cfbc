import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hoverText } from './support/extension-browser.ts';
import { type ExtensionStack, startExtensionStack } from './support/stack.ts';

/** What the card says when the key is missing, unknown, or out of credit. Errors are never cached. */
const DASHBOARD_URL = 'https://billing.example.com/top-up';
let stack: ExtensionStack;

beforeAll(async () => {
  stack = await startExtensionStack({ serviceEnv: { DASHBOARD_URL } });
});

afterAll(() => stack?.close());

async function cardAfterHover(
  address: string,
): Promise<{ page: Page; card: ReturnType<Page['getByTestId']> }> {
  const page = await stack.browser.context.newPage();
  await page.goto(stack.pages.url('plain.html'));
  await hoverText(page, address);
  const card = page.getByTestId('hover-card');
  await card.getByTestId('result-card').waitFor();
  await expect.poll(() => card.getByTestId('loading').count()).toBe(0);
  return { page, card };
}

describe('key states', () => {
  it('with no key, shows the built-in answer and says so', async () => {
    await stack.browser.configure({ apiKey: '' });
    const { page, card } = await cardAfterHover('jane.doe+news@gmail.com');
    expect(await card.getByTestId('provider-nice-name').textContent()).toBe('Gmail');
    expect(await card.getByTestId('result-source').textContent()).toMatch(/built-in catalog: no API key/);
    await page.close();
  });

  it('with no key and a domain the catalog does not know, asks for a key', async () => {
    const { page, card } = await cardAfterHover('sales@workspace-customer.example.com');
    expect(await card.getByTestId('error-message').textContent()).toMatch(/Add your API key/);
    expect(await card.getByRole('button', { name: 'Open settings' }).count()).toBe(1);
    await page.close();
  });

  it('with an unknown key, says the key was not accepted', async () => {
    await stack.browser.configure({ apiKey: 'wl_this_key_does_not_exist' });
    const { page, card } = await cardAfterHover('sales@workspace-customer.example.com');
    expect(await card.getByTestId('error-message').textContent()).toMatch(/not accepted/);
    await page.close();
  });

  it('with no credits left, links to the top-up page from the service’s message', async () => {
    await stack.browser.configure({ apiKey: await stack.service.createKey({ credits: 0 }) });
    const { page, card } = await cardAfterHover('sales@workspace-customer.example.com');
    expect(await card.getByTestId('error-message').textContent()).toMatch(/No lookups left/);
    expect(await card.getByRole('link', { name: 'Top up' }).getAttribute('href')).toBe(DASHBOARD_URL);
    await page.close();
  });
});
