import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  type DnsFixtureServer,
  startDnsFixtureServer,
  startSilentDnsServer,
} from '#test/support/dns-fixture-server.ts';
import { createMailDns, DnsFailure, type LookupQueries } from './dns.ts';

let dns: DnsFixtureServer;
beforeAll(async () => {
  dns = await startDnsFixtureServer();
});
afterAll(() => dns?.close());

/** One query in a lookup of its own, against the fixture server. */
function ask<T>(query: (queries: LookupQueries) => Promise<T>): Promise<T> {
  return createMailDns({ servers: [dns.address], timeoutMs: 300 }).withDeadline(query);
}

describe('MX queries against a real DNS server on loopback', () => {
  const mx = (domain: string) => ask((queries) => queries.mx(domain));

  it('returns MX hosts in order of preference, lower-cased', async () => {
    expect(await mx('workspace-customer.example.com')).toEqual({
      kind: 'mx',
      hosts: ['aspmx.l.google.com', 'alt1.aspmx.l.google.com', 'aspmx2.googlemail.com'],
    });
  });

  it('tells a missing domain from one without MX, and treats a null MX as none', async () => {
    expect(await mx('nxdomain.example.com')).toEqual({ kind: 'no-domain' });
    expect(await mx('no-mx.example.com')).toEqual({ kind: 'no-mx' });
    expect(await mx('null-mx.example.com')).toEqual({ kind: 'no-mx' });
  });

  it('fails with DnsFailure on SERVFAIL', async () => {
    await expect(mx('dns-servfail.example.com')).rejects.toBeInstanceOf(DnsFailure);
  });
});

describe('TXT queries against a real DNS server on loopback', () => {
  const txt = (name: string) => ask((queries) => queries.txt(name));

  it('joins a record’s character-strings without a separator, as SPF reads them (RFC 7208 §3.3)', async () => {
    expect(await txt('proofpoint-m365.example.com')).toEqual([
      'v=spf1 include:spf-00123401.pphosted.com include:spf.protection.outlook.com -all',
      'MS=ms41592653',
      'docusign=1b0a6754-49b1-4db5-8540-d2c12664b289',
    ]);
  });

  it('returns no records for a name that does not exist or has none', async () => {
    expect(await txt('nxdomain.example.com')).toEqual([]);
    expect(await txt('gateway-customer.example.com')).toEqual([]);
  });

  it('fails with DnsFailure on SERVFAIL', async () => {
    await expect(txt('dns-servfail.example.com')).rejects.toBeInstanceOf(DnsFailure);
  });
});

describe('the deadline of a lookup', () => {
  // c-ares's own timers are native; only the lookup's deadline runs on these, so the deadline is what ends
  // a query (c-ares alone would give up after 2 tries of 10 s).
  const TIMEOUT_MS = 10_000;
  const DEADLINE_MS = TIMEOUT_MS * 3;

  it('fails with DnsFailure at its own deadline when the resolver is dead, whatever c-ares does', async () => {
    const silent = await startSilentDnsServer();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const lookup = createMailDns({ servers: [silent.address], timeoutMs: TIMEOUT_MS }).withDeadline(
        (queries) => queries.mx('gmail.com'),
      );
      const failed = expect(lookup).rejects.toThrow(/timed out/);
      await vi.advanceTimersByTimeAsync(DEADLINE_MS);
      await failed;
      await expect(lookup).rejects.toBeInstanceOf(DnsFailure);
    } finally {
      vi.useRealTimers();
      await silent.close();
    }
  });

  it('is one for all its queries: a TXT query asked late has only what is left of it', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const dnsWithLongTimeout = createMailDns({ servers: [dns.address], timeoutMs: TIMEOUT_MS });
      await dnsWithLongTimeout.withDeadline(async (queries) => {
        expect(await queries.mx('txt-timeout.example.com')).toMatchObject({ kind: 'mx' });
        await vi.advanceTimersByTimeAsync(DEADLINE_MS - 1_000);
        const failed = expect(queries.txt('txt-timeout.example.com')).rejects.toThrow(
          'TXT lookup for txt-timeout.example.com timed out',
        );
        await vi.advanceTimersByTimeAsync(1_000);
        await failed;
      });
    } finally {
      vi.useRealTimers();
    }
  });
});
