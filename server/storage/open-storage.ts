import type { ServiceConfig } from '#server/config.ts';
import { openPostgresStorage } from './postgres.ts';
import { openSqliteStorage } from './sqlite.ts';
import type { Storage } from './storage.ts';

/**
 * PostgreSQL when DATABASE_URL is set; otherwise the SQLite file at DATABASE_PATH, the embedded default,
 * checkpointed in the background for the service (`serving`), in the committing thread for a command.
 */
export function openStorage(
  config: Pick<ServiceConfig, 'DATABASE_PATH' | 'DATABASE_URL'>,
  { serving = false } = {},
): Promise<Storage> {
  return config.DATABASE_URL
    ? openPostgresStorage(config.DATABASE_URL)
    : Promise.resolve(openSqliteStorage(config.DATABASE_PATH, { backgroundCheckpoints: serving }));
}
