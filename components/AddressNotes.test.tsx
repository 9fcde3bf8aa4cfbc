// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { classify } from '#core/catalog/index.ts';
import type { WebmailInfo } from '#core/webmail-info.ts';
import type { LookupResult } from '#extension/lookup-result.ts';
import { ResultCard } from './ResultCard.tsx';
import { DrawnWords } from './words.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** gmial.com as the disposable list names it. */
const GMIAL_INFO = classify('gmial.com') as WebmailInfo;
const fromApi = (info: WebmailInfo): LookupResult => ({ state: 'found', info, source: 'api', fetchedAt: 0 });
const noMx: LookupResult = { state: 'not-found', reason: 'no-mx', message: 'x', source: 'api', fetchedAt: 0 };

function renderCard(address: string, result: LookupResult | null, { drawn = false } = {}) {
  return render(
    <DrawnWords.Provider value={drawn}>
      <ResultCard
        address={address}
        result={result}
        searchQueryTemplate="{address}"
        onRefresh={() => {}}
        onLookUp={() => {}}
        onOpenOptions={() => {}}
        now={0}
      />
    </DrawnWords.Provider>,
  ).container;
}

const text = (testId: string) => screen.queryByTestId(testId)?.textContent ?? null;

describe('the card over a typo', () => {
  it('says the address meant, and the disposable verdict, and warns where the look-alike takes mail', () => {
    renderCard('jane@gmial.com', fromApi(GMIAL_INFO));
    expect(text('did-you-mean')).toBe('Did you mean jane@gmail.com?');
    expect(text('verdict')).toBe('Disposable address');
    expect(text('look-alike-warning')).toBe(
      'This look-alike domain takes mail: what you send there may reach someone else.',
    );
  });

  it('where the look-alike takes no mail: will bounce, the address meant, and no warning', () => {
    renderCard('jane@gmal.com', noMx);
    expect(text('did-you-mean')).toBe('Did you mean jane@gmail.com?');
    expect(screen.getByTestId('error-message').textContent).toContain('Will bounce');
    expect(text('look-alike-warning')).toBeNull();
  });

  it('says the address meant before any answer, and without a key: it costs no lookup', () => {
    renderCard('jane@gmial.com', null);
    expect(text('did-you-mean')).toBe('Did you mean jane@gmail.com?');
    cleanup();
    renderCard('jane@gmial.com', { state: 'no-key' });
    expect(text('did-you-mean')).toBe('Did you mean jane@gmail.com?');
    expect(text('look-alike-warning')).toBeNull();
  });

  it('copies the corrected address on a click, and says so', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderCard('jane@gmial.com', fromApi(GMIAL_INFO));
    await act(async () => {
      fireEvent.click(screen.getByTestId('copy-suggestion'));
    });
    expect(writeText).toHaveBeenCalledWith('jane@gmail.com');
    expect(text('copy-suggestion')).toBe('Copied');
  });

  it('says nothing of a typo over a real domain, nor over a bare domain', () => {
    renderCard('jane@mail.de', null);
    expect(text('did-you-mean')).toBeNull();
    cleanup();
    renderCard('gmial.com', fromApi(GMIAL_INFO));
    expect(text('did-you-mean')).toBeNull();
  });

  it('over a page, draws the line and names the button, with no text', () => {
    const container = renderCard('jane@gmial.com', fromApi(GMIAL_INFO), { drawn: true });
    expect(document.createTreeWalker(container, NodeFilter.SHOW_TEXT).nextNode()).toBeNull();
    const button = screen.getByTestId('copy-suggestion');
    expect(button.getAttribute('aria-label')).toBe('Copy corrected address');
    expect(screen.getByTestId('did-you-mean').getAttribute('data-words')).toBe(
      'Did you mean jane@gmail.com?',
    );
  });
});

describe('the card over a shared inbox', () => {
  it('says it reaches a team, with an answer or without one; a person’s address says nothing of it', () => {
    renderCard('kontakt@acme.example.com', null);
    expect(text('shared-inbox')).toBe('A shared inbox: reaches a team, not a person');
    cleanup();
    renderCard('mark@acme.example.com', null);
    expect(text('shared-inbox')).toBeNull();
  });
});
