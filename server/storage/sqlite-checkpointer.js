/**
 * The worker thread that checkpoints the service's SQLite file (sqlite.ts, startBackgroundCheckpoints):
 * every `intervalMs`, a passive checkpoint copies what the write-ahead log holds into the database file and
 * syncs both, on a connection of its own, so the service's thread never waits for the disk; a passive
 * checkpoint waits for no reader or writer. Plain JavaScript: a worker is started by Node itself, without
 * the TypeScript loader that runs the service.
 */
import { workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

const { path, intervalMs } = workerData;
const db = new Database(path, { fileMustExist: true });

setInterval(() => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch {
    // A file that is gone or locked now is tried again at the next interval; the service's backstop
    // checkpoint bounds the log meanwhile.
  }
}, intervalMs);
