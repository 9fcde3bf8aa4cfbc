import dns2 from 'dns2';
import { type Failure, type Zone, zoneFor } from '../fixtures/dns-zones.ts';
import { SERVER_CLOSE_MS, within } from './teardown.ts';

const { Packet } = dns2;
/** Present at run time, missing from dns2's type declarations. */
const RCODE = (Packet as unknown as { RCODE: { NXDOMAIN: number; SERVFAIL: number } }).RCODE;

/** The record types the fixture zones hold; a query for any other type gets an empty answer. */
export type RecordType = 'MX' | 'TXT';

export interface DnsFixtureServer {
  /** host:port, the form DNS_SERVERS takes. */
  address: string;
  /** How many queries arrived per name (lower-cased), of every type, to prove what the service asked and how often. */
  queries: Map<string, number>;
  /** How many queries of this type arrived for this name (lower-cased). */
  asked(type: RecordType, name: string): number;
  close(): Promise<void>;
}

export interface DnsFixtureOptions {
  /**
   * Milliseconds to hold each answer (and each SERVFAIL or NXDOMAIN) before sending it, drawn per query: a
   * benchmark's stand-in for a real resolver's round trip. Answers are sent at once without it.
   */
  answerDelayMs?: () => number;
  /** Zones for names the fixture zones lack (the offline demo's catalog domains); asked after them. */
  moreZones?: (name: string) => Zone | undefined;
}

/**
 * A real DNS server on a loopback UDP port answering from the fixture zones: MX and TXT answers (a TXT record
 * as the character-strings the zone gives), NODATA for a type a name lacks, NXDOMAIN for every name it does
 * not know, SERVFAIL or silence where a zone says so.
 */
export async function startDnsFixtureServer({
  answerDelayMs,
  moreZones,
}: DnsFixtureOptions = {}): Promise<DnsFixtureServer> {
  const queries = new Map<string, number>();
  const typed = new Map<string, number>();
  const count = (counts: Map<string, number>, key: string) => counts.set(key, (counts.get(key) ?? 0) + 1);
  let closing: Promise<void> | undefined;

  const server = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      const response = Packet.createResponseFromRequest(request);
      // An answer held past the server's close, or one the socket fails to send, is lost as a UDP packet
      // may be; never an unhandled rejection.
      const answer = () => {
        if (!closing) send(response).catch(() => {});
      };
      const reply = () => {
        const delay = answerDelayMs?.();
        if (delay === undefined) answer();
        else setTimeout(answer, delay);
      };
      const fail = (failure: Failure) => {
        if (failure === 'timeout') return;
        response.header.rcode = RCODE.SERVFAIL;
        reply();
      };
      const [question] = request.questions;
      if (!question) return reply();
      const name = question.name.toLowerCase().replace(/\.$/, '');
      count(queries, name);
      count(typed, `${question.type} ${name}`);
      const zone = zoneFor(name) ?? moreZones?.(name);
      if (!zone) {
        response.header.rcode = RCODE.NXDOMAIN;
        return reply();
      }
      if ('behaviour' in zone) return fail(zone.behaviour);
      if (question.type === Packet.TYPE.MX) {
        for (const [priority, exchange] of zone.mx ?? []) {
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
      if (question.type === Packet.TYPE.TXT) {
        if (typeof zone.txt === 'string') return fail(zone.txt);
        for (const record of zone.txt ?? []) {
          const data = typeof record === 'string' ? record : [...record];
          response.answers.push(
            Packet.createResourceFromQuestion(question, { type: Packet.TYPE.TXT, ttl: 300, data }),
          );
        }
      }
      reply();
    },
  });
  const listening = new Promise<void>((resolve) => server.once('listening', () => resolve()));
  server.listen({ udp: { port: 0, address: '127.0.0.1' } });
  await listening;
  const { udp } = server.addresses() as { udp: { port: number } };
  return {
    address: `127.0.0.1:${udp.port}`,
    queries,
    asked: (type, name) => typed.get(`${Packet.TYPE[type]} ${name}`) ?? 0,
    close() {
      closing ??= within(SERVER_CLOSE_MS, `DNS fixture server on :${udp.port} is still open`, server.close());
      return closing;
    },
  };
}

/** A resolver that receives queries and never answers: a dead DNS server. */
export async function startSilentDnsServer(): Promise<{ address: string; close(): Promise<void> }> {
  const { createSocket } = await import('node:dgram');
  const socket = createSocket('udp4');
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  return {
    address: `127.0.0.1:${socket.address().port}`,
    close: () =>
      within(
        SERVER_CLOSE_MS,
        'silent DNS server is still open',
        new Promise<void>((resolve) => socket.close(() => resolve())),
      ),
  };
}
