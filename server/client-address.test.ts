import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { createClientAddress, limitedAddress, parseTrustedProxies } from './client-address.ts';

function request(peer: string, forwardedFor?: string): IncomingMessage {
  return {
    socket: { remoteAddress: peer },
    headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
  } as unknown as IncomingMessage;
}

describe('the client address a per-address limit counts', () => {
  it('counts IPv4 as it is, and unwraps IPv4 mapped into IPv6', () => {
    expect(limitedAddress('203.0.113.7')).toBe('203.0.113.7');
    expect(limitedAddress('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts IPv6 by its /64, however it is written', () => {
    expect(limitedAddress('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(limitedAddress('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(limitedAddress('2001:0db8:0001:0002:0:0:0:9')).toBe('2001:db8:1:2::/64');
    expect(limitedAddress('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(limitedAddress('1::2:3:4:5:6:7')).toBe('1:0:2:3::/64');
    expect(limitedAddress('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });

  it('ignores X-Forwarded-For from a peer that is not a trusted proxy', () => {
    const clientAddress = createClientAddress(parseTrustedProxies([]));
    expect(clientAddress(request('198.51.100.1', '203.0.113.7'))).toBe('198.51.100.1');
  });

  it('behind trusted proxies, takes the last address no trusted proxy wrote', () => {
    const clientAddress = createClientAddress(parseTrustedProxies(['10.0.0.0/8', '192.0.2.1']));
    expect(clientAddress(request('10.0.0.5', '203.0.113.7'))).toBe('203.0.113.7');
    // The client wrote the first entry itself; the balancer appended what it saw.
    expect(clientAddress(request('10.0.0.5', '1.2.3.4, 203.0.113.7, 192.0.2.1'))).toBe('203.0.113.7');
    expect(clientAddress(request('10.0.0.5', 'not an address'))).toBe('10.0.0.5');
    expect(clientAddress(request('::ffff:10.0.0.5', '2001:db8:1:2::9'))).toBe('2001:db8:1:2::/64');
  });
});
