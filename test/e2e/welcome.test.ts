import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import messages from '../../public/_locales/en/messages.json';
import { BROWSERS } from '../support/driver.ts';
import { type ExtensionBrowser, launchExtensionBrowser } from '../support/extension-browser.ts';
import { type Backend, startBackend, useBrowserStack } from '../support/extension-stack.ts';
import { getMessage } from '../support/fake-i18n.ts';
import { closeAll } from '../support/teardown.ts';

/** First run in Chromium: the page the extension opens on install, as a person finds it, without a key. */
let backend: Backend;
let browser: ExtensionBrowser;

beforeAll(async () => {
  backend = await startBackend({ credits: 100 });
  browser = await launchExtensionBrowser({ keepWelcome: true });
  await browser.configure({ settings: { baseUrl: backend.proxy.url } });
});

afterAll(() => closeAll({ Chromium: browser, backend }));

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
    // The page opened before the service address was set, and follows it.
    await expect
      .poll(() => welcome.getByTestId('service-note').textContent())
      .toBe(getMessage('optionsServicePerson', [new URL(backend.proxy.url).host, BUILD_HOST]));
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

/** The service the e2e build was made for (test/support/build-extension.ts), as a person reads it. */
const BUILD_HOST = '127.0.0.1:8787';

describe.each(BROWSERS)('the welcome page with a key saved, in %s', (name) => {
  // The backend's key saved, and the service address set to its proxy, as the options page would.
  const stack = useBrowserStack(name, { credits: 100 });

  it('says the saved key works, rather than asking for one, and keeps it', async () => {
    const welcome = await stack.browser.openExtensionPage('welcome.html');
    await expect.poll(() => welcome.attribute('welcome-key-status', 'data-state')).toBe('works');
    expect(await welcome.text('welcome-key-status')).toBe(messages.welcomeKeyWorks.message);
    expect((await welcome.field('welcome-key-input'))?.value).toBe(stack.backend.key);
    expect((await stack.browser.stored(['apiKey'])).apiKey).toBe(stack.backend.key);
    await welcome.close();
  });

  it('keeps a key typed as the page opens, whatever storage then says', async () => {
    const welcome = await stack.browser.openExtensionPage('welcome.html');
    await welcome.fill('welcome-key-input', 'wl_typed_at_once');
    await expect.poll(() => welcome.attribute('welcome-key-status', 'data-state')).toBe('works');
    expect((await welcome.field('welcome-key-input'))?.value).toBe('wl_typed_at_once');
    // The saved key changing in another window does not take the field either.
    await stack.browser.configure({ apiKey: await stack.backend.service.createKey({ credits: 1 }) });
    await expect.poll(() => welcome.attribute('welcome-key-status', 'data-state')).toBe('works');
    expect((await welcome.field('welcome-key-input'))?.value).toBe('wl_typed_at_once');
    await stack.browser.configure({ apiKey: stack.backend.key });
    await welcome.close();
  });

  it('names the service lookups go to, the shortcut and how to pin the button', async () => {
    const welcome = await stack.browser.openExtensionPage('welcome.html');
    const proxyHost = new URL(stack.backend.proxy.url).host;
    await expect
      .poll(() => welcome.text('service-note'))
      .toBe(getMessage('optionsServicePerson', [proxyHost, BUILD_HOST]));
    await expect.poll(() => welcome.text('shortcut-note')).toMatch(/^Press Alt\+Shift\+L /);
    const pin = name === 'Firefox' ? messages.optionsPinFirefox : messages.optionsPinChromium;
    expect(await welcome.text('pin-note')).toBe(pin.message);
    await welcome.close();
  });
});
