import type { WebmailInfoRequest } from '#core/api/client.ts';
import type { ApiOutcome } from '#core/api/outcome.ts';
import { NOT_FOUND_TTL_MS } from '#extension/limits.ts';
import type { FallbackReason, LookupAnswer, LookupResult } from '#extension/lookup-result.ts';
import type { AnswerCache } from './answer-cache.ts';
import type { OfflineCatalog } from './offline-catalog.ts';
import { resultOfOutcome } from './outcome-result.ts';

export interface LookupServiceDeps {
  cache: AnswerCache;
  /** The API call with the user's key and base URL already bound; absent when no key is set. */
  callApi: () => Promise<((request: WebmailInfoRequest) => Promise<ApiOutcome>) | null>;
  /** How long a found answer is kept (ms), read when it is stored. */
  foundTtlMs: () => Promise<number>;
  /** The built-in catalog, for lookups without a key or without the service (offline-catalog.ts). */
  offlineCatalog: OfflineCatalog;
  now?: () => number;
}

/** A lookup on its way, and whether its gate refused it (then it never asked, and answers no one else). */
interface Flight {
  result: LookupResult;
  refused: boolean;
}

/**
 * Looks domains up for every tab: the cache, else the API (one request per domain in flight, however many
 * tabs ask), else the built-in catalog when there is no key or the service cannot be reached. Only API
 * answers are cached; errors never are. Sends only the domain: the address never leaves the browser.
 */
export class LookupService {
  readonly #deps: LookupServiceDeps;
  readonly #now: () => number;
  /** Lookups on their way, by what they ask (`lookup:` or `refresh:`, and the domain). */
  readonly #inFlight = new Map<string, Promise<Flight>>();

  constructor(deps: LookupServiceDeps) {
    this.#deps = deps;
    this.#now = deps.now ?? Date.now;
  }

  /** The cached answer, or null: never calls the API (the popup's list beyond its budget). */
  cached(domain: string): Promise<LookupAnswer | null> {
    return this.#deps.cache.get(domain);
  }

  /**
   * Looks a domain up; `refresh` skips both caches (ours and the service's). A lookup already on its way
   * is waited for; only one that would ask the API goes through `gate` first, which answers instead of
   * the API (a budget spent, say) or lets it ask (null). A lookup its gate refused is no answer for those
   * who waited for it: each asks again, through a gate of its own.
   */
  async lookup(
    domain: string,
    { refresh = false, gate }: { refresh?: boolean; gate?: () => Promise<LookupResult | null> } = {},
  ): Promise<LookupResult> {
    const key = `${refresh ? 'refresh' : 'lookup'}:${domain}`;
    for (;;) {
      if (!refresh) {
        const hit = await this.#deps.cache.get(domain);
        if (hit) return hit;
      }
      const waited = this.#inFlight.get(key);
      if (!waited) return (await this.#fly(key, domain, refresh, gate)).result;
      const { result, refused } = await waited;
      if (!refused) return result;
    }
  }

  /** Starts a lookup through its gate, registered before anything is awaited so that others wait for it. */
  #fly(
    key: string,
    domain: string,
    refresh: boolean,
    gate: (() => Promise<LookupResult | null>) | undefined,
  ): Promise<Flight> {
    const flight = (async () => {
      const refusal = await gate?.();
      return refusal
        ? { result: refusal, refused: true }
        : { result: await this.#fetchFromApi(domain, refresh), refused: false };
    })().finally(() => this.#inFlight.delete(key));
    this.#inFlight.set(key, flight);
    return flight;
  }

  async #fetchFromApi(domain: string, refresh: boolean): Promise<LookupResult> {
    const api = await this.#deps.callApi();
    if (!api) return (await this.#fromCatalog(domain, 'no-key')) ?? { state: 'no-key' };
    const outcome = await api({ email: domain, skipCache: refresh });
    const result = resultOfOutcome(outcome, this.#now());
    const { cache } = this.#deps;
    if (result.state === 'found') await cache.set(domain, result, await this.#deps.foundTtlMs());
    if (result.state === 'not-found') await cache.set(domain, result, NOT_FOUND_TTL_MS);
    // A paid answer is in storage before anyone sees it: a worker the browser ends at any moment (an
    // update, a shutdown, its 5-minute cap) never pays for the same domain twice.
    if (result.state === 'found' || result.state === 'not-found') await cache.keep(domain);
    if (result.state !== 'unreachable') return result;
    return (await this.#fromCatalog(domain, 'unreachable')) ?? result;
  }

  async #fromCatalog(domain: string, reason: FallbackReason): Promise<LookupAnswer | null> {
    const info = await this.#deps.offlineCatalog(domain);
    return info
      ? { state: 'found', info, source: 'catalog', fetchedAt: this.#now(), fallbackReason: reason }
      : null;
  }
}
