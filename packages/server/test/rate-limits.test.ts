import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryStore, RateLimiter, redisStore } from '../src/services/rate-limiter.js';
import { createTestApp, detail, type TestApp } from './support/app.js';

const form = (username: string, password: string) => ({
  payload: new URLSearchParams({ username, password }).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});

describe('rate limits on the account endpoints', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_MINUTE: '5' } });
  });
  afterAll(() => t.close());

  const login = (username: string, password: string, ip = '10.0.0.1') =>
    t.app.inject({ method: 'POST', url: '/api/v1/login/access-token', remoteAddress: ip, ...form(username, password) });

  it('limits login attempts per client address, with Retry-After', async () => {
    const statuses = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await login(`nobody${i}@example.com`, 'wrong-password', '10.0.0.9')).statusCode);
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    const limited = await login('someone@example.com', 'whatever', '10.0.0.9');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(detail(limited)).toMatch(/^Too many requests/);
    // Another client is not affected.
    expect((await login('someone@example.com', 'whatever', '10.0.0.10')).statusCode).toBe(400);
  });

  it('limits failed logins per account across addresses, and the right password waits too', async () => {
    const user = await t.createUser();
    for (let i = 0; i < 10; i++) {
      expect((await login(user.email, 'wrong-password', `10.1.0.${i}`)).statusCode).toBe(400);
    }
    const locked = await login(user.email, user.password, '10.1.0.200');
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(60);
  });

  it('clears the failure count of an account after a successful login', async () => {
    const user = await t.createUser();
    for (let i = 0; i < 9; i++) await login(user.email, 'wrong-password', `10.2.0.${i}`);
    expect((await login(user.email, user.password, '10.2.1.1')).statusCode).toBe(200);
    for (let i = 0; i < 9; i++) await login(user.email, 'wrong-password', `10.2.2.${i}`);
    expect((await login(user.email, user.password, '10.2.3.1')).statusCode).toBe(200);
  });

  it('limits recovery e-mails per address, answering the same for unknown addresses', async () => {
    const ask = (email: string, i: number) =>
      t.app.inject({ method: 'POST', url: `/api/v1/password-recovery/${email}`, remoteAddress: `10.3.0.${i}` });
    for (const email of ['ghost@example.com', (await t.createUser()).email]) {
      const statuses = [];
      for (let i = 0; i < 6; i++) statuses.push((await ask(email, i)).statusCode);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    }
  });

  it('limits sign-ups per client address', async () => {
    const statuses = [];
    for (let i = 0; i < 6; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/users/signup',
        remoteAddress: '10.4.0.1',
        payload: { email: `new${i}@example.com`, password: 'password-123' },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

const redisUrl = process.env.REDIS_URL;
describe.skipIf(!redisUrl)('rate limit counters in Redis (REDIS_URL)', () => {
  it('shares one window between limiters, as several instances would', async () => {
    const prefix = `backoffice-test:${Date.now()}:${Math.random()}:`;
    const a = new RateLimiter(redisStore(redisUrl as string, prefix));
    const b = new RateLimiter(redisStore(redisUrl as string, prefix));
    const limit = { key: 'login:ip:1.2.3.4', max: 3, windowMs: 5_000 };
    await a.consume(limit);
    await b.consume(limit);
    await a.consume(limit);
    await expect(b.consume(limit)).rejects.toMatchObject({ retryAfterSeconds: expect.any(Number) });
    await b.reset(limit.key);
    await expect(a.consume(limit)).resolves.toBeUndefined();
    await a.store.close();
    await b.store.close();
  });
});

describe('memory store', () => {
  it('opens a new window once the old one is over', async () => {
    const limiter = new RateLimiter(memoryStore());
    const limit = { key: 'k', max: 1, windowMs: 50 };
    await limiter.consume(limit);
    await expect(limiter.consume(limit)).rejects.toThrow(/Too many requests/);
    await new Promise((r) => setTimeout(r, 60));
    await expect(limiter.consume(limit)).resolves.toBeUndefined();
    await limiter.store.close();
  });
});
