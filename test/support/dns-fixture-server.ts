import dns2 from 'dns2';
import { zoneFor } from '../fixtures/dns-zones.ts';

const { Packet } = dns2;
/** Present at run time, missing from dns2's type declarations. */
const RCODE = (Packet as unknown as { RCODE: { NXDOMAIN: number; SERVFAIL: number } }).RCODE;

export interface DnsFixtureServer {
  /** host:port, the form DNS_SERVERS takes. */
  address: string;
  /** How many queries arrived per name (lower-cased), to prove what the service asked and how often. */
  queries: Map<string, number>;
  close(): Promise<void>;
}

/**
 * A real DNS server on a loopback UDP port answering from the fixture zones: MX answers, NODATA for a
 * name without MX, NXDOMAIN for every name it does not know, SERVFAIL or silence where a zone says so.
 */
export async function startDnsFixtureServer(): Promise<DnsFixtureServer> {
  const queries = new Map<string, number>();
  const server = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      const response = Packet.createResponseFromRequest(request);
      const [question] = request.questions;
      if (!question) return send(response);
      const name = question.name.toLowerCase().replace(/\.$/, '');
      queries.set(name, (queries.get(name) ?? 0) + 1);
      const zone = zoneFor(name);
      if (!zone) {
        response.header.rcode = RCODE.NXDOMAIN;
        return send(response);
      }
      if ('behaviour' in zone) {
        if (zone.behaviour === 'timeout') return;
        response.header.rcode = RCODE.SERVFAIL;
        return send(response);
      }
      if ('mx' in zone && question.type === Packet.TYPE.MX) {
        for (const [priority, exchange] of zone.mx) {
          response.answers.push(
            Packet.createResourceFromQuestion(question, {
              type: Packet.TYPE.MX,
              ttl: 300,
              priority,
              exchange,
            }),
          );
        }
      }
      send(response);
    },
  });
  const listening = new Promise<void>((resolve) => server.once('listening', () => resolve()));
  server.listen({ udp: { port: 0, address: '127.0.0.1' } });
  await listening;
  const { udp } = server.addresses() as { udp: { port: number } };
  return {
    address: `127.0.0.1:${udp.port}`,
    queries,
    close: () => server.close(),
  };
}

/** A resolver that receives queries and never answers: a dead DNS server. */
export async function startSilentDnsServer(): Promise<{ address: string; close(): Promise<void> }> {
  const { createSocket } = await import('node:dgram');
  const socket = createSocket('udp4');
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  return {
    address: `127.0.0.1:${socket.address().port}`,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
