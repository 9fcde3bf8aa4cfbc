import { afterEach, describe, expect, it, vi } from 'vitest';
import { hashKey } from './accounts.ts';
import { LiveKeyList } from './live-keys.ts';
import { openSqliteStorage } from './storage/sqlite.ts';
import type { Storage } from './storage/storage.ts';

const INTERVAL_MS = 1_000;
const opened: Storage[] = [];
afterEach(() => {
  vi.useRealTimers();
  for (const storage of opened.splice(0)) storage.close();
});

/** A list over a fresh database, counting its reads; keys are made and revoked in the database directly. */
function setup() {
  const database = openSqliteStorage(':memory:');
  opened.push(database);
  const reads = { count: 0 };
  const list = new LiveKeyList(
    {
      liveKeyHashPrefixes(length) {
        reads.count++;
        return database.liveKeyHashPrefixes(length);
      },
    },
    { readIntervalMs: INTERVAL_MS },
  );
  let made = 0;
  const makeKey = () => {
    const key = `wl_live_${++made}`;
    database.createAccount({
      keyHash: hashKey(key),
      keyPrefix: key.slice(0, 11),
      credits: 1,
      subscriptionExpiresAt: null,
      subscriptionAllowance: 0,
      createdAt: Date.now(),
    });
    return key;
  };
  const has = (key: string) => list.has(hashKey(key));
  return { database, list, reads, makeKey, has };
}

describe('the list of working keys', () => {
  it('tells guesses from a working key in one read, however many are asked about at once', async () => {
    const { reads, makeKey, has } = setup();
    const key = makeKey();
    const guesses = Array.from({ length: 1_000 }, (_, i) => has(`wl_guess_${i}`));
    expect(await Promise.all(guesses)).toEqual(Array(1_000).fill(false));
    expect(await has(key)).toBe(true);
    expect(reads.count).toBe(1);
  });

  it('finds a key made after its last read at the next one, which waits for the interval', async () => {
    vi.useFakeTimers();
    const { reads, makeKey, has } = setup();
    const first = has('wl_guess');
    await vi.advanceTimersByTimeAsync(0);
    expect(await first).toBe(false);

    const key = makeKey();
    let found: boolean | undefined;
    void has(key).then((listed) => {
      found = listed;
    });
    const guess = has('wl_another_guess');
    await vi.advanceTimersByTimeAsync(INTERVAL_MS - 1);
    expect(found).toBeUndefined();
    expect(reads.count).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(found).toBe(true);
    expect(await guess).toBe(false);
    // The key and the guess shared the second read; a listed key needs none.
    expect(reads.count).toBe(2);
    expect(await has(key)).toBe(true);
    expect(reads.count).toBe(2);
  });

  it('drops a revoked key at its next read', async () => {
    vi.useFakeTimers();
    const { database, reads, makeKey, has } = setup();
    const key = makeKey();
    const listed = has(key);
    await vi.advanceTimersByTimeAsync(0);
    expect(await listed).toBe(true);
    database.revokeKeys({ keyHash: hashKey(key) }, Date.now());
    // Still listed until a read is needed: the database, asked about the key, says it is revoked.
    expect(await has(key)).toBe(true);
    const guess = has('wl_guess');
    await vi.advanceTimersByTimeAsync(INTERVAL_MS);
    expect(await guess).toBe(false);
    expect(reads.count).toBe(2);
    let revoked: boolean | undefined;
    void has(key).then((listed) => {
      revoked = listed;
    });
    await vi.advanceTimersByTimeAsync(INTERVAL_MS - 1);
    expect(revoked, 'waits for the next read').toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(revoked).toBe(false);
    expect(reads.count).toBe(3);
  });

  it('keeps the newer list when an older read ends after it', async () => {
    vi.useFakeTimers();
    const answers: ((prefixes: string[]) => void)[] = [];
    const list = new LiveKeyList(
      { liveKeyHashPrefixes: () => new Promise<string[]>((resolve) => answers.push(resolve)) },
      { readIntervalMs: INTERVAL_MS },
    );
    const keyHash = hashKey('wl_new');
    const older = list.has(hashKey('wl_guess'));
    await vi.advanceTimersByTimeAsync(0);
    const newer = list.has(keyHash);
    await vi.advanceTimersByTimeAsync(INTERVAL_MS);
    expect(answers).toHaveLength(2);
    answers[1]?.([keyHash.slice(0, 16)]);
    expect(await newer).toBe(true);
    answers[0]?.([]);
    expect(await older).toBe(false);
    expect(await list.has(keyHash)).toBe(true);
  });
});
