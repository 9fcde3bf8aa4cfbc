import { beforeAll, describe, expect, it } from 'vitest';
import messages from '../../public/_locales/en/messages.json';
import { BROWSERS, type PageDriver } from '../support/driver.ts';
import { useBrowserStack } from '../support/extension-stack.ts';

/**
 * Where the key goes, as a person meets it on the options page, in each browser: an http:// service
 * address is taken only for this computer; another service's host is asked for when saved; and a key the
 * organisation set goes only to the service it set, else the built-in one, never to one the person typed.
 */

/** The e2e build's built-in service address (test/support/build-extension.ts). */
const BUILT_IN = 'http://127.0.0.1:8787';

async function saveServiceAddress(page: PageDriver, address: string): Promise<void> {
  await page.fill('base-url-input', address);
  await page.click('api-key-save');
}

describe.each(BROWSERS)('the service address in %s', (name) => {
  const stack = useBrowserStack(name, { credits: 100, configure: false });

  it('refuses http:// to another computer, saying why the key needs https://, and keeps a local one', async () => {
    const options = await stack.browser.openOptions();
    await saveServiceAddress(options, 'http://lookup.example.com');
    await expect.poll(() => options.text('save-status')).toBe(messages.optionsBaseUrlInsecure.message);
    // The built-in service's host (127.0.0.1, any port) needs no asking.
    await saveServiceAddress(options, stack.backend.proxy.url);
    await expect.poll(() => options.text('save-status')).toBe(messages.optionsSaved.message);
    await options.close();
  });

  it('saving another service’s address asks for its host: saved once the person grants it, and not before', async () => {
    expect(await stack.browser.hasOrigin('https://lookup.example.org/*')).toBe(false);
    const asking = await stack.browser.openOptions();
    await saveServiceAddress(asking, 'https://lookup.example.org');
    // A save that needs no asking, in another tab, is done meanwhile.
    const other = await stack.browser.openOptions();
    await saveServiceAddress(other, stack.backend.proxy.url);
    await expect.poll(() => other.text('save-status')).toBe(messages.optionsSaved.message);
    if (stack.browser.answersPermissionPrompts) {
      // Firefox: the person says yes, and the address is saved with its host.
      await expect.poll(() => asking.text('save-status')).toBe(messages.optionsSaved.message);
      expect(await stack.browser.hasOrigin('https://lookup.example.org/*')).toBe(true);
    } else {
      // Headless Chromium shows its prompt to no one: the save waits on the person's answer.
      expect(await asking.text('save-status')).toBeNull();
      expect(await stack.browser.hasOrigin('https://lookup.example.org/*')).toBe(false);
    }
    await other.close();
    await asking.close();
  });
});

describe.each(BROWSERS)('a key the organisation set, in %s', (name) => {
  const stack = useBrowserStack(name, {
    credits: 100,
    launch: (backend) => ({ managed: { apiKey: backend.key } }),
    configure: false,
  });

  beforeAll(async () => {
    // The person's own service address, from before the policy: it must never see the organisation's key.
    await stack.browser.configure({ settings: { baseUrl: stack.backend.proxy.url } });
  });

  it('goes to the built-in service, never to the address the person typed: options shows it locked', async () => {
    const options = await stack.browser.openOptions();
    await expect.poll(() => options.text('managed-note')).toBe(messages.managedNote.message);
    expect(await options.field('base-url-input')).toMatchObject({ value: BUILT_IN, disabled: true });
    await options.click('test-key');
    await expect.poll(() => options.text('test-key-result')).not.toBe(messages.optionsTesting.message);
    const popup = await stack.browser.openPopup({ lookup: 'boss@gmail.com' });
    // Answered somehow: by whatever listens at the built-in address, or the catalog when nothing does.
    await popup.waitForAnswer();
    expect(stack.backend.proxy.requests).toEqual([]);
    await popup.close();
    await options.close();
  });
});
