import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ExtensionBrowser, launchExtensionBrowser } from '../support/extension-browser.ts';
import { closeAll } from '../support/teardown.ts';

/** What a store and the toolbar see of the built extension in Chromium: its icons. */
let browser: ExtensionBrowser;

beforeAll(async () => {
  browser = await launchExtensionBrowser();
});

afterAll(() => closeAll({ Chromium: browser }));

type Manifest = { icons?: Record<string, string>; action?: { default_icon?: Record<string, string> } };

describe('store-ready in Chromium', () => {
  it('the manifest names an icon at 16, 32, 48 and 128 px, for the extension and its toolbar button', async () => {
    const manifest = (await (
      await browser.worker()
    ).evaluate(() =>
      (
        globalThis as unknown as { chrome: { runtime: { getManifest(): unknown } } }
      ).chrome.runtime.getManifest(),
    )) as Manifest;
    expect(Object.keys(manifest.icons ?? {}).sort()).toEqual(['128', '16', '32', '48']);
    expect(manifest.action?.default_icon).toEqual(manifest.icons);
  });

  it('each icon is a PNG of its size that the browser serves, drawn (not blank)', async () => {
    const page = await browser.context.newPage();
    await page.goto(browser.extensionUrl('popup.html'));
    for (const size of [16, 32, 48, 128]) {
      const bytes = await page.evaluate(
        async (path) => [...new Uint8Array(await (await fetch(path)).arrayBuffer())],
        `/icon/${size}.png`,
      );
      const png = PNG.sync.read(Buffer.from(bytes));
      expect([png.width, png.height]).toEqual([size, size]);
      let opaque = 0;
      for (let i = 3; i < png.data.length; i += 4) if ((png.data[i] ?? 0) > 200) opaque++;
      expect(opaque / (size * size)).toBeGreaterThan(0.5);
    }
    await page.close();
  });
});
