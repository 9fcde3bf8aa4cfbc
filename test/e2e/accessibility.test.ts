import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe.ts';
import { hoverText } from './support/extension-browser.ts';
import { type ExtensionStack, startExtensionStack } from './support/stack.ts';

/** axe-core, injected into each page: no serious or critical violation, and keyboard use works. */
let stack: ExtensionStack;

beforeAll(async () => {
  stack = await startExtensionStack({ credits: 100 });
});

afterAll(() => stack?.close());

describe('accessibility', () => {
  it('would catch a violation (an image without alt text, planted on purpose)', async () => {
    const page = await stack.browser.context.newPage();
    await page.goto(stack.pages.url('blank.html'));
    await page.evaluate(() => document.body.append(document.createElement('img')));
    expect((await seriousViolations(page)).map((violation) => violation.id)).toContain('image-alt');
    await page.close();
  }, 60_000);

  it('the popup has no serious or critical violation and its lookup works from the keyboard', async () => {
    const page = await stack.browser.context.newPage();
    await page.goto(stack.browser.extensionUrl('popup.html'));
    await page.getByTestId('lookup-input').waitFor();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(
      'lookup-input',
    );
    await page.keyboard.type('jane@gmail.com');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.getByTestId('provider-nice-name').first().textContent(), { timeout: 15_000 })
      .toBe('Gmail');
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  }, 60_000);

  it('the options page has no serious or critical violation', async () => {
    const page = await stack.browser.context.newPage();
    await page.goto(stack.browser.extensionUrl('options.html'));
    await page.getByTestId('api-key-input').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  }, 60_000);

  it('the hover card has no serious or critical violation, announces itself, and its links are reachable by Tab', async () => {
    const page = await stack.browser.context.newPage();
    await page.goto(stack.pages.url('plain.html'));
    await page.focus('#mailto');
    const card = page.getByTestId('hover-card');
    await expect
      .poll(() => card.getByTestId('provider-nice-name').textContent(), { timeout: 15_000 })
      .toBe('Proton Mail');
    expect(await card.getAttribute('role')).toBe('dialog');
    expect(await card.getAttribute('aria-label')).toMatch(/Mail provider of Bob@proton\.me/);
    expect(await card.getAttribute('aria-live')).toBe('polite');
    expect(await seriousViolations(page, 'webmail-lookup-card')).toEqual([]);
    await hoverText(page, 'jane.doe+news@gmail.com');
    await page.close();
  }, 60_000);
});
