import { describe, expect, it } from 'vitest';
import messages from '../../public/_locales/en/messages.json';
import { MESSAGES } from '../../server/messages.ts';
import { BROWSERS } from '../support/driver.ts';
import { useBrowserStack } from '../support/extension-stack.ts';
import { getMessage } from '../support/fake-i18n.ts';

/** The options page and the toolbar popup, in each browser, against the real service. */
describe.each(BROWSERS)('in %s', (name) => {
  // Nothing set: the person gives the key and the service's address on the options page.
  const stack = useBrowserStack(name, { credits: 1_000, configure: false });
  const lookUpInPopup = async (address: string) => {
    const popup = await stack.browser.openPopup({ lookup: address });
    await popup.waitForAnswer();
    return popup;
  };

  describe('options page', () => {
    it('names the service this build looks addresses up at, where its keys come from, and the shortcut', async () => {
      const options = await stack.browser.openOptions();
      // The e2e build is made for a local service (test/support/build-extension.ts), without a demo key.
      await expect
        .poll(() => options.text('service-note'))
        .toBe(getMessage('optionsServiceLocal', ['127.0.0.1:8787']));
      expect(await options.text('key-source')).toBe(
        getMessage('optionsKeyLocal', ['npm run server -- keys create --credits 1000']),
      );
      const shortcut = name === 'Firefox' ? 'optionsShortcutFirefox' : 'optionsShortcutChromium';
      await expect.poll(() => options.text('shortcut-note')).toBe(getMessage(shortcut, ['Alt+Shift+L']));
      expect(await options.text('pin-note')).toBe(
        getMessage(name === 'Firefox' ? 'optionsPinFirefox' : 'optionsPinChromium'),
      );
      await options.close();
    });

    it('saves the key and service address, and "Test key" reports the outcome in words', async () => {
      const options = await stack.browser.openOptions();
      await options.fill('api-key-input', stack.backend.key);
      await options.fill('base-url-input', `${stack.backend.service.baseUrl}/`);
      await options.click('test-key');
      await expect.poll(() => options.text('test-key-result')).toBe(messages.testKeyWorks.message);
      await options.click('api-key-save');
      await expect.poll(() => options.text('save-status')).toBe('Saved.');
      await expect
        .poll(() => options.text('service-note'))
        .toBe(
          getMessage('optionsServicePerson', [new URL(stack.backend.service.baseUrl).host, '127.0.0.1:8787']),
        );
      const stored = await stack.browser.stored(['apiKey', 'settings']);
      expect(stored.apiKey).toBe(stack.backend.key);
      expect((stored.settings as { baseUrl: string }).baseUrl).toBe(stack.backend.service.baseUrl);
      await options.close();
    });

    it('says in words when the key is unknown', async () => {
      const options = await stack.browser.openOptions();
      await options.fill('api-key-input', 'wl_not_a_key');
      await options.click('test-key');
      await expect
        .poll(() => options.text('test-key-result'))
        .toBe(
          getMessage('optionsTestKeyFailed', [messages.stateUnknownKeyTitle.message, MESSAGES.unknownKey]),
        );
      await options.close();
    });

    it('refuses a service address that is not http(s), keeping the saved one', async () => {
      const options = await stack.browser.openOptions();
      await options.fill('base-url-input', 'javascript:alert(1)');
      await options.click('api-key-save');
      await expect.poll(() => options.text('save-status')).toBe(messages.optionsBaseUrlInvalid.message);
      await options.close();
    });
  });

  describe('the answer cache on the options page', () => {
    it('counts the cached answers and clears them: the next lookup asks the service again', async () => {
      await stack.browser.configure({
        apiKey: stack.backend.key,
        settings: { baseUrl: stack.backend.proxy.url },
      });
      const lookUp = async (address: string) => (await lookUpInPopup(address)).close();
      await lookUp('ceo@m365-customer.example.com');
      await lookUp('sales@workspace-customer.example.com');
      const options = await stack.browser.openOptions();
      await expect.poll(() => options.text('cache-count')).toMatch(/^(\d+) cached answers?$/);
      const before = Number((await options.text('cache-count'))?.split(' ')[0]);
      expect(before).toBeGreaterThanOrEqual(2);
      await options.click('clear-cache');
      await expect.poll(() => options.text('cache-count')).toBe('No cached answers');
      await options.close();
      const asked = stack.backend.proxy.countFor('m365-customer.example.com');
      await lookUp('ceo@m365-customer.example.com');
      expect(stack.backend.proxy.countFor('m365-customer.example.com')).toBe(asked + 1);
    });
  });

  describe('popup', () => {
    it('lists the tab’s addresses, a row each, with answers', async () => {
      await stack.browser.configure({
        apiKey: stack.backend.key,
        settings: { baseUrl: stack.backend.service.baseUrl },
      });
      const page = await stack.browser.openPage(stack.backend.pages.url('plain.html'), 6);
      const popup = await stack.browser.openPopup({ tab: page });
      await expect
        .poll(() => popup.texts('page-address'))
        .toEqual(expect.arrayContaining(['jane.doe+news@gmail.com', 'Bob@proton.me', 'x7k2@duck.com']));
      expect(await popup.count('page-address')).toBe(6);
      await expect
        .poll(() =>
          popup.text(
            '[data-testid="address-row"][data-domain="gmail.com"] [data-testid="provider-nice-name"]',
          ),
        )
        .toBe('Gmail');
      await popup.close();
      await page.close();
    });

    it('looks up at once what the context menu sends it (?lookup=)', async () => {
      const popup = await lookUpInPopup('x7k2@duck.com');
      expect(await popup.attribute('flag-privacy', 'data-value')).toBe('true');
      // A relay has no webmail of its own to open.
      expect(await popup.count('open-webmail')).toBe(0);
      await popup.close();
    });

    it('looks up an address typed by hand', async () => {
      const popup = await stack.browser.openPopup();
      await popup.fill('lookup-input', 'boss@m365-customer.example.com');
      await popup.click('lookup-submit');
      await expect.poll(() => popup.text('provider-nice-name')).toBe('Microsoft 365');
      await popup.fill('lookup-input', 'not an address');
      await popup.click('lookup-submit');
      await expect.poll(() => popup.text('error-message')).toMatch(/Enter an email address or a domain/);
      await popup.close();
    });
  });
});
