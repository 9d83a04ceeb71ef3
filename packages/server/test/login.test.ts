import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, detail, SUPERUSER, type TestApp } from './support/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const form = (fields: Record<string, string>) => ({
  payload: new URLSearchParams(fields).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});

describe('POST /login/access-token', () => {
  it('returns a bearer token for the right e-mail and password', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/login/access-token',
      ...form({ username: SUPERUSER.email, password: SUPERUSER.password }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ access_token: expect.any(String), token_type: 'bearer' });
  });

  it('treats the e-mail case-insensitively', async () => {
    const user = await t.createUser({ email: 'Mixed.Case@Example.com'.toLowerCase() });
    await expect(t.login('MIXED.case@example.COM', user.password)).resolves.toEqual(expect.any(String));
  });

  it.each([
    ['a wrong password', SUPERUSER.email, 'wrong-password'],
    ['an unknown e-mail', 'nobody@example.com', 'whatever-password'],
  ])('answers 400 Incorrect email or password for %s', async (_case, username, password) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/login/access-token',
      ...form({ username, password }),
    });
    expect(res.statusCode).toBe(400);
    expect(detail(res)).toBe('Incorrect email or password');
  });

  it('answers 400 Inactive user only once the password is right', async () => {
    const user = await t.createUser({ is_active: false });
    const right = await t.app.inject({
      method: 'POST',
      url: '/api/v1/login/access-token',
      ...form({ username: user.email, password: user.password }),
    });
    expect(right.statusCode).toBe(400);
    expect(detail(right)).toBe('Inactive user');
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/v1/login/access-token',
      ...form({ username: user.email, password: 'not-the-password' }),
    });
    expect(detail(wrong)).toBe('Incorrect email or password');
  });

  it('answers 422 with FastAPI-shaped details when a field is missing', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/login/access-token',
      ...form({ username: 'a@b.co' }),
    });
    expect(res.statusCode).toBe(422);
    expect(detail(res)).toEqual([{ loc: ['body', 'password'], msg: expect.any(String), type: expect.any(String) }]);
  });
});

describe('POST /login/test-token', () => {
  it('returns the user of a valid token, without secrets', async () => {
    const res = await t.post('login/test-token', t.superuserToken);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: expect.any(String),
      email: SUPERUSER.email,
      full_name: null,
      is_active: true,
      is_superuser: true,
      created_at: expect.any(String),
    });
  });

  it('answers 401 with WWW-Authenticate: Bearer without a token', async () => {
    const res = await t.post('login/test-token');
    expect(res.statusCode).toBe(401);
    expect(res.headers['www-authenticate']).toBe('Bearer');
    expect(detail(res)).toBe('Not authenticated');
  });
});
