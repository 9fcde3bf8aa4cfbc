import { hashKey } from './accounts.ts';

/** The key `npm start` makes for local use. It is public (it is in this repository), so only the demo's own database holds it. */
export const DEMO_API_KEY = 'wl_demo_local_only_0000000000000000000000';
/** `npm start`'s database: never the default one, which `npm run server` serves and migrate-to-postgres copies. */
export const DEMO_DATABASE_PATH = './data/demo.db';

/**
 * A statement that revokes the demo key, for databases that `npm start` wrote it into before it had a
 * database of its own. `now` is the SQL for the time in milliseconds, which the two backends spell differently.
 */
export function revokeDemoKeySql(now: string): string {
  return `UPDATE api_keys SET revoked_at = ${now} WHERE key_hash = '${hashKey(DEMO_API_KEY)}' AND revoked_at IS NULL`;
}
