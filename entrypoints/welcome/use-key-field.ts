import { useState } from 'react';
import { useSettingsStore } from '#settings/store.ts';

/**
 * A key field beside the saved key: it shows what the person typed, else the saved key as storage has it.
 * Storage never overwrites what was typed, however late it answers: a key pasted as the page opens stays.
 */
export function useKeyField() {
  const saved = useSettingsStore((state) => state.apiKey);
  const [typed, setTyped] = useState<string | null>(null);
  return {
    key: typed ?? saved,
    setKey: (key: string) => setTyped(key),
  };
}
