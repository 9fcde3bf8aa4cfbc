import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import messages from '../../public/_locales/en/messages.json';
import {
  type FirefoxExtensionBrowser,
  launchFirefoxWithExtension,
  testId,
  until,
} from '../support/firefox-browser.ts';
import { addPasteTarget, selectText } from '../support/in-page.ts';
import { startPageServer } from '../support/page-server.ts';
import { closeAll } from '../support/teardown.ts';

/**
 * The store-ready parts in Debian's Firefox ESR, with the built Firefox extension and no key (the catalog
 * answers): icons and words, the welcome page, the link for the customer, the list taken away, the shortcut.
 */
let firefox: FirefoxExtensionBrowser;
let pages: Awaited<ReturnType<typeof startPageServer>>;
/** Where this Firefox saves downloads, without asking. */
let downloads: string;

beforeAll(async () => {
  downloads = mkdtempSync(join(tmpdir(), 'webmail-firefox-downloads-'));
  pages = await startPageServer();
  firefox = await launchFirefoxWithExtension({
    prefs: {
      'browser.download.dir': downloads,
      'browser.download.folderList': 2,
      'browser.download.useDownloadDir': true,
      'browser.download.always_ask_before_handling_new_types': false,
    },
  });
});

afterAll(() =>
  closeAll({
    Firefox: firefox,
    'page server': pages,
    'download folder': () => downloads && rmSync(downloads, { recursive: true, force: true }),
  }),
);

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

describe('taking the list away in Firefox', () => {
  it('the popup saves the tab’s addresses as a CSV file, and copies them as a table for a spreadsheet', async () => {
    const { page, tabId } = await firefox.openPage(pages.url('plain.html'), 6);
    const popup = await firefox.openExtensionPage(`popup.html?tabId=${tabId}`);
    // Every row answered (the catalog's, without a key) before the list is taken.
    await until(
      popup,
      (selectors) =>
        document.querySelectorAll(selectors.answered).length > 0 &&
        !document.querySelector(selectors.waiting),
      {
        answered: `${testId('address-row')} ${testId('provider-nice-name')}`,
        waiting: `${testId('address-row')}[data-state="loading"]`,
      },
    );
    await popup.click(testId('export-csv'));
    const file = join(downloads, 'webmail-lookup-addresses.csv');
    // Firefox writes a download beside its name (.part) and renames it when whole.
    await expect
      .poll(() => existsSync(file) && !readdirSync(downloads).some((name) => name.endsWith('.part')))
      .toBe(true);
    const text = readFileSync(file, 'utf8');
    expect(text.endsWith('\r\n')).toBe(true);
    const records = Papa.parse<string[]>(text, { skipEmptyLines: true }).data;
    expect(records[0]?.slice(0, 3)).toEqual(['address', 'domain', 'provider']);
    expect(records).toHaveLength(6 + 1);
    expect(records.find((cells) => cells[0] === 'jane.doe+news@gmail.com')?.slice(0, 3)).toEqual([
      'jane.doe+news@gmail.com',
      'gmail.com',
      'Gmail',
    ]);

    await popup.click(testId('copy-table'));
    await until(
      popup,
      (selector) => document.querySelector(selector)?.textContent === 'Copied 6 rows',
      testId('export-status'),
    );
    await popup.evaluate(addPasteTarget, 'text' as const);
    await popup.keyboard.down('Control');
    await popup.keyboard.press('KeyV');
    await popup.keyboard.up('Control');
    const pasted = await until(
      popup,
      () => (document.getElementById('paste-here') as HTMLTextAreaElement).value,
      undefined,
    );
    const rows = pasted.trimEnd().split('\n');
    expect(rows).toHaveLength(6 + 1);
    expect(rows.find((row) => row.startsWith('jane.doe+news@gmail.com\t'))?.split('\t')[2]).toBe('Gmail');
    await popup.close();
    await page.close();
  });
});

type CommandsApi = {
  commands: { getAll(): Promise<{ name: string; shortcut: string; description: string }[]> };
  tabs: { sendMessage(tabId: number, message: object): Promise<unknown> };
};

describe('the keyboard shortcut in Firefox', () => {
  it('is declared with its suggested key and words, and the page answers with the selection, else the focused address', async () => {
    const { page, tabId } = await firefox.openPage(pages.url('plain.html'), 6);
    const extension = await firefox.openExtensionPage('options.html');
    const commands = await extension.evaluate(() =>
      (globalThis as unknown as { browser: CommandsApi }).browser.commands.getAll(),
    );
    expect(commands.find((command) => command.name === 'lookup-selection')).toMatchObject({
      shortcut: 'Alt+Shift+L',
      description: messages.commandLookup.message,
    });
    // What the background asks the tab when the shortcut is pressed (synthesised keys never reach
    // Firefox's shortcuts, so the question is asked as the background asks it).
    const askPage = () =>
      extension.evaluate(
        (id) =>
          (globalThis as unknown as { browser: CommandsApi }).browser.tabs.sendMessage(id, {
            type: 'query-under-focus',
          }),
        tabId,
      );
    expect(await page.evaluate(selectText, 'jane.doe+news@gmail.com')).toBe(true);
    expect(await askPage()).toEqual({ query: 'jane.doe+news@gmail.com' });
    await page.evaluate(() => getSelection()?.removeAllRanges());
    await page.focus('#mailto');
    expect(await askPage()).toEqual({ query: 'Bob@proton.me' });
    await extension.close();
    await page.close();
  });
});
