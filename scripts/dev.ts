/**
 * `npm run dev`: the local service with a demo key, for development and for trying the product without
 * a paid account. `npm run dev -- --offline` answers DNS from the test fixture zones instead of the
 * system resolver (gmail.com, workspace-customer.example.com, duck.com, ...), for machines without internet.
 */
import { spawn } from 'node:child_process';
import { createAccounts } from '../server/accounts.ts';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/database.ts';
import { startDnsFixtureServer } from '../test/support/dns-fixture-server.ts';

/** Only ever valid against a local database; never a key of the hosted service. */
export const DEMO_API_KEY = 'wl_demo_local_only_0000000000000000000000';
const DEMO_CREDITS = 10_000;

const offline = process.argv.includes('--offline');
const config = loadConfig(process.env);
const db = openDatabase(config.DATABASE_PATH);
const accounts = createAccounts(db);
if (accounts.accountForKey(DEMO_API_KEY) === null)
  accounts.create({ credits: DEMO_CREDITS, key: DEMO_API_KEY });
db.close();

const env: NodeJS.ProcessEnv = { ...process.env };
if (offline) env.DNS_SERVERS = (await startDnsFixtureServer()).address;
const base = `http://${config.HOST}:${config.PORT}`;
console.log(
  `Demo API key: ${DEMO_API_KEY}${offline ? '  (offline: DNS from test/fixtures/dns-zones.ts)' : ''}`,
);
console.log(
  `Try: curl -s ${base}/public_api/v1/get_webmail_info -H 'Authorization: Bearer ${DEMO_API_KEY}' -H 'Content-Type: application/json' -d '{"email":"someone@gmail.com"}'`,
);
const service = spawn(
  process.execPath,
  ['--import', 'tsx', new URL('../server/main.ts', import.meta.url).pathname],
  {
    env,
    stdio: 'inherit',
  },
);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => service.kill(signal));
service.on('exit', (code) => process.exit(code ?? 0));
