import type { IncomingMessage } from 'node:http';
import { BlockList, isIP } from 'node:net';

const MAPPED_IPV4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i;

/**
 * The /64 an IPv6 address is in: one subscriber's network is a /64 at least (RFC 6177), and anyone holding
 * one has 2^64 addresses, so per-address limits count the /64.
 */
function ipv6Network(address: string): string {
  const groupsOf = (part: string) =>
    part === '' ? [] : part.split(':').flatMap((group) => (group.includes('.') ? ['0', '0'] : [group]));
  const [head = '', tail] = address.replace(/%.*$/, '').split('::');
  const headGroups = groupsOf(head);
  const tailGroups = tail === undefined ? [] : groupsOf(tail);
  const zeros = tail === undefined ? 0 : 8 - headGroups.length - tailGroups.length;
  const groups = [...headGroups, ...Array<string>(zeros).fill('0'), ...tailGroups];
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}

/** The address a per-address limit counts: IPv4 as it is (mapped ones unwrapped), IPv6 by its /64. */
export function limitedAddress(address: string): string {
  const mapped = MAPPED_IPV4.exec(address);
  if (mapped?.[1]) return mapped[1];
  return isIP(address) === 6 ? ipv6Network(address) : address;
}

/** `10.0.0.0/8`, `fd00::/8` or one address: a proxy whose X-Forwarded-For is believed. */
export function parseTrustedProxies(entries: readonly string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', prefix] = entry.split('/');
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return list;
}

function isTrusted(trusted: BlockList, address: string): boolean {
  const version = isIP(address);
  return version !== 0 && trusted.check(address, version === 6 ? 'ipv6' : 'ipv4');
}

/**
 * Addresses remembered with what they are (the address they count as, whether a trusted proxy): a BlockList
 * check makes SocketAddress objects, and with the normalising it cost 5 % of a cached lookup (CPU profile
 * under autocannon). Cleared when full.
 */
const REMEMBERED_ADDRESSES = 10_000;

/**
 * The longest hop a balancer writes, a bracketed IPv6 address with an IPv4 tail and a port
 * (`[ffff:ffff:ffff:ffff:ffff:ffff:255.255.255.255]:65535`, 55 characters), with room for a zone: longer
 * text is no address, and is not handed to a parser.
 */
const MAX_HOP_LENGTH = 80;
const BRACKETED_IPV6 = /^\[([^\]]+)\](?::\d{1,5})?$/;
const IPV4_WITH_PORT = /^([\d.]+):\d{1,5}$/;

/**
 * The address one X-Forwarded-For hop names, as balancers write it: `198.51.100.7`, `2001:db8::1`,
 * `198.51.100.7:50432` or `[2001:db8::1]:443`; null for anything else.
 */
export function hopAddress(hop: string): string | null {
  const text = hop.trim();
  if (text.length > MAX_HOP_LENGTH) return null;
  if (isIP(text) !== 0) return text;
  const bracketed = BRACKETED_IPV6.exec(text)?.[1];
  if (bracketed !== undefined) return isIP(bracketed) === 6 ? bracketed : null;
  const withPort = IPV4_WITH_PORT.exec(text)?.[1];
  return withPort !== undefined && isIP(withPort) === 4 ? withPort : null;
}

/**
 * Who sent a request, for per-address limits. Behind a load balancer every connection comes from the
 * balancer, so when the peer is a trusted proxy the client is the last address in X-Forwarded-For that no
 * trusted proxy wrote (the ones before it are the client's word, and a client can write anything there). A
 * hop that cannot be read ends the walk at the trusted proxy that wrote it: whatever stands to its left was
 * written by someone else, and a client would write there the address it wants to be counted as.
 */
export function createClientAddress(trustedProxies: BlockList) {
  const addresses = new Map<string, { limited: string; trusted: boolean }>();
  const known = (address: string) => {
    let entry = addresses.get(address);
    if (!entry) {
      if (addresses.size >= REMEMBERED_ADDRESSES) addresses.clear();
      entry = { limited: limitedAddress(address), trusted: isTrusted(trustedProxies, address) };
      addresses.set(address, entry);
    }
    return entry;
  };
  return (request: IncomingMessage): string => {
    let client = known(request.socket.remoteAddress ?? '');
    if (!client.trusted) return client.limited;
    const forwarded = request.headers['x-forwarded-for'];
    const header = Array.isArray(forwarded) ? forwarded.join(',') : (forwarded ?? '');
    // From the right, one hop at a time: only the hops walked are read, however long the header.
    for (let end = header.length; end >= 0 && client.trusted; ) {
      const start = header.lastIndexOf(',', end - 1) + 1;
      const address = hopAddress(header.slice(start, end));
      if (address === null) break;
      client = known(address);
      end = start - 1;
    }
    return client.limited;
  };
}
