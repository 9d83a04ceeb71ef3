import { afterEach, describe, expect, it, vi } from 'vitest';
import { waitAfter } from '../src/services/failure-backoff.js';
import { newLinkToken } from '../src/services/link-tokens.js';
import { memoryStore, RateLimiter, redisStore } from '../src/services/rate-limiter.js';
import { createTestApp, detail, type TestApp, testAppPerSuite } from './support/app.js';

const form = (username: string, password: string) => ({
  payload: new URLSearchParams({ username, password }).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});

describe('rate limits on the account endpoints', () => {
  const t = testAppPerSuite({ env: { AUTH_RATE_LIMIT_PER_MINUTE: '5' } });

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

  it('counts an IPv6 client by its /64 (one host holds 2^64 addresses), and an IPv4-mapped one as IPv4', async () => {
    const statuses = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await login(`v6-${i}@example.com`, 'x', `2001:db8:5:6::${i + 1}`)).statusCode);
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    expect((await login('v6@example.com', 'x', '2001:0db8:0005:0006:ffff:1:2:3')).statusCode).toBe(429);
    expect((await login('v6@example.com', 'x', '2001:db8:5:7::1')).statusCode).toBe(400);

    for (let i = 0; i < 5; i++) await login(`v4-${i}@example.com`, 'x', '10.0.0.20');
    expect((await login('v4@example.com', 'x', '::ffff:10.0.0.20')).statusCode).toBe(429);
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

  // A client reads the limit from the API's description as much as from the answer.
  it.each([
    ['/api/v1/reset-password/', '10.5.0.1', { token: 'not-a-link-token', new_password: 'password-123' }],
    ['/api/v1/reset-password/check', '10.5.0.2', { token: 'not-a-link-token' }],
    ['/api/v1/users/email-change/revert', '10.5.0.3', { token: 'not-a-link-token' }],
  ])('limits POST %s per client address, and says so in the API description', async (url, remoteAddress, payload) => {
    const statuses = [];
    for (let i = 0; i < 6; i++) {
      statuses.push((await t.app.inject({ method: 'POST', url, remoteAddress, payload })).statusCode);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    const doc = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json() as {
      paths: Record<string, { post: { responses: Record<string, unknown> } }>;
    };
    expect(Object.keys(doc.paths[url]?.post.responses ?? {})).toContain('429');
  });
});

/**
 * Failed logins slow the one who fails (OWASP authentication cheat sheet): per account and address
 * with a wait that doubles, and per address across accounts. Nobody else is locked out: not the
 * owner at their own address, whatever an attacker does to the account elsewhere.
 */
describe('failed logins: backoff per account and address, per address, never a lock-out of the owner', () => {
  // The per-minute request limit out of the way: what is measured here is the backoff.
  const t = testAppPerSuite({ env: { AUTH_RATE_LIMIT_PER_MINUTE: '100000' } });
  afterEach(() => {
    vi.useRealTimers();
  });

  const login = (username: string, password: string, ip: string) =>
    t.app.inject({ method: 'POST', url: '/api/v1/login/access-token', remoteAddress: ip, ...form(username, password) });
  const statusesOf = async (n: number, username: string, password: string, ip: string) => {
    const statuses: number[] = [];
    for (let i = 0; i < n; i++) statuses.push((await login(username, password, ip)).statusCode);
    return statuses;
  };

  it('the owner logs in from their own address while an attacker hammers the account from another', async () => {
    const owner = await t.createUser({ is_superuser: true });
    // The clock stands still: on a slow machine a 1 s wait could end between two attempts.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const attacker = await statusesOf(30, owner.email, 'wrong-password', '10.20.0.1');
    // The owner, elsewhere, is not locked out ...
    expect((await login(owner.email, owner.password, '10.20.0.2')).statusCode).toBe(200);
    // ... while the attacker has five tries, then a wait before each further one.
    expect(attacker).toEqual([...Array(5).fill(400), ...Array(25).fill(429)]);
    const held = await login(owner.email, 'wrong-password', '10.20.0.1');
    expect(detail(held)).toMatch(/^Too many requests\. Try again in \d+ seconds\.$/);
  });

  it('waits 1 s after the fifth failure at one address, then twice as long after each further one', async () => {
    const user = await t.createUser();
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    expect(await statusesOf(5, user.email, 'wrong-password', '10.21.0.1')).toEqual(Array(5).fill(400));
    for (const seconds of [1, 2, 4, 8, 16]) {
      const held = await login(user.email, user.password, '10.21.0.1');
      expect(held.statusCode).toBe(429);
      expect(held.headers['retry-after']).toBe(String(seconds));
      vi.setSystemTime(Date.now() + seconds * 1000 + 1);
      expect((await login(user.email, 'wrong-password', '10.21.0.1')).statusCode).toBe(400);
    }
    // The wait is over and the right password is in: the account's count at this address starts afresh.
    vi.setSystemTime(Date.now() + 32_001);
    expect((await login(user.email, user.password, '10.21.0.1')).statusCode).toBe(200);
    expect(await statusesOf(5, user.email, 'wrong-password', '10.21.0.1')).toEqual(Array(5).fill(400));
  });

  it('slows wrong current passwords at a password change: a stolen session guesses no faster than a login', async () => {
    const { user, token } = await t.userToken();
    const change = (current: string, ip: string) =>
      t.app.inject({
        method: 'PATCH',
        url: '/api/v1/users/me/password',
        remoteAddress: ip,
        headers: { authorization: `Bearer ${token}` },
        payload: { current_password: current, new_password: 'Nova-senha-123', confirm_password: 'Nova-senha-123' },
      });
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const statuses = [];
    for (let i = 0; i < 8; i++) statuses.push((await change(`guess-${i}`, '10.24.0.1')).statusCode);
    expect(statuses).toEqual([...Array(5).fill(400), ...Array(3).fill(429)]);
    // Held, even with the right password: the guesser learns nothing while waiting.
    expect((await change(user.password, '10.24.0.1')).statusCode).toBe(429);
    // The owner, from their own address, changes it.
    expect((await change(user.password, '10.24.0.2')).statusCode).toBe(200);
  });

  it('never waits more than 15 minutes', () => {
    const rule = { key: 'k', freeFailures: 5, windowMs: 3_600_000, firstWaitMs: 1000, maxWaitMs: 900_000 };
    expect([1, 4, 5, 6, 7, 14, 15, 16, 100, 10_000].map((n) => waitAfter(rule, n))).toEqual([
      0, 0, 1000, 2000, 4000, 512_000, 900_000, 900_000, 900_000, 900_000,
    ]);
  });

  it('a password reset clears the throttling of the account at every address', async () => {
    const owner = await t.createUser();
    expect(await statusesOf(10, owner.email, 'forgot-it', '10.22.0.1')).toEqual([
      ...Array(5).fill(400),
      ...Array(5).fill(429),
    ]);
    const { token, hash } = newLinkToken();
    await t.app.usersRepository.addResetToken(owner.id, hash, new Date(Date.now() + 60_000));
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/v1/reset-password/',
      remoteAddress: '10.22.0.1',
      payload: { token, new_password: 'remembered-now-1' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await login(owner.email, 'remembered-now-1', '10.22.0.1')).statusCode).toBe(200);
  });

  it('slows one address trying many accounts: AUTH_RATE_LIMIT_PER_MINUTE failures an hour, then waits', async () => {
    const app = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_MINUTE: '20' } });
    try {
      const attempt = (i: number, ip = '10.23.0.1') =>
        app.app.inject({
          method: 'POST',
          url: '/api/v1/login/access-token',
          remoteAddress: ip,
          ...form(`ninguem${i}@example.com`, 'guess-1'),
        });
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
      const statuses: number[] = [];
      for (let i = 0; i < 20; i++) statuses.push((await attempt(i)).statusCode);
      expect(statuses).toEqual(Array(20).fill(400));
      // A minute later the per-minute limit has room again, but each further failure waits longer.
      vi.setSystemTime(Date.now() + 61_000);
      expect((await attempt(20)).statusCode).toBe(400);
      const held = await attempt(21);
      expect(held.statusCode).toBe(429);
      expect(held.headers['retry-after']).toBe('2');
      // Another address is not affected.
      expect((await attempt(22, '10.23.0.2')).statusCode).toBe(400);
    } finally {
      await app.close();
    }
    // A database of its own is made in the test: slow on a busy machine.
  }, 120_000);
});

