import { useEffect, useState } from 'react';
import { t } from '#extension/i18n.ts';
import { sendRequest } from '#extension/messaging.ts';

export type SavedKeyCheck =
  | { state: 'none' }
  | { state: 'checking' }
  | { state: 'works' }
  | { state: 'fails'; text: string };

/**
 * Whether the saved key works, tested once for each key saved (a test lookup: one credit), so a page can say
 * so rather than ask for a key it has. `record` keeps a test the page made itself, which needs no second.
 */
export function useSavedKeyCheck(apiKey: string, baseUrl: string, enabled: boolean) {
  const [tested, setTested] = useState<{ key: string; ok: boolean; text: string } | null>(null);
  const testedKey = tested?.key;
  useEffect(() => {
    if (!enabled || !apiKey || testedKey === apiKey) return;
    let current = true;
    void sendRequest({ type: 'test-key', apiKey, baseUrl })
      .catch(() => ({ ok: false, text: t('errorNoAnswer') }))
      .then((result) => {
        if (current) setTested({ key: apiKey, ...result });
      });
    return () => {
      current = false;
    };
  }, [enabled, apiKey, baseUrl, testedKey]);

  let check: SavedKeyCheck = { state: 'checking' };
  if (!enabled || !apiKey) check = { state: 'none' };
  else if (tested?.key === apiKey)
    check = tested.ok ? { state: 'works' } : { state: 'fails', text: tested.text };
  return {
    check,
    record: (key: string, result: { ok: boolean; text: string }) => setTested({ key, ...result }),
  };
}
