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
  close(): Promise<void>;
}

/**
 * Everything a user flow runs on: DNS on loopback with the fixture zones, the real service process, a
 * recording proxy in front of it, a page server, and Chromium with the built extension pointed at the proxy.
 */
export async function startExtensionStack(serviceEnv: Record<string, string> = {}): Promise<ExtensionStack> {
  const dns = await startDnsFixtureServer();
  const service = await startServiceProcess({
    DNS_SERVERS: dns.address,
    DNS_TIMEOUT_MS: '300',
    ...serviceEnv,
  });
  const proxy = await startRecordingProxy(() => service.baseUrl);
  const pages = await startPageServer();
  const browser = await launchExtensionBrowser();
  await browser.configure({ settings: { baseUrl: proxy.url } });
  return {
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
