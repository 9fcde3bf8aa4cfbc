import { useEffect, useState } from 'react';
import { browser } from 'wxt/browser';
import { sendRequest, type TabSummary } from '#extension/messaging.ts';
import { errorWords } from '#extension/page-words.ts';

/** The tab whose addresses are listed: ?tabId=N, else the active tab. */
async function targetTabId(): Promise<number | null> {
  const fromUrl = Number(new URLSearchParams(location.search).get('tabId'));
  if (Number.isInteger(fromUrl) && fromUrl > 0) return fromUrl;
  const [tab] = await browser.tabs.query({ active: true, currentWindow: true });
  return tab?.id ?? null;
}

let asked: Promise<TabSummary | null> | null = null;

/**
 * The tab's addresses and their answers as the background has them, asked for once a popup; null without a
 * tab. main.tsx asks as the popup starts: the background works on it while the page's words come.
 */
export function askTabSummary(): Promise<TabSummary | null> {
  asked ??= targetTabId().then((tabId) =>
    tabId === null ? null : sendRequest({ type: 'tab-summary', tabId }),
  );
  return asked;
}

/** The tab's summary once it has come, or why the background could not say. */
export function useTabSummary(): { summary: TabSummary | null; error: string | null } {
  const [summary, setSummary] = useState<TabSummary | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    askTabSummary().then(setSummary, (failure: unknown) => setError(errorWords(failure)));
  }, []);
  return { summary, error };
}
