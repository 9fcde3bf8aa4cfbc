import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import messages from '../../public/_locales/en/messages.json';
import { chromiumCard, hoverText } from '../support/extension-browser.ts';
import { type ExtensionStack, startExtensionStack } from '../support/extension-stack.ts';
import { addPasteTarget } from '../support/in-page.ts';

/** "Copy link for them" in Chromium: support staff set their sending addresses; the card offers the link. */
let stack: ExtensionStack;

beforeAll(async () => {
  stack = await startExtensionStack({
    credits: 100,
    settings: { sendingAddresses: ['support@acme.com'], hoverDelayMs: 50 },
  });
});

afterAll(() => stack?.close());

/** What the clipboard holds, pasted as a person would (reading it needs a permission extension pages cannot be granted here). */
async function pasted(page: Page): Promise<string> {
  await page.evaluate(addPasteTarget, 'text' as const);
  await page.keyboard.press('ControlOrMeta+V');
  return page.locator('#paste-here').inputValue();
}

async function popupCard(address: string) {
  const popup = await stack.browser.context.newPage();
  await popup.goto(stack.browser.extensionUrl(`popup.html?lookup=${encodeURIComponent(address)}`));
  const card = popup.getByTestId('result-card').first();
  await card.getByTestId('result-source').waitFor();
  return { popup, card };
}

describe('a link for the customer', () => {
  it('copies the provider’s search for mail from our sending address', async () => {
    const { popup, card } = await popupCard('jane@gmail.com');
    await card.getByTestId('copy-link-for-them').click();
    await expect
      .poll(() => card.getByTestId('copy-link-for-them').textContent())
      .toBe(messages.cardLinkCopied.message);
    expect(await pasted(popup)).toBe(
      `https://mail.google.com/mail/#search/${encodeURIComponent('from:support@acme.com')}`,
    );
    await popup.close();
  });

  it('is never offered for a relay, and the card says why', async () => {
    const { popup, card } = await popupCard('x7k2@duck.com');
    expect(await card.getByTestId('copy-link-for-them').count()).toBe(0);
    expect(await card.getByTestId('link-for-them-unavailable').textContent()).toBe(
      messages.linkForThemRelay.message,
    );
    await popup.close();
  });

  it('is not offered for a provider without a search link, and the card says why', async () => {
    const { popup, card } = await popupCard('boss@m365-customer.example.com');
    expect(await card.getByTestId('copy-link-for-them').count()).toBe(0);
    expect(await card.getByTestId('link-for-them-unavailable').textContent()).toBe(
      'No link for them: Microsoft 365 has no search link we can use.',
    );
    await popup.close();
  });

  it('the hover card on a page offers it too', async () => {
    const page = await stack.browser.context.newPage();
    await page.goto(stack.pages.url('plain.html'));
    await hoverText(page, 'jane.doe+news@gmail.com');
    await expect
      .poll(() => chromiumCard(page).text('copy-link-for-them'))
      .toBe(messages.cardCopyLinkForThem.message);
    await page.close();
  });
});
