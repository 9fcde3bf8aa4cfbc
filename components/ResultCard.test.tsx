// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { classify } from '#core/catalog/index.ts';
import type { WebmailInfo } from '#core/webmail-info.ts';
import type { LookupResult } from '#extension/lookup-result.ts';
import { HOSTED_GMAIL_INFO } from '#test/fixtures/hosted-examples.ts';
import { ResultCard } from './ResultCard.tsx';
import { DrawnWords } from './words.ts';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const NOW = 1_700_000_000_000;

function renderCard(
  result: LookupResult | null,
  address = 'jane doe+x@gmail.com',
  template = 'from:{address}',
) {
  const onRefresh = vi.fn();
  const onLookUp = vi.fn();
  const onOpenOptions = vi.fn();
  render(
    <ResultCard
      address={address}
      result={result}
      searchQueryTemplate={template}
      onRefresh={onRefresh}
      onLookUp={onLookUp}
      onOpenOptions={onOpenOptions}
      now={NOW}
    />,
  );
  return { onRefresh, onLookUp, onOpenOptions };
}

const found = (info = HOSTED_GMAIL_INFO): LookupResult => ({
  state: 'found',
  info,
  source: 'api',
  fetchedAt: NOW - 5 * 60_000,
});

describe('ResultCard', () => {
  it('shows the provider in one verdict line, its flags, and links with the query encoded into the template', () => {
    renderCard(found());
    expect(screen.getByTestId('verdict').textContent).toBe('Gmail · free mail');
    expect(screen.getByTestId('provider-nice-name').textContent).toBe('Gmail');
    // The API's own name is under Details, closed until asked for.
    expect(screen.getByTestId('provider-name').textContent).toBe('Google (Public)');
    expect(screen.getByTestId('provider-name').closest('details')?.open).toBe(false);
    expect(screen.getByTestId('flag-freemail').dataset.value).toBe('true');
    expect(screen.getByTestId('flag-disposable').dataset.value).toBe('false');
    expect(screen.getByTestId('flag-privacy').dataset.value).toBe('false');
    expect(screen.getByTestId('open-webmail').getAttribute('href')).toBe('https://mail.google.com/mail');
    expect(screen.getByTestId('search-webmail').getAttribute('href')).toBe(
      'https://mail.google.com/mail/#search/from%3Ajane%20doe%2Bx%40gmail.com',
    );
    expect(screen.getByTestId('result-source').textContent).toBe('From the Webmail Info API, 5 minutes ago');
  });

  it('encodes the query twice where the provider decodes twice', () => {
    renderCard(
      found({
        ...HOSTED_GMAIL_INFO,
        webmail_search_url: 'https://mail.yahoo.com/d/search/keyword=%q',
        webmail_search_query_encoding: 'twice',
      }),
      'jane+x@yahoo.com',
      '{address}',
    );
    expect(screen.getByTestId('search-webmail').getAttribute('href')).toBe(
      'https://mail.yahoo.com/d/search/keyword=jane%252Bx%2540yahoo.com',
    );
  });

  it('explains why a privacy relay has no links', () => {
    renderCard(
      found({
        ...HOSTED_GMAIL_INFO,
        name: 'Privacy Service',
        nice_name: 'DuckDuckGo Email Protection',
        webmail_url: null,
        webmail_search_url: null,
        is_freemail: false,
        is_privacy_service: true,
      }),
    );
    expect(screen.queryByTestId('open-webmail')).toBeNull();
    expect(screen.queryByTestId('search-webmail')).toBeNull();
    expect(screen.getByTestId('relay-explanation').textContent).toMatch(/privacy relay/);
  });

  it('never turns a javascript: or data: URL into a link, and renders names as text', () => {
    renderCard(
      found({
        ...HOSTED_GMAIL_INFO,
        nice_name: '<img src=x onerror=alert(1)>',
        webmail_url: 'javascript:alert(1)',
        webmail_search_url: 'data:text/html,%q',
        injected: '<b>extra</b>',
      }),
    );
    expect(screen.queryByTestId('open-webmail')).toBeNull();
    expect(screen.queryByTestId('search-webmail')).toBeNull();
    expect(screen.getByTestId('provider-nice-name').textContent).toBe('<img src=x onerror=alert(1)>');
    expect(document.querySelector('img')).toBeNull();
    expect(document.body.textContent).not.toContain('extra');
  });

  it('marks a built-in answer as such', () => {
    renderCard({
      state: 'found',
      info: HOSTED_GMAIL_INFO,
      source: 'catalog',
      fetchedAt: NOW,
      fallbackReason: 'no-key',
    });
    expect(screen.getByTestId('result-source').textContent).toMatch(/built-in catalog: no API key/);
  });

  it('shows loading while the answer is on its way', () => {
    renderCard(null);
    expect(screen.getByTestId('loading').textContent).toMatch(/Looking up/);
    expect(screen.queryByTestId('error-message')).toBeNull();
  });

  it.each<[LookupResult, RegExp]>([
    [
      { state: 'not-found', reason: 'no-mx', message: 'x', source: 'api', fetchedAt: NOW },
      /Will bounce: this domain takes no mail.*cannot be delivered/,
    ],
    [
      { state: 'not-found', reason: 'unrecognised', message: 'x', source: 'api', fetchedAt: NOW },
      /A mailbox we can't name.*takes mail/,
    ],
    [
      { state: 'not-found', reason: 'unstated', message: 'x', source: 'api', fetchedAt: NOW },
      /No mail provider found/,
    ],
    [{ state: 'no-key' }, /Add your API key/],
    [{ state: 'unknown-key', message: 'x' }, /not accepted/],
    [
      { state: 'unreachable', message: 'The lookup service could not be reached.' },
      /cannot be used right now.*could not be reached/,
    ],
    [
      { state: 'rate-limited', message: 'x', retryAt: NOW + 30_000 },
      /Too many lookups.*Try again in 30 seconds/,
    ],
    [{ state: 'rate-limited', message: 'x', retryAt: null }, /Too many lookups.*try again in a moment/],
    [{ state: 'over-budget' }, /Lookups paused on this tab.*Look up uses one credit/],
  ])('gives %j its own message', (result, words) => {
    renderCard(result);
    expect(screen.getByTestId('error-message').textContent).toMatch(words);
  });

  it('links a billing refusal to the top-up page from the service’s message', () => {
    renderCard({ state: 'billing', message: 'top up', topUpUrl: 'https://dash.example/top-up' });
    expect(screen.getByRole('link', { name: 'Top up' }).getAttribute('href')).toBe(
      'https://dash.example/top-up',
    );
  });

  it('sends the person to settings for a missing or refused key, and retries network trouble', () => {
    const { onOpenOptions } = renderCard({ state: 'unknown-key', message: 'x' });
    fireEvent.click(screen.getByRole('button', { name: 'Open settings' }));
    expect(onOpenOptions).toHaveBeenCalledOnce();
    cleanup();
    const { onRefresh, onLookUp } = renderCard({ state: 'unreachable', message: 'x' });
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onLookUp).toHaveBeenCalledOnce();
    expect(onRefresh).not.toHaveBeenCalled();
  });

  it('tries a rate-limited lookup again as a plain lookup, never a refresh that skips the cache', () => {
    const { onRefresh, onLookUp } = renderCard({ state: 'rate-limited', message: 'x', retryAt: NOW - 1 });
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onLookUp).toHaveBeenCalledOnce();
    expect(onRefresh).not.toHaveBeenCalled();
  });

  it('where a tab’s lookups are paused, says so and looks up on a click', () => {
    const { onLookUp } = renderCard({ state: 'over-budget' });
    fireEvent.click(screen.getByRole('button', { name: 'Look up' }));
    expect(onLookUp).toHaveBeenCalledOnce();
  });

  it('tells consumer and business Microsoft apart by their own names', () => {
    renderCard(found(classify('outlook.com') as WebmailInfo), 'jane@outlook.com');
    expect(screen.getByTestId('provider-nice-name').textContent).toBe('Outlook.com');
    expect(screen.getByTestId('provider-name').textContent).toBe('Microsoft (Public)');
    cleanup();
    renderCard(
      found(classify('acme.example.com', ['acme.mail.protection.outlook.com']) as WebmailInfo),
      'jane@acme.example.com',
    );
    expect(screen.getByTestId('provider-nice-name').textContent).toBe('Microsoft 365');
    expect(screen.getByTestId('provider-name').textContent).toBe('Microsoft (365)');
  });

  it('for Outlook and Microsoft 365, which have no search link, opens the mailbox, copies the search and says so', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    try {
      renderCard(
        found(classify('acme.example.com', ['acme.mail.protection.outlook.com']) as WebmailInfo),
        'jane@acme.example.com',
      );
      const search = screen.getByTestId('search-webmail');
      expect(search.getAttribute('href')).toBe('https://outlook.office.com/mail/');
      expect(search.getAttribute('target')).toBe('_blank');
      expect(screen.getByTestId('search-paste-note').textContent).toBe(
        'Opens Outlook; the search is copied, paste it.',
      );
      // The link's own navigation is left to the browser; the click copies as it opens the mailbox.
      search.addEventListener('click', (event) => event.preventDefault());
      await act(async () => {
        fireEvent.click(search);
      });
      expect(writeText).toHaveBeenCalledWith('from:jane@acme.example.com');
      expect(screen.getByTestId('search-paste-note').textContent).toBe(
        "The search is copied: paste it into Outlook's search box.",
      );
      cleanup();
      renderCard(found(classify('outlook.com') as WebmailInfo), 'jane@outlook.com');
      expect(screen.getByTestId('search-webmail').getAttribute('href')).toBe(
        'https://outlook.live.com/mail/',
      );
      expect(screen.getByTestId('search-paste-note')).toBeTruthy();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('where a provider has a search link, no note: the link searches', () => {
    renderCard(found());
    expect(screen.queryByTestId('search-paste-note')).toBeNull();
  });

  const M365_BEHIND: WebmailInfo = {
    ...(classify('acme.example.com', ['acme.mail.protection.outlook.com']) as WebmailInfo),
    provider_source: 'spf',
    provider_confidence: 'medium',
    gateway: 'Proofpoint',
  };

  it.each<[string, Partial<WebmailInfo>, string | null, string | null]>([
    [
      'SPF behind a gateway',
      {},
      "Microsoft 365, behind Proofpoint (from the domain's SPF record).",
      'Likely, not certain.',
    ],
    [
      'MX behind a gateway',
      { provider_source: 'mx', provider_confidence: 'high' },
      'Microsoft 365, behind Proofpoint.',
      null,
    ],
    ['MX alone', { provider_source: 'mx', provider_confidence: 'high', gateway: undefined }, null, null],
    [
      "Microsoft's domain verification",
      { provider_source: 'ms-verification', provider_confidence: 'low', gateway: 'Mimecast' },
      "Microsoft 365, behind Mimecast: a guess from Microsoft's domain verification.",
      'Unsure: check before you rely on it.',
    ],
    ['an unknown source', { provider_source: 'whois' }, null, null],
    ['an unknown confidence', { provider_confidence: 'very high' }, null, null],
  ])('says what the answer saw of the records: %s', (_case, properties, seen, sureness) => {
    renderCard(found({ ...M365_BEHIND, ...properties }), 'jane@acme.example.com');
    expect(screen.queryByTestId('provider-evidence')?.textContent ?? null).toBe(seen);
    expect(screen.queryByTestId('provider-confidence')?.textContent ?? null).toBe(sureness);
    expect(screen.getByTestId('provider-nice-name').textContent).toBe('Microsoft 365');
  });

  it('marks how sure the evidence is, for its looks', () => {
    renderCard(found({ ...M365_BEHIND, provider_confidence: 'low' }));
    expect(screen.getByTestId('provider-evidence').parentElement?.dataset.confidence).toBe('low');
  });

  it('renders a gateway name from the API as text only, cut to length', () => {
    renderCard(found({ ...M365_BEHIND, gateway: `<img src=x onerror=alert(1)>${'x'.repeat(200)}` }));
    const seen = screen.getByTestId('provider-evidence').textContent ?? '';
    expect(seen).toMatch(/^Microsoft 365, behind <img src=x onerror=alert\(1\)>x+… \(from/);
    expect(seen.length).toBeLessThan(120);
    expect(document.querySelector('img')).toBeNull();
  });

  it('after a 429, counts the wait down, and its Try again asks only once the wait is over', () => {
    vi.useFakeTimers({ now: NOW });
    const onLookUp = vi.fn();
    render(
      <ResultCard
        address="jane@acme.example.com"
        result={{ state: 'rate-limited', message: 'slow', retryAt: NOW + 2_500 }}
        searchQueryTemplate="{address}"
        onRefresh={() => {}}
        onLookUp={onLookUp}
        onOpenOptions={() => {}}
      />,
    );
    const tryAgain = screen.getByRole('button', { name: 'Try again' }) as HTMLButtonElement;
    expect(screen.getByTestId('error-message').textContent).toBe('Too many lookupsTry again in 3 seconds.');
    expect(tryAgain.disabled).toBe(true);
    // Said with the alert once, not at every tick.
    expect(screen.getByText('Try again in 3 seconds.').getAttribute('aria-live')).toBe('off');
    fireEvent.click(tryAgain);
    act(() => vi.advanceTimersByTime(500));
    expect(screen.getByTestId('error-message').textContent).toMatch(/Try again in 2 seconds\.$/);
    act(() => vi.advanceTimersByTime(1_000));
    expect(screen.getByTestId('error-message').textContent).toMatch(/Try again in 1 second\.$/);
    fireEvent.click(tryAgain);
    expect(onLookUp).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1_000));
    expect(screen.getByTestId('error-message').textContent).toMatch(/The wait is over/);
    expect(tryAgain.disabled).toBe(false);
    fireEvent.click(tryAgain);
    expect(onLookUp).toHaveBeenCalledOnce();
    expect(vi.getTimerCount()).toBe(0);
  });

  it.each<[string, Partial<WebmailInfo>, string, string]>([
    ['free mail', {}, 'free-mail', 'Gmail · free mail'],
    [
      'business mail',
      { name: 'Microsoft (365)', nice_name: 'Microsoft 365', is_freemail: false },
      'business-mail',
      'Microsoft 365 · business mail',
    ],
    [
      'a disposable address, its name said once (under Details)',
      { name: 'Disposable Email', nice_name: 'Disposable email', is_disposable: true, is_freemail: false },
      'disposable',
      'Disposable address',
    ],
  ])('says %s in one line', (_, info, kind, line) => {
    renderCard(found({ ...HOSTED_GMAIL_INFO, ...info }));
    const verdict = screen.getByTestId('verdict');
    expect(verdict.dataset.kind).toBe(kind);
    expect(verdict.textContent).toBe(line);
    // Whatever the line says, the nice name and every flag are there, once each.
    expect(screen.getAllByTestId('provider-nice-name')).toHaveLength(1);
    for (const flag of ['flag-disposable', 'flag-freemail', 'flag-privacy'])
      expect(screen.getByTestId(flag).dataset.value).toMatch(/^(true|false)$/);
  });

  it('draws a known provider’s logo as an SVG path, and the initial of one without a logo', () => {
    renderCard(found());
    const path = document.querySelector('svg.wl-logo path');
    expect(path?.getAttribute('d')).toMatch(/^M/);
    expect(path?.getAttribute('fill')).toMatch(/^#[0-9A-F]{6}$/i);
    cleanup();
    renderCard(found({ ...HOSTED_GMAIL_INFO, name: 'Microsoft (365)', nice_name: 'Microsoft 365' }));
    expect(document.querySelector('svg.wl-logo')).toBeNull();
    expect(document.querySelector('.wl-monogram')?.textContent).toBe('M');
  });

  it('over a page, draws its words with CSS and holds no text at all, its controls still named', () => {
    const drawn = (result: LookupResult | null) =>
      render(
        <DrawnWords.Provider value={true}>
          <ResultCard
            address="jane@gmail.com"
            result={result}
            searchQueryTemplate="{address}"
            onRefresh={() => {}}
            onLookUp={() => {}}
            onOpenOptions={() => {}}
            now={NOW}
          />
        </DrawnWords.Provider>,
      ).container;
    for (const result of [
      found(),
      found(M365_BEHIND),
      { state: 'over-budget' } as const,
      { state: 'rate-limited', message: 'x', retryAt: NOW + 5_000 } as const,
      null,
    ]) {
      const container = drawn(result);
      expect(document.createTreeWalker(container, NodeFilter.SHOW_TEXT).nextNode()).toBeNull();
      for (const control of container.querySelectorAll('button, a'))
        expect(control.getAttribute('aria-label')).toBe(control.getAttribute('data-words'));
      cleanup();
    }
    expect(
      drawn(found()).querySelector('[data-testid="provider-nice-name"]')?.getAttribute('data-words'),
    ).toBe('Gmail');
    cleanup();
    expect(
      drawn(found(M365_BEHIND))
        .querySelector('[data-testid="provider-evidence"]')
        ?.getAttribute('data-words'),
    ).toBe("Microsoft 365, behind Proofpoint (from the domain's SPF record).");
  });
});
