import type { Settings } from '#settings/schema.ts';
import { type DnsFixtureServer, startDnsFixtureServer } from '../../support/dns-fixture-server.ts';
import { type ServiceProcess, startServiceProcess } from '../../support/service-process.ts';
import { type ExtensionBrowser, launchExtensionBrowser } from './extension-browser.ts';
import { startPageServer } from './page-server.ts';
import { startRecordingProxy } from './recording-proxy.ts';

/** What the extension talks to and reads, whatever the browser: DNS, the service, the proxy, the pages. */
export interface Backend {
  dns: DnsFixtureServer;
  service: ServiceProcess;
  /** The recording proxy in front of the service; the extension's base URL points at it. */
  proxy: Awaited<ReturnType<typeof startRecordingProxy>>;
  pages: Awaited<ReturnType<typeof startPageServer>>;
  /** The API key the extension is to be given, when one was asked for ('' otherwise). */
  key: string;
  close(): Promise<void>;
}

export interface ExtensionStack extends Backend {
  browser: ExtensionBrowser;
}

export interface StackOptions {
  serviceEnv?: Record<string, string>;
  /** Creates a key with these credits and puts it in the extension's settings. */
  credits?: number;
  settings?: Partial<Settings>;
  /** Pages made by the suite, served by name beside the fixture pages. */
  generatedPages?: Record<string, string>;
}

/** DNS on loopback with the fixture zones, the real service process, a recording proxy in front of it, and a page server. */
export async function startBackend(options: StackOptions = {}): Promise<Backend> {
  const { serviceEnv = {}, credits, generatedPages = {} } = options;
  const dns = await startDnsFixtureServer();
  const service = await startServiceProcess({
    DNS_SERVERS: dns.address,
    DNS_TIMEOUT_MS: '300',
    ...serviceEnv,
  });
  const proxy = await startRecordingProxy(() => service.baseUrl);
  const pages = await startPageServer(generatedPages);
  const key = credits === undefined ? '' : await service.createKey({ credits });
  return {
    key,
    dns,
    service,
    proxy,
    pages,
    async close() {
      await pages.close();
      await proxy.close();
      await service.stop();
      await dns.close();
    },
  };
}

/** Everything a user flow runs on in Chromium: the backend, and Chromium with the built extension pointed at the proxy. */
export async function startExtensionStack(options: StackOptions = {}): Promise<ExtensionStack> {
  const backend = await startBackend(options);
  const browser = await launchExtensionBrowser();
  await browser.configure({
    ...(backend.key && { apiKey: backend.key }),
    settings: { baseUrl: backend.proxy.url, ...options.settings },
  });
  return {
    ...backend,
    browser,
    async close() {
      await browser.close();
      await backend.close();
    },
  };
}
