import { createInterface } from 'node:readline';
import { loadConfig } from '../../server/config.ts';
import { openStorage } from '../../server/storage/open-storage.ts';

/**
 * A process that opens the service's database the way the service and the keys CLI do (`openStorage`), each
 * time it reads a line: a SQLite path, or a postgres:// URL. It answers each line with `opened` or
 * `failed <reason>`. Started ahead and kept waiting, several of these open one database within a
 * millisecond or so of each other, as several processes started together can.
 */
const url = /^postgres(ql)?:\/\//;

const lines = createInterface({ input: process.stdin });
lines.on('line', async (database) => {
  try {
    const config = loadConfig(url.test(database) ? { DATABASE_URL: database } : { DATABASE_PATH: database });
    const storage = await openStorage(config);
    await storage.close();
    process.stdout.write('opened\n');
  } catch (error) {
    process.stdout.write(
      `failed ${(error instanceof Error ? error.message : String(error)).replace(/\n/g, ' ')}\n`,
    );
  }
});
process.stdout.write('ready\n');
