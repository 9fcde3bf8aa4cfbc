import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe.ts';
import { chromiumCard, hoverText } from '../support/extension-browser.ts';
import { type ExtensionStack, startExtensionStack } from '../support/extension-stack.ts';

/** axe-core, injected into each page: no serious or critical violation, and keyboard use works. */
let stack: ExtensionStack;

beforeAll(async () => {
  stack = await startExtensionStack({ credits: 100 });
});

afterAll(() => stack?.close());

/** A new tab at `url`. */
async function newTab(url: string) {
  const page = await stack.browser.context.newPage();
  await page.goto(url);
  return page;
}

/** One of the extension's pages in a new tab, once the element with test id `ready` is there. */
async function extensionPage(path: string, ready: string) {
  const page = await newTab(stack.browser.extensionUrl(path));
  await page.getByTestId(ready).waitFor();
  return page;
}

describe('accessibility', () => {
  it('would catch a violation (an image without alt text, planted on purpose)', async () => {
    const page = await newTab(stack.pages.url('blank.html'));
    await page.evaluate(() => document.body.append(document.createElement('img')));
    expect((await seriousViolations(page)).map((violation) => violation.id)).toContain('image-alt');
    await page.close();
  }, 60_000);

  it('the popup has no serious or critical violation and its lookup works from the keyboard', async () => {
    const page = await extensionPage('popup.html', 'lookup-input');
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
    const page = await extensionPage('options.html', 'api-key-input');
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  }, 60_000);

  it('the hover card opens from the keyboard, has no serious or critical violation, and announces itself', async () => {
    const page = await newTab(stack.pages.url('plain.html'));
    // Once the extension has read the page (its badge counts it), the link is the first stop for Tab.
    await expect.poll(() => stack.browser.badgeOf(page)).toBe('6');
    await page.keyboard.press('Tab');
    const card = chromiumCard(page);
    await expect.poll(() => card.text('provider-nice-name'), { timeout: 15_000 }).toBe('Proton Mail');
    expect(await card.attribute('hover-card', 'role')).toBe('dialog');
    expect(await card.attribute('hover-card', 'aria-label')).toMatch(/Mail provider of Bob@proton\.me/);
    expect(await card.attribute('hover-card', 'aria-live')).toBe('polite');
    expect(await card.violations()).toEqual([]);
    await hoverText(page, 'jane.doe+news@gmail.com');
    await page.close();
  }, 60_000);

  it('screen readers get the card’s words, drawn by CSS: its accessibility tree names the provider and every control', async () => {
    const page = await newTab(stack.pages.url('plain.html'));
    await hoverText(page, 'jane.doe+news@gmail.com');
    const card = chromiumCard(page);
    await card.answered();
    const session = await stack.browser.context.newCDPSession(page);
    const { nodes } = await session.send('Accessibility.getFullAXTree');
    const named = nodes.map((node) => `${node.role?.value ?? ''}: ${node.name?.value ?? ''}`);
    expect(named).toEqual(
      expect.arrayContaining([
        // The verdict line, "Gmail · free mail", the name apart beside its logo; the API's raw name waits
        // under Details, closed.
        expect.stringMatching(/: Gmail$/),
        expect.stringMatching(/: +· free mail$/),
        expect.stringMatching(/: Details$/),
        'link: Open webmail',
        'link: Search mailbox',
        'button: Copy address',
        'button: Refresh',
      ]),
    );
    await session.detach();
    await page.close();
  }, 60_000);
});
