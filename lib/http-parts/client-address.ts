import { isIP } from 'node:net';

/**
 * The request header server.ts sets on every request to the client's address, overwriting whatever the client sent:
 * the one source of the client address (Next.js keeps a client's own X-Forwarded-For, so that header proves nothing).
 */
export const CLIENT_ADDRESS_HEADER = 'x-tocsin-client-address';

/** What a request without the header (a route called outside server.ts) is throttled as. */
export const UNKNOWN_CLIENT_ADDRESS = 'unknown';

function normalized(address: string | undefined): string | null {
  if (!address) return null;
  const bare = address.trim().replace(/^\[(.*)\]$/, '$1');
  const withoutZone = bare.split('%')[0];
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(withoutZone);
  const plain = mapped ? mapped[1] : withoutZone;
  return isIP(plain) ? plain.toLowerCase() : null;
}

/**
 * The client's address: the socket's peer, or, behind `trustedProxyHops` proxies that each append the address they
 * received from to X-Forwarded-For, the entry that many hops back (the entries before it were written by the client
 * and prove nothing). A missing or malformed entry falls back to the socket's peer.
 */
export function clientAddressOf(
  socketAddress: string | undefined,
  forwardedFor: string | string[] | undefined,
  trustedProxyHops: number,
): string {
  const socket = normalized(socketAddress) ?? UNKNOWN_CLIENT_ADDRESS;
  if (trustedProxyHops === 0 || forwardedFor === undefined) return socket;
  const entries = (Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor)
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0) return socket;
  return normalized(entries[Math.max(0, entries.length - trustedProxyHops)]) ?? socket;
}

/** The eight 16-bit groups of an IPv6 address (an IPv4 tail counts as two). */
function ipv6Groups(address: string): number[] {
  const ipv4Tail = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(address);
  let text = address;
  if (ipv4Tail) {
    const [a, b, c, d] = ipv4Tail.slice(1).map(Number);
    text = `${address.slice(0, ipv4Tail.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::');
  const parse = (part: string | undefined) => (part ? part.split(':').map((group) => parseInt(group, 16)) : []);
  const start = parse(head);
  const end = parse(tail);
  const zeros = tail === undefined ? [] : Array<number>(8 - start.length - end.length).fill(0);
  return [...start, ...zeros, ...end];
}

/**
 * What one client is throttled as: its IPv4 address, or the /64 network of its IPv6 address (one subscriber usually
 * gets a whole /64, so counting single IPv6 addresses would let one client change address at every request).
 */
export function throttleSubjectOf(clientAddress: string): string {
  if (isIP(clientAddress) !== 6) return clientAddress;
  const network = ipv6Groups(clientAddress)
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':');
  return `${network}::/64`;
}
