import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ADDRESSES_PER_PAGE, MAX_ELEMENTS_PER_XPATH, POPUP_LOOKUP_BUDGET } from '../../lib/limits.ts';
import { type ExtensionStack, startExtensionStack } from './support/stack.ts';

/** Pages that are large, adversarial or never still: the extension must not break them or spend credits. */
let stack: ExtensionStack;

/** Rows of a large table, one address every `every` rows, at distinct domains. */
const LARGE_ROWS = 6_000;
const ADDRESS_EVERY = 20;

/**
 * A page of 36,000 elements, well past what one query reads (MAX_ELEMENTS_PER_XPATH): its rows are read in
 * runs, its nested table as a part of its own, and an address sits in text directly under a cut element.
 */
function largePage(): string {
  const rows = Array.from(
    { length: LARGE_ROWS },
    (_, i) =>
      `<tr><td>${i}</td><td>${i % ADDRESS_EVERY === 0 ? `row${i}@domain${i}.example.com` : 'nobody'}</td><td><b>x</b></td><td>y</td></tr>`,
  ).join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Large</title></head><body>
    <main>Loose text: loose@gmail.com<table><tbody>${rows}</tbody></table></main></body></html>`;
}

/**
 * A section too large for one query, so it is read as a part cut from the page (its link found by the
 * page's query for sources), holding an address only in a `mailto:` link; an address in text beside it.
 */
function pageWithLargeSection(): string {
  const filler = '<p><b>x</b></p>'.repeat(MAX_ELEMENTS_PER_XPATH / 2 + 100);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Section</title></head><body>
    <main><p>Beside: beside@gmail.com</p><section id="large">${filler}<a href="mailto:linked@example.org">Write to us</a>${filler}</section></main></body></html>`;
}

beforeAll(async () => {
  stack = await startExtensionStack({
    credits: 1_000,
    settings: { hoverDelayMs: 50 },
    generatedPages: {
      'large.html': largePage(),
      'large-section.html': pageWithLargeSection(),
      'still-loading.html':
        '<!doctype html><html lang="en"><head><title>Loading</title></head><body><p>Write to jane@gmail.com</p><img alt="" src="slow.png"></body></html>',
    },
  });
});

afterAll(() => stack?.close());

let pagesOpened = 0;

/**
 * Opens the blank page with a long-task recorder running from the start, at a URL of its own so its tab is
 * told apart from any other. Chromium reports no long task for script run by the DevTools protocol itself
 * (page.evaluate), so the tests change the page from a timer of the page's own: the extension's mutation
 * callbacks then run in a task the recorder sees.
 */
async function openRecordedPage(): Promise<Page> {
  const page = await stack.browser.context.newPage();
  await page.addInitScript(() => {
    const recorded: number[] = [];
    (globalThis as unknown as { longTasks: number[] }).longTasks = recorded;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) recorded.push(Math.round(entry.duration));
    }).observe({ type: 'longtask', buffered: true });
  });
  await page.goto(`${stack.pages.url('blank.html')}?page=${++pagesOpened}`);
  return page;
}

const longTasks = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as { longTasks: number[] }).longTasks.splice(0));

