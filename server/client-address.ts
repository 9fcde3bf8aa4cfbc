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
 * Who sent a request, for per-address limits. Behind a load balancer every connection comes from the
 * balancer, so when the peer is a trusted proxy the client is the last address in X-Forwarded-For that no
 * trusted proxy wrote (the ones before it are the client's word, and a client can write anything there).
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
    const hops = (Array.isArray(forwarded) ? forwarded.join(',') : (forwarded ?? '')).split(',');
    for (let i = hops.length - 1; i >= 0 && client.trusted; i--) {
      const hop = (hops[i] as string).trim();
      if (isIP(hop) !== 0) client = known(hop);
    }
    return client.limited;
  };
}
