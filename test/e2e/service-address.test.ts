import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import messages from '../../public/_locales/en/messages.json';
import { BROWSERS, type BrowserDriver, launchBrowser, type PageDriver } from './support/driver.ts';
import { type Backend, startBackend } from './support/stack.ts';

/**
 * Where the key goes, as a person meets it on the options page, in each browser: an http:// service
 * address is taken only for this computer; another service's host is asked for when saved; and a key the
 * organisation set goes only to the service it set, else the built-in one, never to one the person typed.
 */

/** The e2e build's built-in service address (test/e2e/support/build-extension.ts). */
const BUILT_IN = 'http://127.0.0.1:8787';

const byTestId = (id: string) => `[data-testid="${id}"]`;
const shownIn = (page: PageDriver, id: string) =>
  page.evaluate((selector) => document.querySelector(selector)?.textContent ?? null, byTestId(id));
const fieldOf = (page: PageDriver, id: string) =>
  page.evaluate((selector) => {
    const input = document.querySelector<HTMLInputElement>(selector);
    return input && { value: input.value, disabled: input.disabled };
  }, byTestId(id));

async function saveServiceAddress(page: PageDriver, address: string): Promise<void> {
  await page.fill(byTestId('base-url-input'), address);
  await page.click(byTestId('api-key-save'));
}

describe.each(BROWSERS)('the service address in %s', (name) => {
  let backend: Backend;
  let browser: BrowserDriver;

  beforeAll(async () => {
    backend = await startBackend({ credits: 100 });
    // Firefox asks for a host in a prompt; this preference answers it yes, as a person would.
    browser = await launchBrowser(name, {
      firefoxPrefs: { 'extensions.webextOptionalPermissionPrompts': false },
    });
  });

  afterAll(async () => {
    await browser?.close();
    await backend?.close();
  });

  it('refuses http:// to another computer, saying why the key needs https://, and keeps a local one', async () => {
    const options = await browser.openExtensionPage('options.html');
    await saveServiceAddress(options, 'http://lookup.example.com');
    await expect.poll(() => shownIn(options, 'save-status')).toBe(messages.optionsBaseUrlInsecure.message);
    // The built-in service's host (127.0.0.1, any port) needs no asking.
    await saveServiceAddress(options, backend.proxy.url);
    await expect.poll(() => shownIn(options, 'save-status')).toBe(messages.optionsSaved.message);
    await options.close();
  });

  it.runIf(name === 'Firefox')(
    'saving another service’s address asks for its host, and saves once granted',
    async () => {
      expect(await browser.hasOrigin('https://lookup.example.org/*')).toBe(false);
      const options = await browser.openExtensionPage('options.html');
      await saveServiceAddress(options, 'https://lookup.example.org');
      await expect.poll(() => shownIn(options, 'save-status')).toBe(messages.optionsSaved.message);
      expect(await browser.hasOrigin('https://lookup.example.org/*')).toBe(true);
      await options.close();
    },
  );

  // Headless Chromium shows its prompt to no one, so the request is seen waiting on the person's answer.
  it.runIf(name === 'Chromium')(
    'saving another service’s address asks for its host, and waits for the answer',
    async () => {
      const asking = await browser.openExtensionPage('options.html');
      await saveServiceAddress(asking, 'https://lookup.example.org');
      // A save that needs no asking, in another tab, is done meanwhile; the asking one is not.
      const other = await browser.openExtensionPage('options.html');
      await saveServiceAddress(other, backend.proxy.url);
      await expect.poll(() => shownIn(other, 'save-status')).toBe(messages.optionsSaved.message);
      expect(await shownIn(asking, 'save-status')).toBeNull();
      expect(await browser.hasOrigin('https://lookup.example.org/*')).toBe(false);
      await other.close();
      await asking.close();
    },
  );
});

describe.each(BROWSERS)('a key the organisation set, in %s', (name) => {
  let backend: Backend;
  let browser: BrowserDriver;

  beforeAll(async () => {
    backend = await startBackend({ credits: 100 });
    browser = await launchBrowser(name, { managed: { apiKey: backend.key } });
    // The person's own service address, from before the policy: it must never see the organisation's key.
    await browser.configure({ settings: { baseUrl: backend.proxy.url } });
  });

  afterAll(async () => {
    await browser?.close();
    await backend?.close();
  });

  it('goes to the built-in service, never to the address the person typed: options shows it locked', async () => {
    const options = await browser.openExtensionPage('options.html');
    await expect.poll(() => shownIn(options, 'managed-note')).toBe(messages.managedNote.message);
    expect(await fieldOf(options, 'base-url-input')).toEqual({ value: BUILT_IN, disabled: true });
    await options.click(byTestId('test-key'));
    await expect.poll(() => shownIn(options, 'test-key-result')).not.toBe(messages.optionsTesting.message);
    const popup = await browser.openExtensionPage(
      `popup.html?lookup=${encodeURIComponent('boss@gmail.com')}`,
    );
    // Answered somehow: by whatever listens at the built-in address, or the catalog when nothing does.
    await expect
      .poll(() =>
        popup.evaluate(
          () =>
            !!document.querySelector('[data-testid="result-card"]') &&
            !document.querySelector('[data-testid="loading"]'),
          null,
        ),
      )
      .toBe(true);
    expect(backend.proxy.requests).toEqual([]);
    await popup.close();
    await options.close();
  });
});
