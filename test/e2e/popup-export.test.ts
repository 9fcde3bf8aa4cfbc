import { readFileSync } from 'node:fs';
import Papa from 'papaparse';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLUMNS } from '#address-table/formats.ts';
import { POPUP_LOOKUP_BUDGET } from '#extension/limits.ts';
import { type ExtensionStack, startExtensionStack } from '../support/extension-stack.ts';
import { addPasteTarget } from '../support/in-page.ts';
import { pollUntil } from '../support/poll-until.ts';

/**
 * Taking the list away, in Chromium: a page with more domains than the popup looks up by itself. The rest
 * wait for the person to confirm; the list goes out as a CSV file and as a table on the clipboard.
 */
const EXTRA = 2;
/** Microsoft 365 behind Proofpoint, named by SPF (test/fixtures/dns-zones.ts). */
const BEHIND_GATEWAY = 'sales@proofpoint-m365.example.com';
const OTHER_DOMAINS = Array.from(
  { length: POPUP_LOOKUP_BUDGET - 2 + EXTRA },
  (_, i) => `team${i}.example.org`,
);
const ADDRESSES = ['jane@gmail.com', BEHIND_GATEWAY, ...OTHER_DOMAINS.map((domain) => `info@${domain}`)];
const PAGE = `<!doctype html><title>Many domains</title><ul>${ADDRESSES.map((a) => `<li>${a}</li>`).join('')}</ul>`;

let stack: ExtensionStack;
let popup: Page;

beforeAll(async () => {
  stack = await startExtensionStack({ credits: 100, generatedPages: { 'many-domains.html': PAGE } });
  const page = await stack.browser.context.newPage();
  await page.goto(stack.pages.url('many-domains.html'));
  // Every address found (the badge counts them) before the popup opens on the tab, as the driver waits.
  await pollUntil(
    () => stack.browser.badgeOf(page),
    (badge) => badge === String(ADDRESSES.length),
    'the badge on the page of many domains',
  );
  popup = await stack.browser.context.newPage();
  await popup.goto(stack.browser.extensionUrl(`popup.html?tabId=${await stack.browser.tabIdOf(page)}`));
  await popup.getByTestId('export-csv').waitFor();
});

afterAll(() => stack?.close());

/** What the clipboard holds, pasted into a field (plain text) or an editable region (HTML). */
async function paste(kind: 'text' | 'html'): Promise<string> {
  await popup.evaluate(addPasteTarget, kind);
  await popup.keyboard.press('ControlOrMeta+V');
  const target = popup.locator('#paste-here');
  return kind === 'text' ? target.inputValue() : target.innerHTML();
}

const requestsBeyondBudget = () =>
  OTHER_DOMAINS.slice(-EXTRA).reduce((sum, domain) => sum + stack.proxy.countFor(domain), 0);

describe('the popup’s list beyond the lookup budget', () => {
  it('looks up the rest only after the person confirms how many, and what that costs', async () => {
    await expect
      .poll(() => popup.getByTestId('lookup-rest').textContent())
      .toBe(`Look up the other ${EXTRA} domains…`);
    await popup.getByTestId('lookup-rest').click();
    expect(await popup.getByTestId('confirm-lookup-rest').textContent()).toContain(
      `Look up ${EXTRA} more domains? Each lookup the service answers uses one credit of your plan: up to ${EXTRA} credits.`,
    );
    await popup.getByTestId('lookup-rest-cancel').click();
    expect(requestsBeyondBudget()).toBe(0);
    await popup.getByTestId('lookup-rest').click();
    await popup.getByTestId('lookup-rest-confirm').click();
    for (const domain of OTHER_DOMAINS.slice(-EXTRA)) {
      // Answered: neither waiting for the question nor on its way.
      const answered = ':not([data-state="loading"]):not([data-state="not-looked-up"])';
      await popup.locator(`[data-testid="address-row"][data-domain="${domain}"]${answered}`).waitFor();
    }
    await expect.poll(requestsBeyondBudget).toBe(EXTRA);
    expect(await popup.getByTestId('lookup-rest').count()).toBe(0);
  });
});

describe('taking the list away', () => {
  it('exports every address with its provider, flags, links and what was seen behind a gateway as a CSV file', async () => {
    const [download] = await Promise.all([
      popup.waitForEvent('download'),
      popup.getByTestId('export-csv').click(),
    ]);
    expect(download.suggestedFilename()).toBe('webmail-lookup-addresses.csv');
    const text = readFileSync((await download.path()) as string, 'utf8');
    expect(text.endsWith('\r\n')).toBe(true);
    const [header, ...rows] = Papa.parse<string[]>(text, { skipEmptyLines: true }).data;
    expect(header).toEqual([...COLUMNS]);
    expect(rows).toHaveLength(ADDRESSES.length);
    const row = (address: string) => {
      const cells = rows.find((cells) => cells[0] === address) ?? [];
      return Object.fromEntries(COLUMNS.map((column, index) => [column, cells[index]]));
    };
    expect(row('jane@gmail.com')).toMatchObject({
      domain: 'gmail.com',
      provider: 'Gmail',
      provider_name: 'Google (Public)',
      disposable: 'false',
      free_mail: 'true',
      privacy_relay: 'false',
      webmail_url: 'https://mail.google.com/mail',
      status: 'found',
      gateway: '',
      provider_source: '',
      provider_confidence: '',
      verdict: 'free-mail',
    });
    expect(row('jane@gmail.com').search_url).toMatch(/^https:\/\/mail\.google\.com\/mail\/#search\/.+/);
    expect(row(BEHIND_GATEWAY)).toMatchObject({
      provider: 'Microsoft 365',
      provider_name: 'Microsoft (365)',
      status: 'found',
      gateway: 'Proofpoint',
      provider_source: 'spf',
      provider_confidence: 'medium',
      verdict: 'business-mail',
    });
  });

  it('copies it as a table that pastes into a spreadsheet: TSV text and an HTML table', async () => {
    await popup.getByTestId('copy-table').click();
    await expect
      .poll(() => popup.getByTestId('export-status').textContent())
      .toBe(`Copied ${ADDRESSES.length} rows`);
    const text = await paste('text');
    const rows = text.trimEnd().split('\n');
    expect(rows).toHaveLength(ADDRESSES.length + 1);
    expect(rows[0]?.split('\t')).toEqual([...COLUMNS]);
    expect(rows.find((row) => row.startsWith('jane@gmail.com\t'))?.split('\t')[2]).toBe('Gmail');
    const html = await paste('html');
    expect(html).toContain('<table');
    expect(html).toMatch(/<td[^>]*>Gmail<\/td>/);
  });
});
