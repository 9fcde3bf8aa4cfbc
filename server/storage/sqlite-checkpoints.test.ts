import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { openSqliteStorage } from './sqlite.ts';
import type { Storage } from './storage.ts';

const PAGE_BYTES = 4096;
const opened: { storage: Storage; dir: string }[] = [];
afterEach(async () => {
  for (const { storage, dir } of opened.splice(0)) {
    await storage.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

it('moves the service’s write-ahead log into the database file in a thread of its own', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'webmail-checkpoints-'));
  const path = join(dir, 'service.db');
  const storage = openSqliteStorage(path, { backgroundCheckpoints: true });
  opened.push({ storage, dir });
  const before = statSync(path).size;
  // About 200 pages: far below SQLite's own checkpoint at 1,000, so only the thread moves them.
  for (let i = 0; i < 200; i++) {
    await storage.writeCache(`d${i}.example`, 200, {
      body: 'x'.repeat(3000),
      expiresAt: Date.now() + 60_000,
    });
  }
  await expect
    .poll(() => statSync(path).size, { timeout: 10_000 })
    .toBeGreaterThanOrEqual(before + 150 * PAGE_BYTES);
  expect((await storage.readCache('d199.example', Date.now()))?.body).toHaveLength(3000);
});
