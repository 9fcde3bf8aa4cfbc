import type { IncomingMessage } from 'node:http';
import { describe, it } from 'vitest';
import { expectLinear, expectLinearForAll } from '#test/support/linear-time.ts';
import { createClientAddress, parseTrustedProxies } from './client-address.ts';

/**
 * X-Forwarded-For is the client's own text up to the hops trusted balancers append, and the service reads it
 * on every request behind a balancer: 4× the header may cost at most 6× the time (test/support/linear-time.ts).
 */
const clientAddress = createClientAddress(parseTrustedProxies(['10.0.0.0/8', 'fd00::/8']));
const fromBalancer = (forwardedFor: string) =>
  clientAddress({
    socket: { remoteAddress: '10.0.0.5' },
    headers: { 'x-forwarded-for': forwardedFor },
  } as unknown as IncomingMessage);

/** The header's separators and the pieces of the hops balancers write, trusted ones among them. */
const PIECES = [
  ',',
  ', ',
  ' ',
  '\t',
  ':',
  '::',
  '.',
  '[',
  ']',
  '1',
  'f',
  'x',
  '10.0.0.1',
  '10.0.0.1:80',
  '[fd00::1]:443',
  '203.0.113.7',
];

describe('reading X-Forwarded-For', () => {
  it('costs time linear in the header, whatever it is made of', () => {
    expectLinearForAll(fromBalancer, PIECES);
  });

  it('costs time linear in a chain of trusted balancers, which it walks to the end', () => {
    expectLinear(fromBalancer, '10.0.0.1, ', (hops) => `${hops}10.0.0.9`);
    expectLinear(fromBalancer, '[fd00::7]:443,', (hops) => `203.0.113.7, ${hops}10.0.0.9`);
  });

  it('costs time linear in one long hop', () => {
    expectLinear(fromBalancer, ':', (hop) => `[${hop}]:443`);
    expectLinear(fromBalancer, '1.', (hop) => `${hop}:80`);
  });
});