describe('hostile pages', () => {
  it('the long-task recorder works (a planted 120 ms task is seen)', async () => {
    const page = await openRecordedPage();
    await page.evaluate(() => {
      setTimeout(() => {
        const end = performance.now() + 120;
        while (performance.now() < end) {}
      });
    });
    await expect
      .poll(() => page.evaluate(() => (globalThis as unknown as { longTasks: number[] }).longTasks.length))
      .toBeGreaterThan(0);
    await page.close();
  });

  it('10,000 addresses at 10,000 domains: no long task, no lookup without intent, the popup within its budget', async () => {
    const page = await openRecordedPage();
    const before = stack.proxy.requests.length;
    await page.evaluate(() => {
      const list = document.getElementById('list') as HTMLElement;
      const fragment = document.createDocumentFragment();
      for (let i = 0; i < 10_000; i++) {
        const line = document.createElement('p');
        line.textContent = `Contact user${i}@domain${i}.example.com today`;
        fragment.append(line);
      }
      list.append(fragment);
    });
    await longTasks(page);
    await expect
      .poll(() => stack.browser.badgeOf(page), { timeout: 15_000 })
      .toBe(String(MAX_ADDRESSES_PER_PAGE));
    expect(await longTasks(page)).toEqual([]);
    expect(stack.proxy.requests.length).toBe(before);

    const popup = await stack.browser.context.newPage();
    await popup.goto(stack.browser.extensionUrl(`popup.html?tabId=${await stack.browser.tabIdOf(page)}`));
    await expect
      .poll(() => popup.getByTestId('lookup-domain').count(), { timeout: 20_000 })
      .toBeGreaterThan(0);
    expect(stack.proxy.requests.length - before).toBeLessThanOrEqual(POPUP_LOOKUP_BUDGET);
    await popup.close();
    await page.close();
  });

  it('a page too large for one query is read in parts, and every address in it is found', async () => {
    const page = await stack.browser.context.newPage();
    await page.goto(stack.pages.url('large.html'));
    expect(await page.evaluate(() => document.getElementsByTagName('*').length)).toBeGreaterThan(
      MAX_ELEMENTS_PER_XPATH * 4,
    );
    await expect
      .poll(() => stack.browser.badgeOf(page), { timeout: 15_000 })
      .toBe(String(LARGE_ROWS / ADDRESS_EVERY + 1));
    await page.close();
  });

  it('a page still loading is not restyled for underlines before its load event', async () => {
    const page = await stack.browser.context.newPage();
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/slow.png', async (route) => {
      await held;
      await route.fulfill({ status: 404 });
    });
    await page.goto(stack.pages.url('still-loading.html'), { waitUntil: 'domcontentloaded' });
    // The address is found (the badge says so), and a batch of underlines has had twice its wait.
    await expect.poll(() => stack.browser.badgeOf(page)).toBe('1');
    await page.waitForTimeout(1_000);
    const underlined = () => page.evaluate(() => CSS.highlights.get('webmail-lookup')?.size ?? 0);
    expect(await page.evaluate(() => document.readyState)).not.toBe('complete');
    expect(await underlined()).toBe(0);
    release();
    await expect.poll(underlined).toBe(1);
    await page.close();
  });

  it('a large part taken out and put back is read again, its links with it', async () => {
    const page = await stack.browser.context.newPage();
    await page.goto(stack.pages.url('large-section.html'));
    await expect.poll(() => stack.browser.badgeOf(page), { timeout: 15_000 }).toBe('2');
    await page.evaluate(() => {
      const section = document.getElementById('large') as HTMLElement;
      (globalThis as unknown as { taken: HTMLElement }).taken = section;
      section.remove();
    });
    await expect.poll(() => stack.browser.badgeOf(page)).toBe('1');
    await page.evaluate(() =>
      document.querySelector('main')?.append((globalThis as unknown as { taken: HTMLElement }).taken),
    );
    await expect.poll(() => stack.browser.badgeOf(page)).toBe('2');
    await page.close();
  });

  it.each([
    ['a 1 MB run of a', 'a'],
    ['a 1 MB run of @', '@'],
    ['a 1 MB run of dots', '.'],
    ['1 MB of a.a@', 'a.a@'],
  ])('%s is scanned without a long task, and the page stays responsive', async (_case, unit) => {
    const page = await openRecordedPage();
    // The page's own share of the task (making a 1 MB string and one node) is far below 50 ms.
    await page.evaluate(
      (piece) =>
        new Promise<void>((done) =>
          setTimeout(() => {
            const line = document.createElement('p');
            line.textContent = `${piece.repeat(Math.ceil(1_000_000 / piece.length))} then jane@gmail.com`;
            document.body.append(line);
            done();
          }),
        ),
      unit,
    );
    await expect.poll(() => stack.browser.badgeOf(page)).toBe('1');
    const started = Date.now();
    expect(await page.evaluate(() => 1 + 1)).toBe(2);
    expect(Date.now() - started).toBeLessThan(500);
    expect(await longTasks(page)).toEqual([]);
    await page.close();
  });

  it('a page that changes its DOM all the time: the observer keeps up without a long task', async () => {
    const page = await openRecordedPage();
    await page.waitForTimeout(300);
    await longTasks(page);
    await page.evaluate(() => {
      const ticker = document.createElement('p');
      document.body.append(ticker);
      let n = 0;
      const timer = setInterval(() => {
        ticker.textContent = `tick ${n++} ${'x'.repeat(200)}`;
        const row = document.createElement('span');
        row.textContent = ` row${n} `;
        document.body.append(row);
      }, 5);
      setTimeout(() => {
        const line = document.createElement('p');
        line.textContent = 'Late arrival: late@proton.me';
        document.body.append(line);
      }, 700);
      setTimeout(() => clearInterval(timer), 2_000);
    });
    await expect.poll(() => stack.browser.badgeOf(page), { timeout: 5_000 }).toBe('1');
    await page.waitForTimeout(1_500);
    expect(await longTasks(page)).toEqual([]);
    await page.close();
  });

  it('a page cannot reach the extension: no messaging API, no storage, forged window messages do nothing', async () => {
    const page = await openRecordedPage();
    const before = stack.proxy.requests.length;
    const reachable = await page.evaluate(() => {
      const chromeApi = (
        globalThis as unknown as { chrome?: { runtime?: { sendMessage?: unknown }; storage?: unknown } }
      ).chrome;
      window.postMessage({ type: 'lookup', domain: 'gmail.com' }, '*');
      window.postMessage({ type: 'test-key', apiKey: 'x', baseUrl: 'https://evil.example.com' }, '*');
      return { sendMessage: typeof chromeApi?.runtime?.sendMessage, storage: typeof chromeApi?.storage };
    });
    expect(reachable).toEqual({ sendMessage: 'undefined', storage: 'undefined' });
    await page.waitForTimeout(500);
    expect(stack.proxy.requests.length).toBe(before);
    await page.close();
  });

  it('not even the content script can read the API key from storage', async () => {
    const page = await stack.browser.context.newPage();
    const session = await stack.browser.context.newCDPSession(page);
    const contexts: { id: number; name: string; auxData?: { type?: string } }[] = [];
    session.on('Runtime.executionContextCreated', ({ context }) => contexts.push(context));
    await session.send('Runtime.enable');
    await page.goto(stack.pages.url('plain.html'));
    await expect.poll(() => contexts.some((context) => context.name === 'Webmail Lookup')).toBe(true);
    const world = contexts.filter((context) => context.name === 'Webmail Lookup').at(-1);
    if (!world) throw new Error('no content script world');
    const { result } = await session.send('Runtime.evaluate', {
      contextId: world.id,
      awaitPromise: true,
      returnByValue: true,
      expression: `chrome.storage.local.get('apiKey').then((value) => 'read: ' + JSON.stringify(value), (error) => 'refused: ' + error.message)`,
    });
    expect(result.value).toMatch(/^refused: .*not allowed/);
    await session.detach();
    await page.close();
  });

  it('finds addresses inside open shadow roots, for the badge and on hover', async () => {
    const page = await stack.browser.context.newPage();
    await page.goto(stack.pages.url('components.html'));
    await expect.poll(() => stack.browser.badgeOf(page), { timeout: 5_000 }).toBe('2');
    const box = await page.evaluate(() => {
      const text = document.querySelector('contact-card')?.shadowRoot?.querySelector('p')?.firstChild as Text;
      const range = document.createRange();
      range.setStart(text, text.data.indexOf('team'));
      range.setEnd(text, text.data.indexOf(' any'));
      const rect = range.getBoundingClientRect();
      return { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 };
    });
    await page.mouse.move(box.x, box.y, { steps: 2 });
    const card = page.getByTestId('hover-card');
    await expect.poll(() => card.getByTestId('provider-nice-name').textContent()).toBe('Proton Mail');
    await page.mouse.move(1, 1);
    await card.waitFor({ state: 'detached' });
    await page.locator('contact-card a').hover();
    await expect.poll(() => card.getByTestId('provider-nice-name').textContent()).toBe('Gmail');
    await page.keyboard.press('Escape');
    await card.waitFor({ state: 'detached' });
    await page.locator('contact-card a').focus();
    await expect.poll(() => card.getByTestId('provider-nice-name').textContent()).toBe('Gmail');
    await page.close();
  });

  it('finds addresses in a same-origin iframe, for the badge and on hover', async () => {
    const page = await openRecordedPage();
    await page.evaluate((src) => {
      const frame = document.createElement('iframe');
      frame.src = src;
      frame.style.cssText = 'width: 600px; height: 300px; border: 0';
      document.body.prepend(frame);
    }, stack.pages.url('plain.html'));
    const frame =
      page.frames().find((candidate) => candidate !== page.mainFrame()) ??
      (await page.waitForEvent('frameattached'));
    await frame.waitForLoadState();
    await expect.poll(() => stack.browser.badgeOf(page), { timeout: 5_000 }).toBe('6');
    const box = await frame.evaluate(() => {
      const text = document.querySelector('#relay')?.firstChild as Text;
      const range = document.createRange();
      range.setStart(text, text.data.indexOf('x7k2'));
      range.setEnd(text, text.data.indexOf(' only'));
      const rect = range.getBoundingClientRect();
      return { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 };
    });
    const offset = (await page.locator('iframe').boundingBox()) ?? { x: 0, y: 0 };
    await page.mouse.move(offset.x + box.x, offset.y + box.y, { steps: 2 });
    await expect.poll(() => frame.getByTestId('flag-privacy').getAttribute('data-value')).toBe('true');
    await page.close();
  });
});
