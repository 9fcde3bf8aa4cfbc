import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { createClientAddress, hopAddress, limitedAddress, parseTrustedProxies } from './client-address.ts';

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

  it('reads a hop written as ip:port or [v6]:port as the address it names', () => {
    const clientAddress = createClientAddress(parseTrustedProxies(['10.0.0.0/8']));
    // The client writes an address to dodge its limit; the balancer appends the one it saw, with a port.
    expect(clientAddress(request('10.0.0.5', '1.2.3.4, 198.51.100.7:50432'))).toBe('198.51.100.7');
    expect(clientAddress(request('10.0.0.5', '1.2.3.4, [2001:db8::1]:443'))).toBe('2001:db8:0:0::/64');
    expect(clientAddress(request('10.0.0.5', '1.2.3.4,[2001:db8:5:6::1]'))).toBe('2001:db8:5:6::/64');
    // A chain of trusted balancers, each writing ports.
    expect(clientAddress(request('10.0.0.5', '1.2.3.4, 203.0.113.7:1234, 10.0.0.9:80'))).toBe('203.0.113.7');
  });

  it('believes nothing a client wrote to the left of a hop it cannot read', () => {
    const clientAddress = createClientAddress(parseTrustedProxies(['10.0.0.0/8']));
    for (const unreadable of [
      'unknown',
      '',
      '_hidden',
      '198.51.100.7:port',
      '[198.51.100.7]:80',
      'x'.repeat(500),
    ])
      expect(clientAddress(request('10.0.0.5', `203.0.113.7, ${unreadable}`)), unreadable).toBe('10.0.0.5');
    // Past a trusted balancer, the one that wrote the unreadable hop is counted.
    expect(clientAddress(request('10.0.0.5', '203.0.113.7, unknown, 10.0.0.9'))).toBe('10.0.0.9');
  });
});

describe('one X-Forwarded-For hop', () => {
  it.each([
    ['198.51.100.7', '198.51.100.7'],
    [' 198.51.100.7:50432 ', '198.51.100.7'],
    ['2001:db8::1', '2001:db8::1'],
    ['[2001:db8::1]', '2001:db8::1'],
    ['[2001:db8::1]:443', '2001:db8::1'],
    ['[::ffff:198.51.100.7]:443', '::ffff:198.51.100.7'],
  ])('reads %j as %s', (hop, address) => {
    expect(hopAddress(hop)).toBe(address);
  });

  it.each([
    'unknown',
    '',
    '198.51.100.7:',
    '198.51.100.7:443:1',
    '198.51.100.256:80',
    '[198.51.100.7]:80',
    '[2001:db8::1]:',
    '[2001:db8::1',
    '2001:db8::1]:443',
    '[[2001:db8::1]]',
    'example.com:80',
  ])('reads nothing from %j', (hop) => {
    expect(hopAddress(hop)).toBeNull();
  });
});
