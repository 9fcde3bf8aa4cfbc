import { describe, expect, it, vi } from 'vitest';
import { PROTOCOL, type Request } from '#extension/protocol.ts';
import type { Handlers } from './router.ts';
import { routeRequests } from './router.ts';

const EXTENSION = { id: 'our-id', origin: 'chrome-extension://our-id/' };
const PAGE = { id: 'our-id', url: 'chrome-extension://our-id/options.html' };
const CONTENT = { id: 'our-id', url: 'https://example.com/', tab: { id: 7 }, frameId: 3 };

function route(overrides: Partial<Handlers> = {}) {
  const handle = vi.fn(async (..._args: unknown[]) => ({ answered: true }));
  const handlers = new Proxy(overrides, {
    get: (target, type: string) =>
      target[type as keyof Handlers] ?? ((...args: unknown[]) => handle(type, ...args)),
  }) as Handlers;
  return { listener: routeRequests(handlers, EXTENSION), handle };
}

describe('the background router', () => {
  it('hands a content script its tab and frame, and an extension page neither', async () => {
    const { listener, handle } = route();
    await listener({ type: 'cached', domain: 'a.com' }, CONTENT);
    await listener({ type: 'cached', domain: 'b.com' }, PAGE);
    expect(handle.mock.calls).toEqual([
      ['cached', { type: 'cached', domain: 'a.com' }, { tabId: 7, frameId: 3 }],
      ['cached', { type: 'cached', domain: 'b.com' }, {}],
    ]);
  });

  it("answers nothing to another extension, to a misshapen request, or to a content script asking for a page's request", async () => {
    const { listener, handle } = route();
    expect(listener({ type: 'cached', domain: 'a.com' }, { ...CONTENT, id: 'other' })).toBeUndefined();
    expect(listener({ type: 'lookup', domain: '' }, PAGE)).toBeUndefined();
    expect(listener({ type: 'no-such' }, PAGE)).toBeUndefined();
    expect(
      listener({ type: 'test-key', apiKey: 'k', baseUrl: 'https://a.example' }, CONTENT),
    ).toBeUndefined();
    expect(listener({ type: 'clear-cache' }, CONTENT)).toBeUndefined();
    // Only the bulk page, a person's, may start a run that spends credits: never a page's script.
    expect(listener({ type: 'bulk-start', domains: ['a.com'] }, CONTENT)).toBeUndefined();
    expect(listener({ type: 'bulk-start', domains: [] }, PAGE)).toBeUndefined();
    // A content script's request from no tab (a page posing as one) is refused too.
    expect(
      listener({ type: 'cached', domain: 'a.com' }, { id: 'our-id', url: 'https://x/' }),
    ).toBeUndefined();
    expect(handle).not.toHaveBeenCalled();
  });

  // A content script does what its page steers it to: none of these hands out the key or spends a credit
  // past the tab's budget. Another request let through would be a decision, made here as well.
  it('lets a content script send only the requests the protocol marks for content scripts', () => {
    const fromContentScripts = Object.entries(PROTOCOL)
      .filter(([, entry]) => entry.from === 'content-script')
      .map(([type]) => type);
    expect(fromContentScripts.toSorted()).toEqual(
      ['cached', 'content-settings', 'lookup', 'open-options', 'report-addresses', 'words'].toSorted(),
    );
  });

  it('answers a content script every request the protocol marks for content scripts', async () => {
    const { listener, handle } = route();
    const requests: Request[] = [
      { type: 'lookup', domain: 'a.com' },
      { type: 'cached', domain: 'a.com' },
      { type: 'report-addresses', addresses: ['jane@a.com'] },
      { type: 'open-options' },
      { type: 'content-settings', hostname: 'a.com' },
      { type: 'words' },
    ];
    for (const request of requests)
      await expect(listener(request, CONTENT)).resolves.toEqual({ answered: true });
    expect(handle.mock.calls.map(([type]) => type)).toEqual(requests.map(({ type }) => type));
  });

  it('lets an extension page send what content scripts may not', async () => {
    const { listener, handle } = route();
    await expect(listener({ type: 'clear-cache' }, PAGE)).resolves.toEqual({ answered: true });
    expect(handle).toHaveBeenCalledWith('clear-cache', { type: 'clear-cache' }, {});
  });

  it('turns a failing handler into no answer, and says which request failed', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { listener } = route({ 'cache-stats': () => Promise.reject(new Error('quota')) });
    await expect(listener({ type: 'cache-stats' }, PAGE)).resolves.toBeUndefined();
    expect(error).toHaveBeenCalledWith('Webmail Lookup: cache-stats failed', expect.any(Error));
    error.mockRestore();
  });
});
