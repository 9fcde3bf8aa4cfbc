import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { APPENDED_COLUMNS } from '../../entrypoints/bulk/bulk-export.ts';
import { BROWSERS, type PageDriver } from '../support/driver.ts';
import { useBrowserStack } from '../support/extension-stack.ts';

/**
 * A list of leads looked up in bulk, in each browser, against the real service: 1,000 rows at 240 domains,
 * 200 of which the service names a provider for (the fixture's `*.bench-customer.example.com`: Google MX,
 * a credit each) and 40 it does not know (no such domain: a 404, free). The background is stopped halfway.
 */
const PAID = Array.from({ length: 200 }, (_, index) => `lead-${index}.bench-customer.example.com`);
const FREE = Array.from({ length: 40 }, (_, index) => `gone-${index}.example.com`);
const DOMAINS = [...PAID, ...FREE];
/** Looked up first, from a pasted list: these the CSV's run finds cached, at no cost. */
const CACHED_FIRST = PAID.slice(0, 10);
const ROWS = 1_000;

/** Row i: an address at domain i mod 240, a name with a comma in it; every hundredth row has no address. */
function leadsCsv(): string {
  const lines = ['id,Name,Email,Company'];
  for (let index = 0; index < ROWS; index++) {
    const domain = DOMAINS[index % DOMAINS.length];
    const email = index % 100 === 99 ? '' : `person${index}@${domain}`;
    lines.push(`${index},"Doe, Jane ${index}",${email},Company ${index % 7}`);
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** The file a person chooses, as the file chooser hands it to the page. */
function chooseFile(page: PageDriver, name: string, text: string): Promise<void> {
  return page.evaluate(
    ({ name, text }) => {
      const input = document.querySelector('[data-testid="bulk-file"]') as HTMLInputElement;
      const files = new DataTransfer();
      files.items.add(new File([text], name, { type: 'text/csv' }));
      input.files = files.files;
      input.dispatchEvent(new Event('change', { bubbles: true }));
    },
    { name, text },
  );
}

/**
 * A list as Excel saves "CSV UTF-8" where the decimal mark is a comma (German, French, Spanish, Portuguese):
 * semicolons, a byte-order mark, CRLF. Bob's row is longer than the header and Kim's shorter; Jane's name
 * holds the delimiter; a stray `;` moves Lee's address out of its column (line 5); Amy's name is a formula.
 */
const EXCEL_DOMAIN = 'excel-0.bench-customer.example.com';
const MISPLACED_DOMAIN = 'excel-1.bench-customer.example.com';
const EXCEL_FILE = `\uFEFF${[
  'Name;E-Mail;Telefon;Betrag',
  '"Doe; Jane";jane@gmail.com;+44 20 7946 0000;-1,5',
  `Bob;bob@${EXCEL_DOMAIN};-5;12;extra note`,
  'Kim Müller;kim@gmail.com',
  `Lee;;lee@${MISPLACED_DOMAIN};+1 555 0100`,
  '"=HYPERLINK(""https://evil.example/"")";amy@proton.me;;',
].join('\r\n')}\r\n`;

/** The provider each row of the page's table names, and the CSV behind its download link (name and text). */
async function shownAnswers(page: PageDriver) {
  const providers = await page.texts('[data-testid="bulk-row"] [data-column="provider"]');
  const csv = await page.evaluate(async () => {
    const link = document.querySelector('[data-testid="bulk-download"]') as HTMLAnchorElement;
    return (await fetch(link.href)).text();
  }, null);
  const [header = [], ...rows] = Papa.parse<string[]>(csv, { skipEmptyLines: true }).data;
  const column = (title: string) => header.indexOf(title);
  return {
    providers,
    csv: rows.map((row) => [row[column('domain')], row[column('provider')]]),
  };
}

describe.each(BROWSERS)('in %s', (name) => {
  const stack = useBrowserStack(name, { credits: 1_000 });
  const openBulk = async (hash = '') => {
    const page = await stack.browser.openExtensionPage(`bulk.html${hash}`);
    await page.waitFor('bulk-input');
    return page;
  };
  const job = async () =>
    (await stack.browser.stored(['bulkJob'])).bulkJob as
      | { state: string; done: Record<string, unknown>; domains: string[] }
      | undefined;
  const credits = async () => (await stack.backend.service.balance(stack.backend.key)).credits;

  it('a pasted list from the popup: its cost, then its answers', async () => {
    const pasted = CACHED_FIRST.map((domain, index) => `Lead ${index} <lead${index}@${domain}>`).join(', ');
    const page = await openBulk(`#text=${encodeURIComponent(pasted)}`);
    await expect.poll(() => page.attribute('bulk-cost', 'data-count')).toBe('10');
    expect(await page.text('bulk-summary')).toContain('10 addresses at 10 domains.');
    const before = await credits();
    // A click a script makes is no person's: it starts nothing.
    await page.evaluate(
      () => (document.querySelector('[data-testid="bulk-start"]') as HTMLElement).click(),
      null,
    );
    expect(await job()).toBeUndefined();
    await page.click('bulk-start');
    await expect
      .poll(() => page.attribute('bulk-status', 'data-state'), { timeout: 60_000 })
      .toBe('finished');
    await expect.poll(() => page.count('bulk-row')).toBe(10);
    expect(await page.texts('[data-testid="bulk-row"] [data-column="provider"]')).toEqual(
      Array(10).fill('Google Workspace'),
    );
    expect(before - (await credits())).toBe(10);
    await page.close();
  });

  it('a 1,000-row CSV: says what it costs, goes on after the background stops halfway, pays each domain once, and gives the CSV back', async () => {
    const page = await openBulk();
    await chooseFile(page, 'leads.csv', leadsCsv());
    // 990 addresses (ten rows have none) at 240 domains, ten of them cached: at most 230 credits.
    await expect
      .poll(async () => [
        await page.attribute('bulk-cached', 'data-count'),
        await page.attribute('bulk-cost', 'data-count'),
      ])
      .toEqual(['10', '230']);
    expect(await page.text('bulk-summary')).toContain('990 addresses at 240 domains.');
    await expect.poll(() => page.text('bulk-start')).toBe('Look up 230 domains');
    const before = await credits();
    const asked = stack.backend.proxy.requests.length;

    // Slow enough for the test to see the run halfway.
    stack.backend.proxy.setDelay(100);
    await page.click('bulk-start');
    await expect
      .poll(async () => Object.keys((await job())?.done ?? {}).length, { timeout: 60_000 })
      .toBeGreaterThanOrEqual(60);
    // Halfway: the page closed (nothing it does keeps the run going), and the background stopped with its
    // four lookups on their way, which the network loses: the service never answered them, so a new
    // background that asks again pays for them once. (A request the service answered as its background was
    // stopped is paid with no answer heard: the one way to spend without an answer, README's billing rule.)
    await page.close();
    stack.backend.proxy.hold();
    await expect.poll(() => stack.backend.proxy.heldCount()).toBe(4);
    const atStop = await job();
    await stack.browser.stopBackground();
    stack.backend.proxy.dropHeld();
    stack.backend.proxy.setDelay(0);
    expect(atStop?.state).toBe('running');
    expect(Object.keys(atStop?.done ?? {}).length).toBeLessThan(DOMAINS.length);
    // The page opened again wakes the background, which takes the run up where it stopped.
    const again = await openBulk();
    await expect
      .poll(() => again.attribute('bulk-status', 'data-state'), { timeout: 120_000 })
      .toBe('finished');
    expect(await again.attribute('bulk-status', 'data-done')).toBe(String(DOMAINS.length));

    // Each domain not cached paid for once: 190 answers naming a provider; the 404s and the cached cost nothing.
    expect(before - (await credits())).toBe(PAID.length - CACHED_FIRST.length);
    const charged = stack.backend.proxy.requests
      .slice(asked)
      .filter((request) => request.response?.status === 200)
      .map((request) => (request.body as { email: string }).email);
    expect(charged.sort()).toEqual(PAID.slice(CACHED_FIRST.length).sort());

    // The table: one row per address; the CSV: the person's 1,000 rows, their columns first, answers after.
    await expect.poll(() => again.count('bulk-row')).toBe(990);
    const csv = await again.evaluate(async () => {
      const link = document.querySelector('[data-testid="bulk-download"]') as HTMLAnchorElement;
      return { name: link.download, text: await (await fetch(link.href)).text() };
    }, null);
    expect(csv.name).toBe('leads-webmail.csv');
    const [header, ...rows] = Papa.parse<string[]>(csv.text, { skipEmptyLines: true }).data;
    expect(header).toEqual(['id', 'Name', 'Email', 'Company', ...APPENDED_COLUMNS]);
    expect(rows).toHaveLength(ROWS);
    const column = (title: string) => (header ?? []).indexOf(title);
    for (const [index, row] of rows.entries()) {
      expect(row.slice(0, 2)).toEqual([String(index), `Doe, Jane ${index}`]);
      const domain = DOMAINS[index % DOMAINS.length] ?? '';
      const provider = row[column('provider')];
      if (index % 100 === 99) expect(row.slice(4).every((cell) => cell === '')).toBe(true);
      else if (PAID.includes(domain))
        expect([row[column('domain')], provider]).toEqual([domain, 'Google Workspace']);
      else expect([provider, row[column('status')]]).toEqual(['', 'not-found']);
    }
    await again.close();
  });

  it('a semicolon file from Excel comes back a semicolon file: the person’s cells as they were, the answers under their own headers', async () => {
    const page = await openBulk();
    await chooseFile(page, 'kunden.csv', EXCEL_FILE);
    await expect.poll(() => page.text('bulk-summary')).toContain('4 addresses at 3 domains.');
    // The misplaced row is listed by its line, and never looked up.
    await expect.poll(() => page.attribute('bulk-misplaced', 'data-count')).toBe('1');
    expect(await page.texts('[data-testid="bulk-misplaced"] li')).toEqual([
      `Line 5: lee@${MISPLACED_DOMAIN}`,
    ]);
    await page.click('bulk-start');
    await expect
      .poll(async () => [
        await page.attribute('bulk-status', 'data-state'),
        await page.attribute('bulk-status', 'data-done'),
      ])
      .toEqual(['finished', '3']);
    await expect.poll(() => page.count('bulk-row')).toBe(4);
    expect(stack.backend.proxy.countFor(MISPLACED_DOMAIN)).toBe(0);
    expect(await page.texts('[data-testid="bulk-misplaced"] li')).toEqual([
      `Line 5: lee@${MISPLACED_DOMAIN}`,
    ]);

    await page.waitFor('bulk-download');
    const download = await page.evaluate(async () => {
      const link = document.querySelector('[data-testid="bulk-download"]') as HTMLAnchorElement;
      const bytes = await (await fetch(link.href)).arrayBuffer();
      return { name: link.download, text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes) };
    }, null);
    expect(download.name).toBe('kunden-webmail.csv');
    expect(download.text.startsWith('\uFEFF')).toBe(true);
    const lines = download.text.slice(1).split('\r\n');
    expect(lines[0]).toBe(['Name', 'E-Mail', 'Telefon', 'Betrag', '', ...APPENDED_COLUMNS].join(';'));
    expect(lines.at(-1)).toBe('');
    const [header = [], ...rows] = Papa.parse<string[]>(download.text.slice(1), {
      delimiter: ';',
      skipEmptyLines: true,
    }).data;
    // The person's five columns (the widest row's), cell by cell.
    expect(rows.map((row) => row.slice(0, 5))).toEqual([
      ['Doe; Jane', 'jane@gmail.com', '+44 20 7946 0000', '-1,5', ''],
      ['Bob', `bob@${EXCEL_DOMAIN}`, '-5', '12', 'extra note'],
      ['Kim Müller', 'kim@gmail.com', '', '', ''],
      ['Lee', '', `lee@${MISPLACED_DOMAIN}`, '+1 555 0100', ''],
      [`'=HYPERLINK("https://evil.example/")`, 'amy@proton.me', '', '', ''],
    ]);
    // The answers, under their own headers.
    const answer = (row: string[]) =>
      ['domain', 'provider', 'free_mail', 'privacy_relay', 'status'].map(
        (column) => row[header.indexOf(column)],
      );
    expect(rows.map(answer)).toEqual([
      ['gmail.com', 'Gmail', 'true', 'false', 'found'],
      [EXCEL_DOMAIN, 'Google Workspace', 'false', 'false', 'found'],
      ['gmail.com', 'Gmail', 'true', 'false', 'found'],
      ['', '', '', '', ''],
      ['proton.me', 'Proton Mail', 'true', 'false', 'found'],
    ]);
    for (const row of rows) expect(row).toHaveLength(header.length);
    await page.close();
  });

  it('a finished list keeps what it paid for: its rows and CSV name each provider after "Clear cache" and a stopped background, with no lookup paid again', async () => {
    const kept = Array.from({ length: 6 }, (_, index) => `kept-${index}.bench-customer.example.com`);
    const pasted = kept.map((domain, index) => `kept${index}@${domain}`).join('\n');
    const page = await openBulk(`#text=${encodeURIComponent(pasted)}`);
    await expect.poll(() => page.attribute('bulk-cost', 'data-count')).toBe('6');
    const before = await credits();
    const asked = stack.backend.proxy.requests.length;
    await page.click('bulk-start');
    await expect
      .poll(() => page.attribute('bulk-status', 'data-state'), { timeout: 60_000 })
      .toBe('finished');
    await expect.poll(() => page.count('bulk-row')).toBe(6);
    const paid = {
      providers: Array(6).fill('Google Workspace'),
      csv: kept.map((domain) => [domain, 'Google Workspace']),
    };
    // The rows are drawn from the list at once, and their answers follow from the worker.
    await expect.poll(() => shownAnswers(page)).toEqual(paid);
    expect(before - (await credits())).toBe(6);
    await page.close();

    // The person clears the cache on the options page; the browser stops the background.
    const options = await stack.browser.openOptions();
    await options.click('clear-cache');
    await expect.poll(() => options.text('cache-count')).toBe('No cached answers');
    await options.close();
    await stack.browser.stopBackground();

    const again = await openBulk();
    await expect.poll(() => again.attribute('bulk-status', 'data-state')).toBe('finished');
    await expect.poll(() => again.count('bulk-row')).toBe(6);
    await expect.poll(() => shownAnswers(again)).toEqual(paid);
    // Nothing was asked of the service again, and nothing paid twice.
    expect(stack.backend.proxy.requests.length - asked).toBe(6);
    expect(before - (await credits())).toBe(6);

    // The person lets go of the list: its answers leave the page and the browser's storage.
    await again.click('bulk-dismiss');
    await expect.poll(() => again.count('bulk-row')).toBe(0);
    expect(await again.field('bulk-input')).toMatchObject({ value: '' });
    const keys = ['bulkJob', ...kept.map((domain) => `bulkAnswer:${domain}`)];
    expect(await stack.browser.stored(keys)).toEqual({});
    await again.close();
  });
});
