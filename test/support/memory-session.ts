import type { SessionArea } from '#worker/tab-records.ts';

/**
 * chrome.storage.session over a map, for unit tests: each answer comes after a turn, as the browser's does;
 * `failWrites` makes every write fail, as a full store does.
 */
export function memorySession(): SessionArea & { items: Map<string, unknown>; failWrites: boolean } {
  const items = new Map<string, unknown>();
  const area = {
    items,
    failWrites: false,
    async get(key: string) {
      await Promise.resolve();
      return items.has(key) ? { [key]: structuredClone(items.get(key)) } : {};
    },
    async set(values: Record<string, unknown>) {
      await Promise.resolve();
      if (area.failWrites) throw new Error('QUOTA_BYTES quota exceeded');
      for (const [key, value] of Object.entries(values)) items.set(key, structuredClone(value));
    },
    async remove(key: string) {
      await Promise.resolve();
      items.delete(key);
    },
  };
  return area;
}
