import { isIP } from 'node:net';
import type { FastifyServerOptions } from 'fastify';

/**
 * Which peers may tell the client's address in `X-Forwarded-For` (TRUST_PROXY): none, the nearest
 * `hops` peers whoever they are, or the peers at these addresses (IPs, CIDR ranges, or
 * `loopback` / `linklocal` / `uniquelocal`).
 */
export type TrustProxy = false | { hops: number } | { addresses: string[] };

/** Enough for any real chain (CDN, load balancer, ingress, sidecar); more is a typo. */
export const MAX_PROXY_HOPS = 10;
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** A TRUST_PROXY entry proxy-addr understands: an IP, a CIDR range with a prefix in range, or a named range. */
function isProxyAddress(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [ip, prefix, ...rest] = entry.split('/');
  const family = isIP(ip ?? '');
  if (!family || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * What the rate limits count a client by: its address, but an IPv6 client by its /64 — the block one
 * subscriber or host is given, within which it picks addresses at will — and an IPv4-mapped IPv6
 * address (`::ffff:10.0.0.1`, a dual-stack socket's IPv4 client) as the IPv4 address it is.
 */
export function rateLimitAddress(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped) return mapped[1] as string;
  const address = ip.split('%', 1)[0] as string;
  if (isIP(address) !== 6) return ip;
  // A trailing dotted IPv4 part stands for two groups; `::` for as many zero groups as are missing.
  const groups = (text: string) => (text ? text.replace(/\d+\.\d+\.\d+\.\d+$/, '0:0').split(':') : []);
  const [head = '', tail] = address.split('::');
  const front = groups(head);
  const back = tail === undefined ? [] : groups(tail);
  const all = [...front, ...Array(8 - front.length - back.length).fill('0'), ...back];
  return `${all
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}

/**
 * TRUST_PROXY as written: `false`/`0` (the default: the peer is the client), `true` (one proxy: it
 * is the same as `1`, so a client can no longer pick its address by writing the header itself), a
 * number of proxies, or a comma-separated list of the proxies' addresses. `undefined` when the text
 * is none of these.
 */
export function parseTrustProxy(raw: string): TrustProxy | undefined {
  const value = raw.trim().toLowerCase();
  if (['', 'false', 'no', 'off', '0'].includes(value)) return false;
  if (['true', 'yes', 'on'].includes(value)) return { hops: 1 };
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return hops <= MAX_PROXY_HOPS ? { hops } : undefined;
  }
  const addresses = value.split(',').map((entry) => entry.trim());
  return addresses.every(isProxyAddress) ? { addresses } : undefined;
}

/**
 * Fastify's `trustProxy` for the setting. The client address is then the first one, from the right
 * of `X-Forwarded-For`, that a trusted proxy did not write: each proxy appends the address of the
 * peer it got the request from, so everything left of that is what the client wrote itself.
 * A hop count is a function, not Fastify's own number: Fastify 5 ignores `X-Forwarded-For`
 * altogether for a number (it cannot check the peer), which would make every client behind the
 * load balancer one address. A hop count trusts the nearest peers whatever their address, so the
 * server must be reachable only through the proxies (docs/deployment.md).
 */
export function trustProxyOption(setting: TrustProxy): NonNullable<FastifyServerOptions['trustProxy']> {
  if (!setting) return false;
  if ('hops' in setting) {
    const { hops } = setting;
    return (_address: string, hop: number) => hop < hops;
  }
  return setting.addresses;
}
