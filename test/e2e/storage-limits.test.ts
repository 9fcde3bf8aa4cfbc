import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheEntryKey } from '#worker/answer-cache.ts';
import { chromiumCard, hoverText } from './support/extension-browser.ts';
import { type ExtensionStack, startExtensionStack } from './support/stack.ts';

/** chrome.storage.local holds about 10 MB; a full one must not break lookups. */
let stack: ExtensionStack;

beforeAll(async () => {
  stack = await startExtensionStack({ credits: 100, settings: { hoverDelayMs: 50 } });
});

afterAll(() => stack?.close());

describe('a full storage quota', () => {
  it('lookups still work from memory, with nothing broken for the person', async () => {
    const filled = await (await stack.browser.worker()).evaluate(async () => {
      const local = (
        globalThis as unknown as {
          chrome: {
            storage: {
              local: { set(values: object): Promise<void>; getBytesInUse(keys: null): Promise<number> };
            };
          };
        }
      ).chrome.storage.local;
      // Fill with ever smaller pieces until not even 32 bytes fit.
      let refused = false;
      let piece = 0;
      for (const size of [1024 * 1024, 64 * 1024, 4 * 1024, 256, 32]) {
        for (let i = 0; i < 16; i++) {
          try {
            await local.set({ [`filler${piece++}`]: 'x'.repeat(size) });
          } catch {
            refused = true;
            break;
          }
        }
      }
      return { refused, bytes: await local.getBytesInUse(null) };
    });
    expect(filled.refused).toBe(true);

    const page = await stack.browser.context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(stack.pages.url('plain.html'));
    await hoverText(page, 'jane.doe+news@gmail.com');
    const card = chromiumCard(page);
    await expect.poll(() => card.text('provider-nice-name')).toBe('Gmail');
    await page.waitForTimeout(500);

    const asked = stack.proxy.countFor('gmail.com');
    await page.mouse.move(1, 1);
    await card.closed();
    await hoverText(page, 'jane.doe+news@gmail.com');
    await expect.poll(() => card.text('provider-nice-name')).toBe('Gmail');
    expect(stack.proxy.countFor('gmail.com')).toBe(asked);
    expect(errors).toEqual([]);
    // The answer came from memory: storage could not take it.
    const stored = await (await stack.browser.worker()).evaluate(async (key) => {
      const local = (
        globalThis as unknown as {
          chrome: { storage: { local: { get(key: string): Promise<Record<string, unknown>> } } };
        }
      ).chrome.storage.local;
      return (await local.get(key))[key] ?? null;
    }, cacheEntryKey('gmail.com'));
    expect(stored).toBeNull();
    await page.close();
  });
});
