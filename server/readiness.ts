import type { Storage } from '#server/storage/storage.ts';
import type { Eventually } from './eventually.ts';

/**
 * Probes come from every load balancer every few seconds, and anyone may send them, so the write behind
 * them is made at most this often; the probes in between share its outcome.
 */
const PROBE_INTERVAL_MS = 1_000;

/** Whether the database takes a write: the service can answer lookups only then. */
export function createReadiness(storage: Pick<Storage, 'probeWrite'>, now: () => number = Date.now) {
  let probedAt = Number.NEGATIVE_INFINITY;
  let outcome: Eventually<boolean> = false;
  const probe = (): Eventually<boolean> => {
    try {
      const written = storage.probeWrite(now());
      return written instanceof Promise
        ? written.then(
            () => true,
            () => false,
          )
        : true;
    } catch {
      return false;
    }
  };
  return {
    isReady(): Eventually<boolean> {
      const time = now();
      if (time - probedAt >= PROBE_INTERVAL_MS) {
        probedAt = time;
        outcome = probe();
      }
      return outcome;
    },
  };
}

export type Readiness = ReturnType<typeof createReadiness>;
