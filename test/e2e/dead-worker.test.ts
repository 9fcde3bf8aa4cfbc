import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chromiumCard,
  hoverText,
  stopServiceWorkers as stopAllWorkers,
} from '../support/extension-browser.ts';
import { type ExtensionStack, startExtensionStack } from '../support/extension-stack.ts';

/** Chrome stops idle service workers at any time; the DevTools protocol does it on demand. */
let stack: ExtensionStack;

/**
 * The first card of a fresh browser loads its module and its words before it asks for a lookup: on two busy
 * cores (or a machine three times slower) the request took over 15 s to reach the service.
 */
const FIRST_REQUEST_TIMEOUT_MS = 45_000;

beforeAll(async () => {
  stack = await startExtensionStack({ credits: 100, settings: { hoverDelayMs: 50 } });
});

afterAll(() => stack?.close());

const stopServiceWorkers = () => stopAllWorkers(stack.browser.context);

describe('a dead service worker', () => {
  it('stopped in the middle of a lookup: the card still gets its answer, which is cached once', {
    timeout: 3 * FIRST_REQUEST_TIMEOUT_MS,
  }, async () => {
    const page = await stack.browser.context.newPage();
    await page.goto(stack.pages.url('plain.html'));
    stack.proxy.setDelay(1_000);
    await hoverText(page, 'sales@workspace-customer.example.com');
    await expect
      .poll(() => stack.proxy.countFor('workspace-customer.example.com'), {
        timeout: FIRST_REQUEST_TIMEOUT_MS,
      })
      .toBe(1);
    await stopServiceWorkers();
    stack.proxy.setDelay(0);
    const card = chromiumCard(page);
    await expect
      .poll(() => card.text('provider-nice-name'), { timeout: FIRST_REQUEST_TIMEOUT_MS })
      .toBe('Google Workspace');
    // One request died with the worker; the fresh worker asked once more, and never again after that.
    expect(stack.proxy.countFor('workspace-customer.example.com')).toBe(2);
    await page.mouse.move(1, 1);
    await card.closed();
    await hoverText(page, 'sales@workspace-customer.example.com');
    await expect.poll(() => card.text('provider-nice-name')).toBe('Google Workspace');
    expect(stack.proxy.countFor('workspace-customer.example.com')).toBe(2);
    await page.close();
  });

  it('stopped after an answer: a new worker serves it from storage, without asking the API', async () => {
    const page = await stack.browser.context.newPage();
    await page.goto(stack.pages.url('plain.html'));
    await hoverText(page, 'jane.doe+news@gmail.com');
    const card = chromiumCard(page);
    await expect.poll(() => card.text('provider-nice-name')).toBe('Gmail');
    const asked = stack.proxy.countFor('gmail.com');
    await page.waitForTimeout(400);
    await stopServiceWorkers();
    await page.mouse.move(1, 1);
    await card.closed();
    await hoverText(page, 'jane.doe+news@gmail.com');
    await expect.poll(() => card.text('provider-nice-name'), { timeout: 15_000 }).toBe('Gmail');
    expect(stack.proxy.countFor('gmail.com')).toBe(asked);
    await page.close();
  });

  it('stopped, with no key: the new worker reads its disposable list and flags a disposable domain', async () => {
    await stack.browser.configure({ apiKey: '' });
    await stopServiceWorkers();
    const popup = await stack.browser.context.newPage();
    await popup.goto(stack.browser.extensionUrl('popup.html?lookup=someone%40x7k2.mailinator.com'));
    const disposable = popup.locator('[data-testid="flag-disposable"]');
    await expect.poll(() => disposable.getAttribute('data-value'), { timeout: 15_000 }).toBe('true');
    expect(await popup.locator('[data-testid="provider-nice-name"]').textContent()).toBe('Disposable email');
    expect(await popup.locator('[data-testid="result-source"]').textContent()).toMatch(/built-in catalog/);
    await popup.close();
  });
});
