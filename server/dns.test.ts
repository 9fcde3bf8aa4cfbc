import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type DnsFixtureServer,
  startDnsFixtureServer,
  startSilentDnsServer,
} from '../test/support/dns-fixture-server.ts';
import { createMxResolver, DnsFailure } from './dns.ts';

let dns: DnsFixtureServer;
beforeAll(async () => {
  dns = await startDnsFixtureServer();
});
afterAll(() => dns?.close());

describe('createMxResolver against a real DNS server on loopback', () => {
  const resolve = (domain: string) => createMxResolver({ servers: [dns.address], timeoutMs: 300 })(domain);

  it('returns MX hosts in order of preference, lower-cased', async () => {
    expect(await resolve('workspace-customer.example.com')).toEqual({
      kind: 'mx',
      hosts: ['aspmx.l.google.com', 'alt1.aspmx.l.google.com', 'aspmx2.googlemail.com'],
    });
  });

  it('tells a missing domain from one without MX, and treats a null MX as none', async () => {
    expect(await resolve('nxdomain.example.com')).toEqual({ kind: 'no-domain' });
    expect(await resolve('no-mx.example.com')).toEqual({ kind: 'no-mx' });
    expect(await resolve('null-mx.example.com')).toEqual({ kind: 'no-mx' });
  });

  it('fails with DnsFailure on SERVFAIL', async () => {
    await expect(resolve('dns-servfail.example.com')).rejects.toBeInstanceOf(DnsFailure);
  });

  it('fails with DnsFailure within its deadline when the resolver is dead', async () => {
    const silent = await startSilentDnsServer();
    try {
      const started = performance.now();
      await expect(
        createMxResolver({ servers: [silent.address], timeoutMs: 200 })('gmail.com'),
      ).rejects.toBeInstanceOf(DnsFailure);
      expect(performance.now() - started).toBeLessThan(200 * 3 + 300);
    } finally {
      await silent.close();
    }
  });
});
