import type { z } from 'zod';

/** chrome.storage.session's part the per-tab records use. */
export interface SessionArea {
  get(key: string): Promise<Record<string, unknown>>;
  set(items: Record<string, unknown>): Promise<void>;
  remove(key: string): Promise<void>;
}

/**
 * One record for each tab (a budget, say), kept in session storage under `<prefix>:<tabId>`: Chrome stops an
 * idle worker after 30 s, and a record held in its memory alone would start afresh for a page that waits
 * that long. Session storage is cleared when the browser closes, as tab ids are.
 *
 * Each tab's changes run one after another, so two frames or two popups asking at once never both change
 * the record as it was. A record that cannot be read is the empty one; one that cannot be written lives on
 * in this worker's memory, so a full session store takes nothing back that was counted.
 */
export class TabRecords<T> {
  readonly #area: SessionArea;
  readonly #prefix: string;
  readonly #schema: z.ZodType<T>;
  readonly #empty: T;
  /** Each tab's record as its latest change leaves it. */
  readonly #latest = new Map<number, Promise<T>>();

  constructor(area: SessionArea, options: { prefix: string; schema: z.ZodType<T>; empty: T }) {
    this.#area = area;
    this.#prefix = options.prefix;
    this.#schema = options.schema;
    this.#empty = options.empty;
  }

  /** The tab's record now. */
  read(tabId: number): Promise<T> {
    return this.#latest.get(tabId) ?? this.#stored(tabId);
  }

  /** Changes the tab's record by `change` (a pure function of it), and answers what `change` answered. */
  async update<A>(tabId: number, change: (record: T) => { record: T; answer: A }): Promise<A> {
    let answer: A | undefined;
    const next = this.read(tabId).then(async (record) => {
      const changed = change(record);
      answer = changed.answer;
      await this.#area.set({ [this.#key(tabId)]: changed.record }).catch(() => {});
      return changed.record;
    });
    this.#latest.set(tabId, next);
    await next;
    return answer as A;
  }

  /** The tab's record is gone: after any change on its way, so that change cannot bring it back. */
  forget(tabId: number): void {
    const gone = this.read(tabId).then(async () => {
      await this.#area.remove(this.#key(tabId)).catch(() => {});
      return this.#empty;
    });
    this.#latest.set(tabId, gone);
    void gone.then(() => {
      if (this.#latest.get(tabId) === gone) this.#latest.delete(tabId);
    });
  }

  #key(tabId: number): string {
    return `${this.#prefix}:${tabId}`;
  }

  async #stored(tabId: number): Promise<T> {
    const key = this.#key(tabId);
    const items = await this.#area.get(key).catch(() => ({}) as Record<string, unknown>);
    const parsed = this.#schema.safeParse(items[key]);
    return parsed.success ? parsed.data : this.#empty;
  }
}
