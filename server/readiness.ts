import type { Storage } from '#server/storage/storage.ts';

/**
 * Probes come from every load balancer every few seconds, and anyone may send them, so the write behind
 * them is made at most this often; the probes in between share its outcome.
 */
const PROBE_INTERVAL_MS = 1_000;

/** Whether the database takes a write: the service can answer lookups only then. */
export class Readiness {
  readonly #storage: Pick<Storage, 'probeWrite'>;
  readonly #now: () => number;
  #probedAt = Number.NEGATIVE_INFINITY;
  #outcome: Promise<boolean> = Promise.resolve(false);

  constructor(storage: Pick<Storage, 'probeWrite'>, now: () => number = Date.now) {
    this.#storage = storage;
    this.#now = now;
  }

  isReady(): Promise<boolean> {
    const time = this.#now();
    if (time - this.#probedAt >= PROBE_INTERVAL_MS) {
      this.#probedAt = time;
      this.#outcome = this.#probe(time);
    }
    return this.#outcome;
  }

  async #probe(time: number): Promise<boolean> {
    try {
      await this.#storage.probeWrite(time);
      return true;
    } catch {
      return false;
    }
  }
}
