/**
 * `npm start`: the product on this machine. Starts the local service with a demo key (made on first start),
 * builds the extension against it with that key, and opens it in WXT's dev browser where there is a display;
 * otherwise prints where the build is and how to load it. `npm start -- --offline` answers DNS on this
 * machine, for machines without internet: from the test fixture zones (workspace-customer.example.com,
 * gateway-customer.example.com, ...) and, for every other domain the built-in catalog knows by its name
 * (yahoo.com, icloud.com, privaterelay.appleid.com, disposable domains), with MX records made from the catalog.
 */
import { execFileSync, spawn } from 'node:child_process';
import { Accounts } from '#server/accounts.ts';
import { loadConfig } from '#server/config.ts';
import { DEMO_API_KEY, DEMO_DATABASE_PATH } from '#server/demo-key.ts';
import { openSqliteStorage } from '#server/storage/sqlite.ts';
import { catalogZoneFor } from '#test/support/catalog-zones.ts';
import { startDnsFixtureServer } from '#test/support/dns-fixture-server.ts';

const DEMO_CREDITS = 10_000;

const offline = process.argv.includes('--offline');
const config = loadConfig(process.env);
// The demo key is public, so it lives in a database of its own, whatever DATABASE_PATH or DATABASE_URL say.
const storage = openSqliteStorage(DEMO_DATABASE_PATH);
const accounts = new Accounts(storage);
if ((await accounts.accountForKey(DEMO_API_KEY)) === null)
  await accounts.create({ credits: DEMO_CREDITS, key: DEMO_API_KEY });
await storage.close();

const serviceEnv: NodeJS.ProcessEnv = { ...process.env, DATABASE_PATH: DEMO_DATABASE_PATH };
delete serviceEnv.DATABASE_URL;
if (offline) serviceEnv.DNS_SERVERS = (await startDnsFixtureServer({ moreZones: catalogZoneFor })).address;
const base = `http://${config.HOST}:${config.PORT}`;
const service = spawn(
  process.execPath,
  ['--import', 'tsx', new URL('../server/main.ts', import.meta.url).pathname],
  {
    env: serviceEnv,
    stdio: 'inherit',
  },
);
const children = [service];
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    for (const child of children) child.kill(signal);
  });
service.on('exit', (code) => process.exit(code ?? 0));

const extensionEnv = { ...process.env, WXT_API_BASE_URL: base, WXT_DEMO_API_KEY: DEMO_API_KEY };
console.log(
  `Local service: ${base}   demo key: ${DEMO_API_KEY}${offline ? '   (offline: fixture and catalog DNS)' : ''}`,
);
console.log(
  `Try: curl -s ${base}/public_api/v1/get_webmail_info -H 'Authorization: Bearer ${DEMO_API_KEY}' -H 'Content-Type: application/json' -d '{"email":"someone@gmail.com"}'`,
);
if (process.env.DISPLAY || process.platform === 'darwin' || process.platform === 'win32') {
  children.push(spawn('npx', ['wxt'], { env: extensionEnv, stdio: 'inherit' }));
} else {
  execFileSync('npx', ['wxt', 'build'], {
    env: { ...extensionEnv, NODE_ENV: 'production' },
    stdio: 'inherit',
  });
  console.log(
    '\nNo display here, so no browser was opened. The extension is built in .output/chrome-mv3: in Chrome or ' +
      'Chromium open chrome://extensions, switch on Developer mode, choose "Load unpacked" and pick that folder.',
  );
}