const redisUrl = process.env.REDIS_URL;
describe.skipIf(!redisUrl)('rate limit counters in Redis (REDIS_URL)', () => {
  it('two instances share the login backoff: the attacker is slowed on both, the owner gets in on either', async () => {
    // Two instances of the API on one database, each with its own Redis connection, as behind a load balancer.
    const prefix = `backoffice-test:${Date.now()}:${Math.random()}:`;
    const env = { AUTH_RATE_LIMIT_PER_MINUTE: '100000' };
    const a = await createTestApp({ env, rateLimitStore: redisStore(redisUrl as string, prefix) });
    const b = await createTestApp({
      env,
      rateLimitStore: redisStore(redisUrl as string, prefix),
      database: a.database,
    });
    try {
      const owner = await a.createUser();
      const login = (t: TestApp, password: string, ip: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/login/access-token',
          remoteAddress: ip,
          ...form(owner.email, password),
        });
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++)
        statuses.push((await login(i % 2 ? b : a, 'wrong-password', '10.30.0.1')).statusCode);
      expect(statuses).toEqual([...Array(5).fill(400), ...Array(7).fill(429)]);
      expect((await login(b, owner.password, '10.30.0.2')).statusCode).toBe(200);
      expect((await login(a, owner.password, '10.30.0.3')).statusCode).toBe(200);
    } finally {
      await b.close();
      await a.close();
    }
  });

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
