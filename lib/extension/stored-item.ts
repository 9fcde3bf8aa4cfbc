import { type StorageItemKey, storage } from 'wxt/utils/storage';
import type { z } from 'zod';
import { itemBytes } from './stored-size.ts';

type Area = 'local' | 'session';

/** An item's key in the browser's storage area, without WXT's area prefix: `local:apiKey` is `apiKey`. */
export function keyInArea(key: StorageItemKey): string {
  return key.slice(key.indexOf(':') + 1);
}

/** What a stored value reads as: its schema's, or null when it does not fit (a damaged store, another format). */
function parsed<T>(schema: z.ZodType<T>, stored: unknown): T | null {
  const result = schema.safeParse(stored);
  return result.success ? result.data : null;
}

/**
 * One stored item, read through its schema, through WXT's storage (its methods named as WXT's items' are).
 * Unlike an item of WXT's `storage.defineItem`, which reads its value as soon as it is declared, it reads
 * only when asked: every page and the worker load the declarations (stored.ts), and a worker woken for a
 * hover must not read a bulk job of megabytes first.
 */
export class StoredItem<T, Fallback = T> {
  readonly key: StorageItemKey;
  readonly #schema: z.ZodType<T>;
  readonly #fallback: Fallback;

  constructor(key: StorageItemKey, schema: z.ZodType<T>, fallback: Fallback) {
    this.key = key;
    this.#schema = schema;
    this.#fallback = fallback;
  }

  /** The stored value, or the fallback when there is none or it does not fit the schema. */
  async getValue(): Promise<T | Fallback> {
    return parsed(this.#schema, await storage.getItem(this.key)) ?? this.#fallback;
  }

  setValue(value: T): Promise<void> {
    return storage.setItem(this.key, value);
  }

  removeValue(): Promise<void> {
    return storage.removeItem(this.key);
  }

  /** The item as one write among others (storage.setItems), so that they all go in one call. */
  entry(value: T): { key: StorageItemKey; value: T } {
    return { key: this.key, value };
  }
}

/** What one member of a family is known by: a domain, a tab's id. */
export type MemberId = string | number;

/**
 * A family of stored items, one per member (an answer per domain, a record per tab), each under
 * `<prefix>:<id>` in one storage area: reading or changing one member never reads or rewrites the others.
 * A member that is absent or does not fit the family's schema reads as null.
 */
export class StoredFamily<T> {
  readonly #area: Area;
  readonly #prefix: string;
  readonly #schema: z.ZodType<T>;

  constructor(area: Area, prefix: string, schema: z.ZodType<T>) {
    this.#area = area;
    this.#prefix = prefix;
    this.#schema = schema;
  }

  /** One member's key in the browser's storage area (`answer:gmail.com`), as tests and tools read it. */
  key(id: MemberId): string {
    return `${this.#prefix}:${id}`;
  }

  /** The same key as WXT's storage names it, with its area (`local:answer:gmail.com`). */
  itemKey(id: MemberId): StorageItemKey {
    return `${this.#area}:${this.key(id)}`;
  }

  /** What one member takes in storage as Chromium counts it (QUOTA_BYTES): its key and its JSON. */
  bytes(id: MemberId, value: T): number {
    return itemBytes(this.key(id), value);
  }

  async get(id: MemberId): Promise<T | null> {
    return parsed(this.#schema, await storage.getItem(this.itemKey(id)));
  }

  /** The members stored of those asked for, in one read; those absent or unreadable are left out. */
  async getMany<Id extends MemberId>(ids: readonly Id[]): Promise<Map<Id, T>> {
    const stored = await storage.getItems(ids.map((id) => this.itemKey(id)));
    const found = new Map<Id, T>();
    ids.forEach((id, index) => {
      const value = parsed(this.#schema, stored[index]?.value);
      if (value !== null) found.set(id, value);
    });
    return found;
  }

  set(id: MemberId, value: T): Promise<void> {
    return storage.setItem(this.itemKey(id), value);
  }

  remove(id: MemberId): Promise<void> {
    return storage.removeItem(this.itemKey(id));
  }

  /** One member as one write among others (storage.setItems), so that they all go in one call. */
  entry(id: MemberId, value: T): { key: StorageItemKey; value: T } {
    return { key: this.itemKey(id), value };
  }
}
