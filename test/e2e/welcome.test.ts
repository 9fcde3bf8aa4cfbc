import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import messages from '../../public/_locales/en/messages.json';
import { type ExtensionBrowser, launchExtensionBrowser } from './support/extension-browser.ts';
import { type Backend, startBackend } from './support/stack.ts';

/** First run in Chromium: the page the extension opens on install, as a person finds it, without a key. */
let backend: Backend;
let browser: ExtensionBrowser;

beforeAll(async () => {
  backend = await startBackend({ credits: 100 });
  browser = await launchExtensionBrowser({ keepWelcome: true });
  await browser.configure({ settings: { baseUrl: backend.proxy.url } });
});

afterAll(async () => {
  await browser?.close();
  await backend?.close();
});

const storedKey = async () =>
  (await browser.worker()).evaluate(async () => {
    const local = (
      globalThis as unknown as {
        chrome: { storage: { local: { get(key: string): Promise<Record<string, unknown>> } } };
      }
    ).chrome.storage.local;
    return (await local.get('apiKey')).apiKey ?? '';
  });

describe('the welcome page', () => {
  it('opens on install, says what leaves the browser, and shows a live card from the catalog, labelled', async () => {
    const welcome = browser.welcome;
    if (!welcome) throw new Error('no welcome page');
    expect(await welcome.getByTestId('privacy-statement').textContent()).toBe(
      messages.privacyStatement.message,
    );
    const card = welcome.getByTestId('sample-card');
    await expect.poll(() => card.getByTestId('provider-nice-name').textContent()).toBe('Gmail');
    expect(await card.getByTestId('result-source').textContent()).toBe(messages.sourceCatalogNoKey.message);
    expect(backend.proxy.countFor('gmail.com')).toBe(0);
  });

  it('tests a key before keeping it: an unknown one is refused and not saved', async () => {
    const welcome = browser.welcome as NonNullable<ExtensionBrowser['welcome']>;
    await welcome.getByTestId('welcome-key-input').fill('wl_not_a_key');
    await welcome.getByTestId('welcome-key-save').click();
    await expect.poll(() => welcome.getByTestId('welcome-key-result').textContent()).toMatch(/not accepted/);
    expect(await storedKey()).toBe('');
  });

  it('keeps a key that works, and the sample card then answers from the API', async () => {
    const welcome = browser.welcome as NonNullable<ExtensionBrowser['welcome']>;
    await welcome.getByTestId('welcome-key-input').fill(backend.key);
    await welcome.getByTestId('welcome-key-save').click();
    await expect
      .poll(() => welcome.getByTestId('welcome-key-result').textContent())
      .toMatch(/^The key works and is saved/);
    expect(await storedKey()).toBe(backend.key);
    const source = welcome.getByTestId('sample-card').getByTestId('result-source');
    await expect.poll(() => source.textContent()).toMatch(/^From the Webmail Info API/);
  });
});
