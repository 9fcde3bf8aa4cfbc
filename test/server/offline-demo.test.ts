import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileHostPattern } from '#core/catalog/host-pattern.ts';
import { classify, consumerProviders } from '#core/catalog/index.ts';
import { withoutBalance } from '../support/balance.ts';
import { catalogZoneFor, hostForPattern } from '../support/catalog-zones.ts';
import { type DnsFixtureServer, startDnsFixtureServer } from '../support/dns-fixture-server.ts';
import { type ServiceProcess, startServiceProcess } from '../support/service-process.ts';
import { FIXTURE_DNS_TIMEOUT_MS } from '../support/service-stack.ts';
import { closeAll } from '../support/teardown.ts';

/**
 * `npm start -- --offline`: the real service over HTTP, asking a real DNS server on loopback that knows the
 * fixture zones and every domain the built-in catalog names. What the demo answers is what the catalog says.
 */
let dns: DnsFixtureServer;
let service: ServiceProcess;
let key: string;

beforeAll(async () => {
  dns = await startDnsFixtureServer({ moreZones: catalogZoneFor });
  service = await startServiceProcess({
    DNS_SERVERS: dns.address,
    DNS_TIMEOUT_MS: String(FIXTURE_DNS_TIMEOUT_MS),
  });
  key = await service.createKey({ credits: 100 });
});

afterAll(() => closeAll({ service: service && (() => service.stop()), 'DNS fixture server': dns }));

const answerFor = async (domain: string) => {
  const { status, json } = await service.lookup({ email: `someone@${domain}` }, key);
  return { status, data: (withoutBalance(json) as { data: unknown }).data };
};

describe('the offline demo’s DNS', () => {
  it.each([
    ['yahoo.com', 'Yahoo Mail', { is_freemail: true }],
    ['icloud.com', 'iCloud Mail', { is_freemail: true }],
    ['hotmail.com', 'Outlook.com', { is_freemail: true }],
    ['privaterelay.appleid.com', 'Sign in with Apple relay', { is_privacy_service: true }],
    ['gmail.com', 'Gmail', { is_freemail: true }],
    ['proton.me', 'Proton Mail', { is_freemail: true }],
    ['10minutemail.com', 'Disposable email', { is_disposable: true }],
  ])('answers %s with the catalog’s provider (%s) and flags', async (domain, niceName, flags) => {
    const { status, data } = await answerFor(domain);
    expect(status).toBe(200);
    expect(data).toEqual(classify(domain));
    expect(data).toMatchObject({ nice_name: niceName, ...flags });
    expect(dns.asked('MX', domain)).toBe(1);
  });

  it('still says "not found" for a domain neither the catalog nor the fixture zones know', async () => {
    expect((await answerFor('not-in-the-catalog.example.org')).status).toBe(404);
  });

  it('makes each provider’s MX host from its own host patterns', () => {
    for (const provider of consumerProviders)
      for (const pattern of provider.mx ?? [])
        expect(compileHostPattern(pattern)(hostForPattern(pattern)), pattern).toBe(true);
    expect(catalogZoneFor('yahoo.com')).toEqual({ mx: [[10, 'mta1.am0.yahoodns.net']] });
  });
});
