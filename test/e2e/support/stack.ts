import type { Settings } from '../../../lib/settings.ts';
import { type DnsFixtureServer, startDnsFixtureServer } from '../../support/dns-fixture-server.ts';
import { type ServiceProcess, startServiceProcess } from '../../support/service-process.ts';
import { type ExtensionBrowser, launchExtensionBrowser } from './extension-browser.ts';
import { startPageServer } from './page-server.ts';
import { startRecordingProxy } from './recording-proxy.ts';

export interface ExtensionStack {
  dns: DnsFixtureServer;
  service: ServiceProcess;
  /** The recording proxy in front of the service; the extension's base URL points at it. */
  proxy: Awaited<ReturnType<typeof startRecordingProxy>>;
  pages: Awaited<ReturnType<typeof startPageServer>>;
  browser: ExtensionBrowser;
  /** The API key the extension was given, when the stack was asked for one. */
  key: string;
  close(): Promise<void>;
}

export interface StackOptions {
  serviceEnv?: Record<string, string>;
  /** Creates a key with these credits and puts it in the extension's settings. */
  credits?: number;
  settings?: Partial<Settings>;
  /** Pages made by the suite, served by name beside the fixture pages. */
  generatedPages?: Record<string, string>;
}

/**
 * Everything a user flow runs on: DNS on loopback with the fixture zones, the real service process, a
 * recording proxy in front of it, a page server, and Chromium with the built extension pointed at the proxy.
 */
export async function startExtensionStack(options: StackOptions = {}): Promise<ExtensionStack> {
  const { serviceEnv = {}, credits, settings = {}, generatedPages = {} } = options;
  const dns = await startDnsFixtureServer();
  const service = await startServiceProcess({
    DNS_SERVERS: dns.address,
    DNS_TIMEOUT_MS: '300',
    ...serviceEnv,
  });
  const proxy = await startRecordingProxy(() => service.baseUrl);
  const pages = await startPageServer(generatedPages);
  const browser = await launchExtensionBrowser();
  const key = credits === undefined ? '' : service.createKey({ credits });
  await browser.configure({ ...(key && { apiKey: key }), settings: { baseUrl: proxy.url, ...settings } });
  return {
    key,
    dns,
    service,
    proxy,
    pages,
    browser,
    async close() {
      await browser.close();
      await pages.close();
      await proxy.close();
      await service.stop();
      await dns.close();
    },
  };
}
