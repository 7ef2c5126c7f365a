import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import ipaddr from 'ipaddr.js';

/** TRUST_PROXY: off, how many proxies stand in front, or which addresses are proxies. */
export type TrustProxy = false | number | string[];

/** The trust rule proxy-addr applies, from the same setting Fastify is given. */
export function trustRule(trust: TrustProxy): (address: string, hop: number) => boolean {
  if (trust === false) return () => false;
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return proxyAddr.compile(trust);
}

/**
 * The key every per-address limit counts by: the caller's address as the trusted proxies saw it
 * (the rightmost X-Forwarded-For entry not added by a trusted proxy), with an IPv4-mapped IPv6
 * address as IPv4 and any other IPv6 address as its /64 (one home or phone holds a whole /64).
 */
export function clientAddressOf(trust: TrustProxy): (request: IncomingMessage) => string {
  const rule = trustRule(trust);
  return (request) => {
    if (!request.socket?.remoteAddress) return 'unknown';
    return addressKey(proxyAddr(request, rule));
  };
}

export function addressKey(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const prefix = (parsed as ipaddr.IPv6).parts.slice(0, 4);
  return `${new ipaddr.IPv6([...prefix, 0, 0, 0, 0]).toString()}/64`;
}

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 (::ffff:127.x.y.z). */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.toLowerCase().replace(/^::ffff:/, '');
  return address === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

/** TRUST_PROXY's value: a hop count, or addresses and CIDR ranges (or proxy-addr's names). */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const setting = (value ?? '').trim();
  if (setting === '' || setting === '0' || setting === 'false') return false;
  if (setting === 'true')
    throw new Error(
      'TRUST_PROXY=true would let any caller choose its address: give the number of proxies in front (e.g. 1) or their addresses (e.g. 10.0.0.0/8)',
    );
  if (/^\d+$/.test(setting)) return Number(setting);
  const list = setting
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  try {
    proxyAddr.compile(list);
  } catch (error) {
    throw new Error(`TRUST_PROXY: ${(error as Error).message}`, { cause: error });
  }
  return list;
}
