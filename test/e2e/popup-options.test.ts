import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import messages from '../../public/_locales/en/messages.json';
import { type ExtensionStack, startExtensionStack } from './support/stack.ts';

let stack: ExtensionStack;
let key: string;

beforeAll(async () => {
  stack = await startExtensionStack();
  key = await stack.service.createKey({ credits: 1_000 });
});

afterAll(() => stack?.close());

describe('options page', () => {
  it('saves the key and service address, and "Test key" reports the outcome in words', async () => {
    const options = await stack.browser.context.newPage();
    await options.goto(stack.browser.extensionUrl('options.html'));
    await options.getByTestId('api-key-input').fill(key);
    await options.getByTestId('base-url-input').fill(`${stack.service.baseUrl}/`);
    await options.getByTestId('test-key').click();
    await expect.poll(() => options.getByTestId('test-key-result').textContent()).toMatch(/The key works/);
    await options.getByTestId('api-key-save').click();
    await expect.poll(() => options.getByTestId('save-status').textContent()).toBe('Saved.');
    const stored = await (await stack.browser.worker()).evaluate(async () => {
      const local = (
        globalThis as unknown as {
          chrome: { storage: { local: { get(k: string[]): Promise<Record<string, unknown>> } } };
        }
      ).chrome.storage.local;
      return local.get(['apiKey', 'settings']);
    });
    expect(stored.apiKey).toBe(key);
    expect((stored.settings as { baseUrl: string }).baseUrl).toBe(stack.service.baseUrl);
    await options.close();
  });

  it('says in words when the key is unknown', async () => {
    const options = await stack.browser.context.newPage();
    await options.goto(stack.browser.extensionUrl('options.html'));
    await options.getByTestId('api-key-input').fill('wl_not_a_key');
    await options.getByTestId('test-key').click();
    await expect.poll(() => options.getByTestId('test-key-result').textContent()).toMatch(/not accepted/);
    await options.close();
  });

  it('refuses a service address that is not http(s), keeping the saved one', async () => {
    const options = await stack.browser.context.newPage();
    await options.goto(stack.browser.extensionUrl('options.html'));
    await options.getByTestId('base-url-input').fill('javascript:alert(1)');
    await options.getByTestId('api-key-save').click();
    await expect
      .poll(() => options.getByTestId('save-status').textContent())
      .toBe(messages.optionsBaseUrlInvalid.message);
    await options.close();
  });
});

describe('the answer cache on the options page', () => {
  it('counts the cached answers and clears them: the next lookup asks the service again', async () => {
    await stack.browser.configure({ apiKey: key, settings: { baseUrl: stack.proxy.url } });
    const lookUp = async (address: string) => {
      const popup = await stack.browser.context.newPage();
      await popup.goto(stack.browser.extensionUrl(`popup.html?lookup=${encodeURIComponent(address)}`));
      await popup.getByTestId('result-card').first().getByTestId('provider-name').waitFor();
      await popup.close();
    };
    await lookUp('ceo@m365-customer.example.com');
    await lookUp('sales@workspace-customer.example.com');
    const options = await stack.browser.context.newPage();
    await options.goto(stack.browser.extensionUrl('options.html'));
    await expect
      .poll(() => options.getByTestId('cache-count').textContent())
      .toMatch(/^(\d+) cached answers$/);
    const before = Number((await options.getByTestId('cache-count').textContent())?.split(' ')[0]);
    expect(before).toBeGreaterThanOrEqual(2);
    await options.getByTestId('clear-cache').click();
    await expect.poll(() => options.getByTestId('cache-count').textContent()).toBe('0 cached answers');
    await options.close();
    const asked = stack.proxy.countFor('m365-customer.example.com');
    await lookUp('ceo@m365-customer.example.com');
    expect(stack.proxy.countFor('m365-customer.example.com')).toBe(asked + 1);
  });
});

describe('popup', () => {
  it('lists the tab’s addresses grouped by domain, with answers', async () => {
    await stack.browser.configure({ apiKey: key, settings: { baseUrl: stack.service.baseUrl } });
    const page = await stack.browser.context.newPage();
    await page.goto(stack.pages.url('plain.html'));
    await expect.poll(() => stack.browser.badgeOf(page)).toBe('6');
    const popup = await stack.browser.context.newPage();
    await popup.goto(stack.browser.extensionUrl(`popup.html?tabId=${await stack.browser.tabIdOf(page)}`));
    await expect
      .poll(() => popup.getByTestId('page-address').allTextContents())
      .toEqual(expect.arrayContaining(['jane.doe+news@gmail.com', 'Bob@proton.me', 'x7k2@duck.com']));
    expect(await popup.getByTestId('page-address').count()).toBe(6);
    const gmail = popup.locator('[data-testid="domain-group"][data-domain="gmail.com"]');
    await expect.poll(() => gmail.getByTestId('provider-nice-name').textContent()).toBe('Gmail');
    await popup.close();
    await page.close();
  });

  it('looks up at once what the context menu sends it (?lookup=)', async () => {
    const popup = await stack.browser.context.newPage();
    await popup.goto(stack.browser.extensionUrl(`popup.html?lookup=${encodeURIComponent('x7k2@duck.com')}`));
    const card = popup.getByTestId('result-card').first();
    await expect.poll(() => card.getByTestId('flag-privacy').getAttribute('data-value')).toBe('true');
    await popup.close();
  });

  it('looks up an address typed by hand', async () => {
    const popup = await stack.browser.context.newPage();
    await popup.goto(stack.browser.extensionUrl('popup.html'));
    await popup.getByTestId('lookup-input').fill('boss@m365-customer.example.com');
    await popup.getByTestId('lookup-submit').click();
    const card = popup.getByTestId('result-card').first();
    await expect.poll(() => card.getByTestId('provider-nice-name').textContent()).toBe('Microsoft 365');
    await popup.getByTestId('lookup-input').fill('not an address');
    await popup.getByTestId('lookup-submit').click();
    await expect
      .poll(() => popup.getByTestId('error-message').first().textContent())
      .toMatch(/Enter an email address or a domain/);
    await popup.close();
  });
});
