import type { StoredFamily } from '#extension/stored-item.ts';

/**
 * One record for each tab (a budget, the addresses it shows), kept in storage.session as a family of items
 * (stored.ts): Chrome stops an idle worker after 30 s, and a record held in its memory alone would start
 * afresh for a page that waits that long. storage.session is cleared when the browser closes, as tab ids are.
 *
 * Each tab's changes run one after another, so two frames or two popups asking at once never both change
 * the record as it was. A record that cannot be read is the empty one; one that cannot be written lives on
 * in this worker's memory, so a full session store takes nothing back that was counted: the refusal is told
 * on the console (once, until a write of that tab's goes through), and the tab's next change writes it whole.
 */
export class TabRecords<T> {
  readonly #family: StoredFamily<NonNullable<T>>;
  readonly #empty: T;
  /** Each tab's record as its latest change leaves it. */
  readonly #latest = new Map<number, Promise<T>>();
  /** Tabs whose last write storage refused: their record in storage is not the one in memory. */
  readonly #unsaved = new Set<number>();

  constructor(family: StoredFamily<NonNullable<T>>, empty: T) {
    this.#family = family;
    this.#empty = empty;
  }

  /** The tab's record now. */
  read(tabId: number): Promise<T> {
    return this.#latest.get(tabId) ?? this.#stored(tabId);
  }

  /**
   * Changes the tab's record by `change` (a pure function of it), and answers what `change` answered. A
   * change that answers the record it was given writes nothing, unless storage refused the last write.
   */
  async update<A>(tabId: number, change: (record: T) => { record: NonNullable<T>; answer: A }): Promise<A> {
    let answer: A | undefined;
    const next = this.read(tabId).then(async (record) => {
      const changed = change(record);
      answer = changed.answer;
      if (changed.record !== record || this.#unsaved.has(tabId))
        await this.#save(tabId, () => this.#family.set(tabId, changed.record));
      return changed.record;
    });
    this.#latest.set(tabId, next);
    await next;
    return answer as A;
  }

  /** The tab's record is gone: after any change on its way, so that change cannot bring it back. */
  forget(tabId: number): void {
    const onItsWay: Promise<unknown> = this.#latest.get(tabId) ?? Promise.resolve();
    const gone = onItsWay.then(async () => {
      await this.#save(tabId, () => this.#family.remove(tabId));
      return this.#empty;
    });
    this.#latest.set(tabId, gone);
    void gone.then(() => {
      if (this.#latest.get(tabId) === gone) this.#latest.delete(tabId);
    });
  }

  /** A write to storage; a refusal (a full session store) is told once, until a write of the tab's goes through. */
  async #save(tabId: number, write: () => Promise<void>): Promise<void> {
    try {
      await write();
      this.#unsaved.delete(tabId);
    } catch (error) {
      if (!this.#unsaved.has(tabId))
        console.warn(
          `Webmail Lookup: ${this.#family.key(tabId)} not saved; the worker goes on from memory`,
          error,
        );
      this.#unsaved.add(tabId);
    }
  }

  async #stored(tabId: number): Promise<T> {
    return (await this.#family.get(tabId).catch(() => null)) ?? this.#empty;
  }
}
