import dns, { type LookupAddress, type LookupOptions } from 'node:dns';
import { BlockList, isIP } from 'node:net';

/**
 * Addresses a push is never sent to, whatever a push service's name resolves to: this host, the
 * private networks and cloud metadata behind it (SSRF). IPv4-mapped IPv6 addresses are checked
 * against the IPv4 ranges.
 */
const PRIVATE = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 3], // multicast, reserved, broadcast
] as const)
  PRIVATE.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 96], // unspecified, loopback, IPv4-compatible
  ['64:ff9b::', 96], // NAT64 of any IPv4 address
  ['2002::', 16], // 6to4 of any IPv4 address
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const)
  PRIVATE.addSubnet(network, prefix, 'ipv6');

/** True for an IP address on the public internet. */
export function publicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  return !PRIVATE.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

/** The error of a push refused for its address: its code tells the sender's log why. */
export const PRIVATE_ADDRESS = 'EPUSHPRIVATEADDRESS';

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;
export type Lookup = (hostname: string, options: LookupOptions, callback: LookupCallback) => void;

/**
 * A DNS lookup for the push connections that fails when any address of the name is not public:
 * the check runs on the very addresses the socket then connects to, so a name re-pointed between
 * a check and the connection gains nothing.
 */
export function publicLookup(resolve: Lookup = dns.lookup as Lookup): Lookup {
  return (hostname, options, callback) =>
    resolve(hostname, options, (error, address, family) => {
      if (error) return callback(error, address, family);
      const addresses = Array.isArray(address) ? address.map((a) => a.address) : [address];
      if (addresses.every(publicAddress)) return callback(null, address, family);
      const refused: NodeJS.ErrnoException = new Error('a push service name resolves privately');
      refused.code = PRIVATE_ADDRESS;
      callback(refused, Array.isArray(address) ? [] : '', family);
    });
}
