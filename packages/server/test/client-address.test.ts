import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';
import { rateLimitAddress } from '../src/http/client-address.js';
import { createTestApp, type TestApp } from './support/app.js';
import { capturedLog } from './support/log.js';

/**
 * The client address the rate limits and the log use, behind real proxies: small HTTP proxies that
 * append their peer's address to X-Forwarded-For, as nginx's `$proxy_add_x_forwarded_for`, HAProxy's
 * `option forwardfor` and cloud load balancers do. Every party binds its own loopback address
 * (127.0.0.0/8), so each hop's address is known and asserted exactly.
 */

interface Proxy {
  url: string;
  close(): Promise<void>;
}

/** An appending proxy to `target`; `localAddress` is the address it connects from. */
async function appendingProxy(target: string, localAddress: string): Promise<Proxy> {
  const server = http.createServer((req, res) => {
    const forwarded = req.headers['x-forwarded-for'];
    const peer = req.socket.remoteAddress as string;
    const upstream = http.request(
      `${target}${req.url}`,
      {
        method: req.method,
        headers: { ...req.headers, 'x-forwarded-for': forwarded ? `${forwarded}, ${peer}` : peer },
        localAddress,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** One request from the client at `from` (a loopback address), with the headers it chooses to send. */
function send(
  base: string,
  path: string,
  options: { from: string; forwardedFor?: string; form?: Record<string, string> },
): Promise<number> {
  const body = options.form ? new URLSearchParams(options.form).toString() : undefined;
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${base}${path}`,
      {
        method: body ? 'POST' : 'GET',
        localAddress: options.from,
        headers: {
          ...(options.forwardedFor ? { 'x-forwarded-for': options.forwardedFor } : {}),
          ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode as number));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

type ServerAt = TestApp & { url: string; lines: string[] };
const apps: ServerAt[] = [];
const proxies: Proxy[] = [];

/** The API listening on 127.0.0.1 with this TRUST_PROXY, on the file's one database, its log captured. */
async function apiWith(trustProxy: string): Promise<ServerAt> {
  const { lines, logger } = capturedLog();
  const t = await createTestApp({
    env: { TRUST_PROXY: trustProxy, AUTH_RATE_LIMIT_PER_MINUTE: '5' },
    logger,
    database: apps[0]?.database,
  });
  const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
  const app = Object.assign(t, { url: address, lines });
  apps.push(app);
  return app;
}

async function proxyTo(target: string, localAddress = '127.0.0.1') {
  const proxy = await appendingProxy(target, localAddress);
  proxies.push(proxy);
  return proxy;
}

/**
 * The client address the API logged for the request to `path` (a 404 that is logged; its query makes it unique). The
 * line is written once the answer has gone, so it may come a moment after the client has it.
 */
function loggedAddress(app: ServerAt, path: string): Promise<string> {
  return vi.waitFor(() => {
    for (const line of app.lines) {
      const entry = JSON.parse(line);
      if (entry.req?.url === path) return entry.req.remoteAddress as string;
    }
    throw new Error(`no log line for ${path}`);
  });
}

afterAll(async () => {
  for (const proxy of proxies) await proxy.close();
  // The first app owns the database the others borrowed: it closes last.
  for (const app of apps.reverse()) await app.close();
});

describe('TRUST_PROXY=true: one proxy in front', () => {
  let api: ServerAt;
  let proxy: Proxy;
  beforeAll(async () => {
    api = await apiWith('true');
    proxy = await proxyTo(api.url);
  });

  it('does not let the client pick its address: 30 wrong logins with forged X-Forwarded-For are limited', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      statuses.push(
        await send(proxy.url, '/api/v1/login/access-token', {
          from: '127.0.0.21',
          forwardedFor: `203.0.113.${i}, 127.0.0.1`,
          form: { username: `ninguem${i}@example.com`, password: 'wrong-password' },
        }),
      );
    }
    // AUTH_RATE_LIMIT_PER_MINUTE=5 from the client's real address, whatever it wrote.
    expect(statuses).toEqual([...Array(5).fill(400), ...Array(25).fill(429)]);
    const path = '/api/v1/probe?client=true';
    expect(await send(proxy.url, path, { from: '127.0.0.21', forwardedFor: '203.0.113.9' })).toBe(404);
    expect(await loggedAddress(api, path)).toBe('127.0.0.21');
  });
});

describe('TRUST_PROXY=2: two proxies in front', () => {
  it('takes the address the first proxy saw', async () => {
    const api = await apiWith('2');
    const inner = await proxyTo(api.url);
    const outer = await proxyTo(inner.url, '127.0.0.31');
    const path = '/api/v1/probe?client=two-hops';
    expect(await send(outer.url, path, { from: '127.0.0.32', forwardedFor: '198.51.100.1, 198.51.100.2' })).toBe(404);
    expect(await loggedAddress(api, path)).toBe('127.0.0.32');
  });
});

describe('TRUST_PROXY=<addresses>: the proxies by address', () => {
  let api: ServerAt;
  beforeAll(async () => {
    api = await apiWith('10.0.0.0/8, 127.0.0.41');
  });

  it('takes the address a listed proxy appended', async () => {
    const proxy = await proxyTo(api.url, '127.0.0.41');
    const path = '/api/v1/probe?client=listed';
    expect(await send(proxy.url, path, { from: '127.0.0.42', forwardedFor: '198.51.100.3' })).toBe(404);
    expect(await loggedAddress(api, path)).toBe('127.0.0.42');
  });

  it('ignores X-Forwarded-For from a peer that is not a listed proxy', async () => {
    const path = '/api/v1/probe?client=direct';
    expect(await send(api.url, path, { from: '127.0.0.43', forwardedFor: '198.51.100.4' })).toBe(404);
    expect(await loggedAddress(api, path)).toBe('127.0.0.43');
    const unlisted = await proxyTo(api.url, '127.0.0.44');
    const viaUnlisted = '/api/v1/probe?client=unlisted';
    expect(await send(unlisted.url, viaUnlisted, { from: '127.0.0.45', forwardedFor: '198.51.100.5' })).toBe(404);
    expect(await loggedAddress(api, viaUnlisted)).toBe('127.0.0.44');
  });
});

describe('TRUST_PROXY parsing', () => {
  it.each([
    ['', false],
    ['false', false],
    ['0', false],
    ['true', { hops: 1 }],
    ['1', { hops: 1 }],
    ['3', { hops: 3 }],
    ['10.0.0.1', { addresses: ['10.0.0.1'] }],
    [' 10.0.0.0/8 , fd00::/8,loopback ', { addresses: ['10.0.0.0/8', 'fd00::/8', 'loopback'] }],
  ])('%j', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it.each(['maybe', '11', '10.0.0.0/33', '10.0.0', '10.0.0.1,,', 'localhost'])('refuses %j', (value) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY must be/);
  });
});

describe('the address rate limits count', () => {
  it.each([
    ['10.0.0.1', '10.0.0.1'],
    ['::ffff:10.0.0.1', '10.0.0.1'],
    ['2001:db8:5:6::1', '2001:db8:5:6::/64'],
    ['2001:0db8:0005:0006:ffff:ffff:ffff:ffff', '2001:db8:5:6::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['64:ff9b::192.0.2.1', '64:ff9b:0:0::/64'],
  ])('%s → %s', (ip, counted) => {
    expect(rateLimitAddress(ip)).toBe(counted);
  });
});
