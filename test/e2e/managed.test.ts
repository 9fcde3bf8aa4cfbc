import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import messages from '../../public/_locales/en/messages.json';
import { E2E_EXTENSION_DIR } from '../support/build-extension.ts';
import { unpackedExtensionId } from '../support/chromium-policy.ts';
import { type ExtensionBrowser, launchExtensionBrowser } from '../support/extension-browser.ts';
import { type Backend, startBackend } from '../support/extension-stack.ts';
import { closeAll } from '../support/teardown.ts';

/**
 * Deployed by IT, in Chromium: the organisation's policy (a Chromium policy file that only this browser
 * sees) sets the key, the service, the search query, the sites to stay off and Gmail and Outlook integration.
 */
let backend: Backend;
let browser: ExtensionBrowser;

beforeAll(async () => {
  backend = await startBackend({ credits: 100 });
  browser = await launchExtensionBrowser({
    managed: {
      apiKey: backend.key,
      baseUrl: backend.proxy.url,
      searchQueryTemplate: 'from:{address}',
      disabledSites: ['127.0.0.1'],
      gmailIntegration: false,
      outlookIntegration: false,
    },
  });
});

afterAll(() => closeAll({ Chromium: browser, backend }));

type LocalArea = { get(keys: string[]): Promise<Record<string, unknown>> };

describe('settings managed by the organisation', () => {
  it('Chromium gives the extension its policy (3rdparty.extensions.<id>) as storage.managed', async () => {
    expect(browser.extensionId).toBe(unpackedExtensionId(E2E_EXTENSION_DIR));
    const managed = await (await browser.worker()).evaluate(() =>
      (
        globalThis as unknown as { chrome: { storage: { managed: { get(): Promise<object> } } } }
      ).chrome.storage.managed.get(),
    );
    expect(managed).toMatchObject({ searchQueryTemplate: 'from:{address}', gmailIntegration: false });
  });

  it('the options page shows the managed fields locked, says the organisation set them, and never shows the key', async () => {
    const options = await browser.context.newPage();
    await options.goto(browser.extensionUrl('options.html'));
    await expect
      .poll(() => options.getByTestId('managed-note').textContent())
      .toBe(messages.managedNote.message);
    for (const id of [
      'api-key-input',
      'base-url-input',
      'query-template-input',
      'disabled-sites-input',
      'gmail-integration-input',
      'outlook-integration-input',
    ]) {
      expect(await options.getByTestId(id).isDisabled(), id).toBe(true);
      expect(await options.getByTestId(id).getAttribute('data-managed'), id).toBe('true');
    }
    expect(await options.getByTestId('hover-delay-input').isDisabled()).toBe(false);
    expect(await options.getByTestId('api-key-input').inputValue()).toBe('');
    expect(await options.getByTestId('base-url-input').inputValue()).toBe(backend.proxy.url);
    expect(await options.getByTestId('query-template-input').inputValue()).toBe('from:{address}');
    expect(await options.getByTestId('gmail-integration-input').isChecked()).toBe(false);
    expect(await options.getByTestId('outlook-integration-input').isChecked()).toBe(false);
    expect(await options.content()).not.toContain(backend.key);

    // Saving keeps the person's own values under the organisation's.
    await options.getByTestId('hover-delay-input').fill('150');
    await options.getByTestId('api-key-save').click();
    await expect
      .poll(() => options.getByTestId('save-status').textContent())
      .toBe(messages.optionsSaved.message);
    const stored = await (await browser.worker()).evaluate(() =>
      (globalThis as unknown as { chrome: { storage: { local: LocalArea } } }).chrome.storage.local.get([
        'apiKey',
        'settings',
      ]),
    );
    expect(stored.apiKey ?? '').toBe('');
    expect(stored.settings).toMatchObject({ hoverDelayMs: 150, searchQueryTemplate: '{address}' });
    await options.close();
  });

  it('lookups use the organisation’s key, service and search query', async () => {
    const popup = await browser.context.newPage();
    await popup.goto(browser.extensionUrl(`popup.html?lookup=${encodeURIComponent('boss@gmail.com')}`));
    const card = popup.getByTestId('result-card').first();
    await expect.poll(() => card.getByTestId('result-source').textContent()).toMatch(/Webmail Info API/);
    const request = backend.proxy.requests.find((r) => JSON.stringify(r.body).includes('gmail.com'));
    expect(request?.authorization).toBe(`Bearer ${backend.key}`);
    expect(await card.getByTestId('search-webmail').getAttribute('href')).toContain(
      encodeURIComponent('from:boss@gmail.com'),
    );
    await popup.close();
  });

  it('stays off the sites the organisation listed', async () => {
    const off = await browser.context.newPage();
    await off.goto(backend.pages.url('plain.html'));
    // The same page on a host not listed is scanned: by then the listed one would have been too. (Without
    // host access to localhost, its badge cannot be read; its underlines can.)
    const on = await browser.context.newPage();
    await on.goto(backend.pages.url('plain.html').replace('127.0.0.1', 'localhost'));
    await on.waitForFunction(() => (CSS.highlights.get('webmail-lookup')?.size ?? 0) >= 5);
    expect(await off.evaluate(() => CSS.highlights.has('webmail-lookup'))).toBe(false);
    expect(await browser.badgeOf(off)).toBe('');
    await off.close();
    await on.close();
  });
});
