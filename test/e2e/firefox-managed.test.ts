import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Backend, startBackend } from '../support/extension-stack.ts';
import {
  type FirefoxExtensionBrowser,
  launchFirefoxWithExtension,
  until,
} from '../support/firefox-browser.ts';
import { closeAll } from '../support/teardown.ts';

/** Deployed by IT, in Firefox: a managed storage manifest sets the key, the service and the search query. */
let backend: Backend;
let firefox: FirefoxExtensionBrowser;

beforeAll(async () => {
  backend = await startBackend({ credits: 100 });
  firefox = await launchFirefoxWithExtension({
    managed: { apiKey: backend.key, baseUrl: backend.proxy.url, searchQueryTemplate: 'from:{address}' },
  });
});

afterAll(() => closeAll({ Firefox: firefox, backend }));

describe('Firefox: settings managed by the organisation', () => {
  it('the options page shows them locked, says so, and never shows the key', async () => {
    const options = await firefox.openExtensionPage('options.html');
    const fields = await until(
      options,
      () => {
        if (!document.querySelector('[data-testid="managed-note"]')) return null;
        return Object.fromEntries(
          ['api-key-input', 'base-url-input', 'query-template-input', 'hover-delay-input'].map((id) => {
            const input = document.querySelector(`[data-testid="${id}"]`) as HTMLInputElement;
            return [id, { disabled: input.disabled, value: input.value }];
          }),
        );
      },
      undefined,
    );
    expect(fields).toMatchObject({
      'api-key-input': { disabled: true, value: '' },
      'base-url-input': { disabled: true, value: backend.proxy.url },
      'query-template-input': { disabled: true, value: 'from:{address}' },
      'hover-delay-input': { disabled: false },
    });
    expect(
      await options.evaluate((key) => document.documentElement.outerHTML.includes(key), backend.key),
    ).toBe(false);
    await options.close();
  });

  it('lookups use the organisation’s key and search query', async () => {
    const popup = await firefox.openExtensionPage(
      `popup.html?lookup=${encodeURIComponent('boss@gmail.com')}`,
    );
    const href = await until(
      popup,
      () => document.querySelector('[data-testid="search-webmail"]')?.getAttribute('href'),
      undefined,
    );
    expect(href).toContain(encodeURIComponent('from:boss@gmail.com'));
    await expect
      .poll(
        () => backend.proxy.requests.find((r) => JSON.stringify(r.body).includes('gmail.com'))?.authorization,
      )
      .toBe(`Bearer ${backend.key}`);
    await popup.close();
  });
});
