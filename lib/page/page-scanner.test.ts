// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { REPORT_DEBOUNCE_MS } from '#extension/limits.ts';
import { addressSources } from '#page/sources/index.ts';
import { createPageScanner, type ScanContext } from './page-scanner.ts';

/** Callbacks of the scanners made by a test, run when it ends, as a replaced content script's are. */
const invalidations: (() => void)[] = [];

/** What the scanner uses of the content script's context; its timers stop when the test ends. */
function fakeContext(): ScanContext {
  const timers = new Set<number>();
  invalidations.push(() => {
    for (const timer of timers) window.clearTimeout(timer);
  });
  return {
    setTimeout: (handler: () => void, ms?: number) => {
      const timer = window.setTimeout(() => {
        timers.delete(timer);
        handler();
      }, ms);
      timers.add(timer);
      return timer;
    },
    requestIdleCallback: (callback: IdleRequestCallback) => window.requestIdleCallback(callback),
    onInvalidated: (callback: () => void) => invalidations.push(callback),
  };
}

afterEach(() => {
  for (const invalidate of invalidations.splice(0)) invalidate();
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

describe('page scanner without the CSS Custom Highlight API (older Firefox)', () => {
  it('still finds text, mailto and [email] addresses, skips fields, and resolves hovers', async () => {
    expect(typeof (globalThis as { Highlight?: unknown }).Highlight).toBe('undefined');
    document.body.innerHTML = `
      <p id="text">Write to jane@example.com today</p>
      <a id="link" href="mailto:Bob%40Example.org?subject=x">Bob</a>
      <span id="chip" email="ceo@example.net">CEO</span>
      <textarea>typed@example.com</textarea>
      <div contenteditable="true">draft@example.com</div>`;
    const reported = vi.fn();
    const scanner = createPageScanner(
      fakeContext(),
      addressSources({ gmailIntegration: true, outlookIntegration: true }, 'localhost'),
      reported,
    );
    scanner.start();
    await vi.waitFor(() => expect(reported).toHaveBeenCalled(), { timeout: REPORT_DEBOUNCE_MS + 2_000 });
    expect(new Set(reported.mock.lastCall?.[0])).toEqual(
      new Set(['jane@example.com', 'Bob@example.org', 'ceo@example.net']),
    );
    const text = document.getElementById('text')?.firstChild as Text;
    expect(scanner.hitAt(text, text.data.indexOf('example'))?.address).toBe('jane@example.com');
    expect(scanner.hitAt(text, 0)).toBeNull();
    expect(scanner.addressOfElement(document.getElementById('link'))?.address).toBe('Bob@example.org');
  });

  it('reports the same addresses only once, however the page changes around them', async () => {
    document.body.innerHTML = '<p>Write to jane@example.com</p>';
    const reported = vi.fn();
    createPageScanner(
      fakeContext(),
      addressSources({ gmailIntegration: false, outlookIntegration: false }, 'localhost'),
      reported,
    ).start();
    await vi.waitFor(() => expect(reported).toHaveBeenCalledTimes(1), { timeout: 3_000 });
    const panel = document.createElement('div');
    panel.textContent = 'A notice without any address';
    document.body.append(panel);
    await new Promise((resolve) => setTimeout(resolve, REPORT_DEBOUNCE_MS * 3));
    panel.remove();
    await new Promise((resolve) => setTimeout(resolve, REPORT_DEBOUNCE_MS * 3));
    expect(reported).toHaveBeenCalledTimes(1);
  });

  it('catches addresses added later, and forgets removed ones', async () => {
    const reported = vi.fn();
    createPageScanner(
      fakeContext(),
      addressSources({ gmailIntegration: false, outlookIntegration: false }, 'localhost'),
      reported,
    ).start();
    const line = document.createElement('p');
    line.textContent = 'late@example.com';
    document.body.append(line);
    await vi.waitFor(() => expect(reported.mock.lastCall?.[0]).toEqual(['late@example.com']), {
      timeout: 3_000,
    });
    line.remove();
    await vi.waitFor(() => expect(reported.mock.lastCall?.[0]).toEqual([]), { timeout: 3_000 });
  });

  it('lists only the addresses of the parts shown, and follows the page as it shows and hides them', async () => {
    // Lightning's record pages visited before stay in the document, hidden (test/fixtures/pages/salesforce-record.html).
    document.body.innerHTML = `
      <style>.record:not(.active) { display: none }</style>
      <div class="record" id="before"><a href="mailto:mara@example.com">Mara</a> mara.home@example.com</div>
      <div class="record active" id="now"><p>rosa@example.com</p></div>`;
    const reported = vi.fn();
    createPageScanner(
      fakeContext(),
      addressSources({ gmailIntegration: false, outlookIntegration: false }, 'localhost'),
      reported,
    ).start();
    await vi.waitFor(() => expect(reported.mock.lastCall?.[0]).toEqual(['rosa@example.com']), {
      timeout: 3_000,
    });
    const before = document.getElementById('before') as HTMLElement;
    const now = document.getElementById('now') as HTMLElement;
    now.classList.remove('active');
    before.classList.add('active');
    await vi.waitFor(
      () =>
        expect(new Set(reported.mock.lastCall?.[0])).toEqual(
          new Set(['mara@example.com', 'mara.home@example.com']),
        ),
      { timeout: 3_000 },
    );
    before.style.display = 'none';
    await vi.waitFor(() => expect(reported.mock.lastCall?.[0]).toEqual([]), { timeout: 3_000 });
  });

  it('a small change while a scan waits for idle time joins that scan, not read inside the mutation', async () => {
    document.body.innerHTML = '<p>first@example.com</p>';
    // happy-dom has no idle callbacks: without one, the scanner would use a timer.
    vi.stubGlobal('requestIdleCallback', () => 0);
    const idle: IdleRequestCallback[] = [];
    const ctx: ScanContext = {
      ...fakeContext(),
      requestIdleCallback: (callback: IdleRequestCallback) => idle.push(callback),
    };
    const reported = vi.fn();
    createPageScanner(
      ctx,
      addressSources({ gmailIntegration: false, outlookIntegration: false }, 'localhost'),
      reported,
    ).start();
    const line = document.createElement('p');
    line.textContent = 'late@example.com';
    document.body.append(line);
    await new Promise((resolve) => setTimeout(resolve, REPORT_DEBOUNCE_MS * 3));
    expect(reported).not.toHaveBeenCalled();
    expect(idle).toHaveLength(1);
    idle.shift()?.({ didTimeout: false, timeRemaining: () => 50 });
    await vi.waitFor(
      () =>
        expect(new Set(reported.mock.lastCall?.[0])).toEqual(
          new Set(['first@example.com', 'late@example.com']),
        ),
      { timeout: 3_000 },
    );
  });
});
