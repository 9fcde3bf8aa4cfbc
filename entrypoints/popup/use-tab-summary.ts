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

/** The tab's addresses and their answers as the background has them, asked once; or why it could not say. */
export function useTabSummary(): { summary: TabSummary | null; error: string | null } {
  const [summary, setSummary] = useState<TabSummary | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    void (async () => {
      const tabId = await targetTabId();
      if (tabId === null) return;
      try {
        setSummary(await sendRequest({ type: 'tab-summary', tabId }));
      } catch (failure) {
        setError(errorWords(failure));
      }
    })();
  }, []);
  return { summary, error };
}
