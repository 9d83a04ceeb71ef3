import { randomInt } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterAll, describe, expect, it } from 'vitest';
import { call, cleanUp, SUPERUSER, scratchDatabase, serverEnv, startServer, TEST_DATABASE_URL } from './support.js';

/**
 * Two instances behind a load balancer (docs/deployment.md): one PostgreSQL database, one
 * SECRET_KEY, rate-limit counters shared through REDIS_URL. Needs both TEST_DATABASE_URL and
 * REDIS_URL.
 */
afterAll(() => cleanUp('two instances'));

const REDIS_URL = process.env.REDIS_URL;
if (!REDIS_URL) console.log('Two-instance test skipped: REDIS_URL is unset.');

describe.skipIf(!TEST_DATABASE_URL || !REDIS_URL)('two instances sharing PostgreSQL and Redis', () => {
  it('share the rate limits and each other’s tokens', async () => {
    const databaseUrl = await scratchDatabase();
    const shared = {
      DATABASE_URL: databaseUrl,
      REDIS_URL: REDIS_URL as string,
      TRUST_PROXY: 'true',
      AUTH_RATE_LIMIT_PER_MINUTE: '5',
    };
    const a = await startServer(await serverEnv('postgres', shared));
    const b = await startServer(await serverEnv('postgres', shared));
    // A client address of this run only, so no other test's counters (same Redis) interfere.
    const client = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
    const attempt = (base: string, i: number) =>
      call(`${base}/api/v1/login/access-token`, {
        method: 'POST',
        headers: { 'x-forwarded-for': client },
        body: new URLSearchParams({ username: `ninguem${i}@example.com`, password: 'wrong-password' }),
      });
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await attempt(i % 2 === 0 ? a.url : b.url, i)).status);
    // Five attempts a minute from one address, counted across both instances.
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429, 429]);

    const issued = await call(`${a.url}/api/v1/login/access-token`, {
      method: 'POST',
      headers: { 'x-forwarded-for': `11.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}` },
      body: new URLSearchParams({ username: SUPERUSER.email, password: SUPERUSER.password }),
    });
    const token = (issued.body as { access_token: string }).access_token;
    const me = await call(`${b.url}/api/v1/users/me`, { token });
    expect(me).toMatchObject({ status: 200, body: { email: SUPERUSER.email } });
  });

  it('refuse a revoked token on the very next request, whichever instance revoked it, and forged tokens on both', async () => {
    const shared = { DATABASE_URL: await scratchDatabase(), REDIS_URL: REDIS_URL as string, TRUST_PROXY: 'true' };
    const a = await startServer(await serverEnv('postgres', shared));
    const b = await startServer(await serverEnv('postgres', shared));
    const login = async (base: string, password: string) => {
      const issued = await call(`${base}/api/v1/login/access-token`, {
        method: 'POST',
        headers: { 'x-forwarded-for': `12.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}` },
        body: new URLSearchParams({ username: SUPERUSER.email, password }),
      });
      expect(issued.status).toBe(200);
      return (issued.body as { access_token: string }).access_token;
    };
    const me = (base: string, token: string) => call(`${base}/api/v1/users/me`, { token });

    const onA = await login(a.url, SUPERUSER.password);
    const onB = await login(b.url, SUPERUSER.password);
    expect((await me(b.url, onA)).status).toBe(200);
    // The password changes on B: A refuses both older tokens on the next request, no cache in between.
    const changed = await call(`${b.url}/api/v1/users/me/password`, {
      method: 'PATCH',
      token: onB,
      json: {
        current_password: SUPERUSER.password,
        new_password: 'changed-password-1',
        confirm_password: 'changed-password-1',
      },
    });
    expect(changed.status).toBe(200);
    for (const token of [onA, onB]) {
      expect((await me(a.url, token)).status).toBe(401);
      expect((await me(b.url, token)).status).toBe(401);
    }
    const fresh = (changed.body as { access_token: string }).access_token;
    expect((await me(a.url, fresh)).status).toBe(200);

    // Forged: the same claims signed with another key, and unsigned (alg none).
    const claims = JSON.parse(Buffer.from(fresh.split('.')[1] as string, 'base64url').toString()) as {
      sub: string;
      ver: number;
      exp: number;
    };
    const otherKey = await new SignJWT({ ver: claims.ver })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.sub)
      .setExpirationTime(claims.exp)
      .sign(new TextEncoder().encode('not-the-instances-key-0123456789-abcdefgh'));
    const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const unsigned = `${part({ alg: 'none', typ: 'JWT' })}.${part(claims)}.`;
    for (const base of [a.url, b.url]) {
      for (const token of [otherKey, unsigned]) expect((await me(base, token)).status).toBe(401);
    }
  });
});
