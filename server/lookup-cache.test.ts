import { afterEach, describe, expect, it } from 'vitest';
import { classify } from '#core/catalog/index.ts';
import { openPostgresStorage } from '#server/storage/postgres.ts';
import { openSqliteDatabase, openSqliteStorage, SqliteStorage } from '#server/storage/sqlite.ts';
import type { Storage } from '#server/storage/storage.ts';
import { BACKENDS, backendsForFile } from '#test/support/backends.ts';
import { LookupCache, MEMORY_CACHE_ENTRIES, MEMORY_CACHE_MAX_AGE_MS } from './lookup-cache.ts';
import type { DomainVerdict } from './verdict.ts';

const gmail: DomainVerdict = { kind: 'found', info: classify('gmail.com') ?? expect.unreachable() };

const backends = backendsForFile();

function setup() {
  let time = 1_000_000;
  const db = openSqliteDatabase(':memory:');
  const storage = new SqliteStorage(db, 'database :memory:');
  const clock = { now: () => time, advance: (ms: number) => (time += ms) };
  return {
    db,
    storage,
    clock,
    cache: new LookupCache(storage, { now: clock.now, notFoundMaxEntries: 1_000_000 }),
  };
}

describe('lookup cache', () => {
  it('serves an entry until its TTL ends, then misses', async () => {
    const { cache, clock } = setup();
    await cache.set('gmail.com', gmail, 60);
    clock.advance(59_000);
    expect(await cache.get('gmail.com')).toEqual(gmail);
    clock.advance(1_000);
    expect(await cache.get('gmail.com')).toBeNull();
  });

  it('keeps answers in the database, so a new process (a new cache over the same database) finds them', async () => {
    const { storage, cache, clock } = setup();
    await cache.set('no-mx.example.com', { kind: 'no-mx' }, 60);
    expect(
      await new LookupCache(storage, { now: clock.now, notFoundMaxEntries: 1_000_000 }).get(
        'no-mx.example.com',
      ),
    ).toEqual({ kind: 'no-mx' });
  });

  it('treats an unreadable row as a miss', async () => {
    const { db, cache, clock } = setup();
    db.prepare("INSERT INTO lookup_cache VALUES ('bad.example', 200, '{not json', ?)").run(
      clock.now() + 60_000,
    );
    db.prepare('INSERT INTO lookup_cache VALUES (\'odd.example\', 200, \'{"kind":"found"}\', ?)').run(
      clock.now() + 60_000,
    );
    expect(await cache.get('bad.example')).toBeNull();
    expect(await cache.get('odd.example')).toBeNull();
  });

  it('never stores with a zero TTL', async () => {
    const { cache } = setup();
    await cache.set('gmail.com', gmail, 0);
    expect(await cache.get('gmail.com')).toBeNull();
  });

  it('bounds the memory tier, falling back to the database for what it dropped', async () => {
    const { db, cache, clock } = setup();
    for (let i = 0; i <= MEMORY_CACHE_ENTRIES; i++)
      await cache.set(`d${i}.example`, { kind: 'unrecognised' }, 60);
    db.prepare('UPDATE lookup_cache SET body = \'{"kind":"no-mx"}\' WHERE domain = \'d0.example\'').run();
    expect(await cache.get('d0.example')).toEqual({ kind: 'no-mx' });
    expect(await cache.get(`d${MEMORY_CACHE_ENTRIES}.example`)).toEqual({ kind: 'unrecognised' });
    clock.advance(61_000);
    expect(await cache.purgeExpired()).toBe(MEMORY_CACHE_ENTRIES + 1);
  });

  it('learns of another process’s refresh within MEMORY_CACHE_MAX_AGE_MS', async () => {
    const { storage, cache, clock } = setup();
    const other = new LookupCache(storage, { now: clock.now, notFoundMaxEntries: 1_000_000 });
    await cache.set('example.com', { kind: 'unrecognised' }, 3600);
    await other.set('example.com', gmail, 3600);
    clock.advance(MEMORY_CACHE_MAX_AGE_MS - 1);
    expect(await cache.get('example.com')).toEqual({ kind: 'unrecognised' });
    clock.advance(1);
    expect(await cache.get('example.com')).toEqual(gmail);
  });
});

describe.each(BACKENDS)('the cache of 404 answers on %s', (backend) => {
  const opened: Storage[] = [];
  afterEach(async () => {
    for (const storage of opened.splice(0)) await storage.close();
  });

  it('keeps at most NEGATIVE_CACHE_MAX_ENTRIES, dropping the oldest, and leaves found answers alone', async () => {
    const postgres = backends.postgresFor(backend);
    const storage = postgres
      ? await openPostgresStorage(await postgres.createDatabase())
      : openSqliteStorage(':memory:');
    opened.push(storage);
    let time = 1_000_000;
    const cache = new LookupCache(storage, { now: () => time, notFoundMaxEntries: 10 });
    await cache.set('gmail.com', gmail, 3600);
    // Each made-up domain a moment after the one before, as a flood of them arrives.
    for (let i = 0; i < 60; i++) {
      time += 1;
      await cache.set(`made-up-${i}.example`, { kind: 'no-mx' }, 3600);
    }
    const fresh = new LookupCache(storage, { now: () => time, notFoundMaxEntries: 10 });
    const kept = [];
    for (let i = 0; i < 60; i++) if (await fresh.get(`made-up-${i}.example`)) kept.push(i);
    expect(kept).toEqual(Array.from({ length: 10 }, (_, i) => 50 + i));
    expect(await fresh.get('gmail.com')).toEqual(gmail);
  });
});
