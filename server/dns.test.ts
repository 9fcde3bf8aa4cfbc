import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
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

  it('fails with DnsFailure at its own deadline when the resolver is dead, whatever c-ares does', async () => {
    const silent = await startSilentDnsServer();
    // c-ares's own timers are native; only the resolver's deadline runs on these, so the deadline is
    // what ends the lookup (c-ares alone would give up after 2 tries of 10 s).
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const lookup = createMxResolver({ servers: [silent.address], timeoutMs: 10_000 })('gmail.com');
      const failed = expect(lookup).rejects.toThrow(/timed out/);
      await vi.advanceTimersByTimeAsync(10_000 * 3);
      await failed;
      await expect(lookup).rejects.toBeInstanceOf(DnsFailure);
    } finally {
      vi.useRealTimers();
      await silent.close();
    }
  });
});
