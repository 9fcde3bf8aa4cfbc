import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import messages from '../../public/_locales/en/messages.json';
import {
  type FirefoxExtensionBrowser,
  launchFirefoxWithExtension,
  until,
} from './support/firefox-browser.ts';

/** The store-ready parts in Debian's Firefox ESR, with the built Firefox extension. */
let firefox: FirefoxExtensionBrowser;

beforeAll(async () => {
  firefox = await launchFirefoxWithExtension();
});

afterAll(() => firefox?.close());

type Manifest = {
  icons?: Record<string, string>;
  browser_action?: { default_icon?: Record<string, string> };
};
type ExtensionApi = { runtime: { getManifest(): Manifest }; i18n: { getMessage(key: string): string } };

describe('store-ready in Firefox', () => {
  it('the add-on and its toolbar button have the icon at every size, and names from messages.json', async () => {
    const popup = await firefox.openExtensionPage('popup.html');
    const { manifest, name } = await popup.evaluate(() => {
      const api = (globalThis as unknown as { browser: ExtensionApi }).browser;
      return { manifest: api.runtime.getManifest(), name: api.i18n.getMessage('extName') };
    });
    expect(Object.keys(manifest.icons ?? {}).sort()).toEqual(['128', '16', '32', '48']);
    expect(manifest.browser_action?.default_icon).toEqual(manifest.icons);
    expect(name).toBe(messages.extName.message);
    const size = await popup.evaluate(async () => {
      const image = new Image();
      image.src = '/icon/128.png';
      await image.decode();
      return [image.naturalWidth, image.naturalHeight];
    });
    expect(size).toEqual([128, 128]);
    await popup.close();
  });

  it('the popup’s words come from browser.i18n', async () => {
    const popup = await firefox.openExtensionPage('popup.html');
    const heading = await until(popup, () => document.querySelector('h2')?.textContent, undefined);
    expect(heading).toBe(messages.popupOnThisPage.message);
    expect(await popup.evaluate(() => document.title)).toBe(messages.extName.message);
    await popup.close();
  });

  it('the welcome page opened on install (the launch waits for it) says what leaves the browser and shows a labelled catalog card', async () => {
    const welcome = await firefox.openExtensionPage('welcome.html');
    const source = await until(
      welcome,
      () => document.querySelector('[data-testid="sample-card"] [data-testid="result-source"]')?.textContent,
      undefined,
    );
    expect(source).toBe(messages.sourceCatalogNoKey.message);
    expect(
      await welcome.evaluate(() => document.querySelector('[data-testid="privacy-statement"]')?.textContent),
    ).toBe(messages.privacyStatement.message);
    await welcome.close();
  });

  it('with sending addresses set, the card offers "Copy link for them", and says why not for a relay', async () => {
    await firefox.configure({ settings: { sendingAddresses: ['support@acme.com'] } });
    const shown = async (address: string) => {
      const popup = await firefox.openExtensionPage(`popup.html?lookup=${encodeURIComponent(address)}`);
      const texts = await until(
        popup,
        () => {
          if (!document.querySelector('[data-testid="result-source"]')) return null;
          const text = (id: string) => document.querySelector(`[data-testid="${id}"]`)?.textContent ?? null;
          return { button: text('copy-link-for-them'), why: text('link-for-them-unavailable') };
        },
        undefined,
        // The first lookup wakes Firefox's background page and loads the catalog: seconds on a slow machine.
        { timeout: 30_000 },
      );
      await popup.close();
      return texts;
    };
    expect(await shown('jane@gmail.com')).toEqual({
      button: messages.cardCopyLinkForThem.message,
      why: null,
    });
    expect(await shown('x7k2@duck.com')).toEqual({ button: null, why: messages.linkForThemRelay.message });
  });
});
