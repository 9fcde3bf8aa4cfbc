import type { Storage } from '#server/storage/storage.ts';

/**
 * A process reads the list of working keys at most this often, however many unknown keys it is shown: a
 * key made since the last read waits for the next one, so at most this long, once.
 */
export const LIVE_KEYS_READ_INTERVAL_MS = 1_000;
/**
 * Hex characters of each key's hash kept in the list: 64 bits, a quarter of the hash's memory. A guess that
 * matches a working key's prefix is only asked of the database, and finding one takes about 2^64 / keys tries.
 */
const HASH_PREFIX_LENGTH = 16;

export interface LiveKeysOptions {
  now?: () => number;
  readIntervalMs?: number;
}

/**
 * The keys that are not revoked, as prefixes of their hashes, for telling a guessed key from a working one
 * without a query per guess: a key is looked for in a list read after it arrived, and that read is shared
 * by every key asked about until it starts. So guesses cost the database one read per interval at most,
 * however many there are, and a working key is found even if this process has never seen it.
 */
export class LiveKeyList {
  readonly #storage: Pick<Storage, 'liveKeyHashPrefixes'>;
  readonly #now: () => number;
  readonly #readIntervalMs: number;
  #prefixes: ReadonlySet<string> = new Set();
  #lastReadAt = Number.NEGATIVE_INFINITY;
  /** The next read, not started yet: every key asked about before it starts waits for it. */
  #nextRead: Promise<ReadonlySet<string>> | null = null;

  constructor(
    storage: Pick<Storage, 'liveKeyHashPrefixes'>,
    { now = Date.now, readIntervalMs = LIVE_KEYS_READ_INTERVAL_MS }: LiveKeysOptions = {},
  ) {
    this.#storage = storage;
    this.#now = now;
    this.#readIntervalMs = readIntervalMs;
  }

  /** Whether the key with this hash is listed: the last list's word when it has it, else the next read's. */
  async has(keyHash: string): Promise<boolean> {
    const prefix = keyHash.slice(0, HASH_PREFIX_LENGTH);
    if (this.#prefixes.has(prefix)) return true;
    return (await this.#readAfterNow()).has(prefix);
  }

  /** A read that starts after this call, as soon as the interval since the last one allows. */
  #readAfterNow(): Promise<ReadonlySet<string>> {
    this.#nextRead ??= new Promise<void>((resolve) =>
      setTimeout(resolve, Math.max(0, this.#lastReadAt + this.#readIntervalMs - this.#now())),
    ).then(() => this.#read());
    return this.#nextRead;
  }

  async #read(): Promise<ReadonlySet<string>> {
    // From here on, a key asked about may be newer than this read, and waits for the one after.
    this.#nextRead = null;
    const startedAt = this.#now();
    this.#lastReadAt = startedAt;
    const prefixes = new Set(await this.#storage.liveKeyHashPrefixes(HASH_PREFIX_LENGTH));
    // A slow read that ends after a later one does not replace the later list.
    if (startedAt === this.#lastReadAt) this.#prefixes = prefixes;
    return prefixes;
  }
}
