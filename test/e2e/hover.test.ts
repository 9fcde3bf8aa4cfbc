import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DnsFixtureServer, startDnsFixtureServer } from '../support/dns-fixture-server.ts';
import { type ServiceProcess, startServiceProcess } from '../support/service-process.ts';
import { type ExtensionBrowser, hoverText, launchExtensionBrowser } from './support/extension-browser.ts';
import { startPageServer } from './support/page-server.ts';
import { startRecordingProxy } from './support/recording-proxy.ts';

let dns: DnsFixtureServer;
let service: ServiceProcess;
let proxy: Awaited<ReturnType<typeof startRecordingProxy>>;
let pages: Awaited<ReturnType<typeof startPageServer>>;
let browser: ExtensionBrowser;
let key: string;

beforeAll(async () => {
  dns = await startDnsFixtureServer();
  service = await startServiceProcess({ DNS_SERVERS: dns.address, DNS_TIMEOUT_MS: '300' });
  proxy = await startRecordingProxy(() => service.baseUrl);
  pages = await startPageServer();
  browser = await launchExtensionBrowser();
  key = service.createKey({ credits: 1_000 });
  await browser.configure({ apiKey: key, settings: { baseUrl: proxy.url, hoverDelayMs: 300 } });
});

afterAll(async () => {
  await browser?.close();
  await pages?.close();
  await proxy?.close();
  await service?.stop();
  await dns?.close();
});

async function openPage(name: string): Promise<Page> {
  const page = await browser.context.newPage();
  await page.goto(pages.url(name));
  return page;
}

describe('hovering an address', () => {
  it('shows the provider card after the pointer rests on a text address', async () => {
    const page = await openPage('plain.html');
    await hoverText(page, 'jane.doe+news@gmail.com');
    const card = page.getByTestId('hover-card');
    await expect.poll(() => card.getByTestId('provider-nice-name').textContent()).toBe('Gmail');
    expect(await card.getByTestId('provider-name').textContent()).toBe('Google (Public)');
    expect(await card.getByTestId('flag-freemail').getAttribute('data-value')).toBe('true');
    expect(await card.getByTestId('open-webmail').getAttribute('href')).toBe('https://mail.google.com/mail');
    expect(await card.getByTestId('search-webmail').getAttribute('href')).toBe(
      'https://mail.google.com/mail/#search/jane.doe%2Bnews%40gmail.com',
    );
    await page.close();
  });

  it('sends the API the domain only, never the address', async () => {
    expect(proxy.requests.length).toBeGreaterThan(0);
    for (const request of proxy.requests) {
      expect(request.path).toBe('/public_api/v1/get_webmail_info');
      expect(String((request.body as { email: string }).email)).not.toContain('@');
      expect(request.authorization).toBe(`Bearer ${key}`);
    }
  });
});
