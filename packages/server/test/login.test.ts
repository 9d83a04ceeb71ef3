import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { detail, SUPERUSER, testAppPerSuite } from './support/app.js';

const t = testAppPerSuite();

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

/** A multipart/form-data body exactly as fetch/FormData (and so browsers) encode it. */
async function multipart(fields: Record<string, string | Blob>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  const encoded = new Request('http://client.test/', { method: 'POST', body: data });
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type') as string },
  };
}

describe('POST /login/access-token takes the OAuth2 form url-encoded or as multipart, with the same answers', () => {
  const cases: [string, Record<string, string>, number, unknown][] = [
    ['right password', { username: SUPERUSER.email, password: SUPERUSER.password }, 200, undefined],
    ['wrong password', { username: SUPERUSER.email, password: 'wrong-password' }, 400, 'Incorrect email or password'],
    [
      'grant_type, scope and client credentials',
      {
        grant_type: 'password',
        username: SUPERUSER.email,
        password: SUPERUSER.password,
        scope: 'read write',
        client_id: 'portal',
        client_secret: 'shh',
      },
      200,
      undefined,
    ],
    [
      'an empty grant_type',
      { grant_type: '', username: SUPERUSER.email, password: SUPERUSER.password },
      200,
      undefined,
    ],
    [
      'another grant_type',
      { grant_type: 'client_credentials', username: SUPERUSER.email, password: SUPERUSER.password },
      422,
      [{ loc: ['body', 'grant_type'], msg: 'grant_type must be "password"', type: 'picklist' }],
    ],
    [
      'no password',
      { username: SUPERUSER.email },
      422,
      [{ loc: ['body', 'password'], msg: 'Field required', type: 'object' }],
    ],
  ];

  it.each(cases)('%s', async (_name, fields, status, expectedDetail) => {
    const answers = [];
    for (const body of [form(fields), await multipart(fields)]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/login/access-token', ...body });
      expect(res.statusCode).toBe(status);
      if (status === 200) expect(res.json()).toEqual({ access_token: expect.any(String), token_type: 'bearer' });
      else expect(detail(res)).toEqual(expectedDetail);
      answers.push(status === 200 ? 'token' : res.body);
    }
    expect(answers[0]).toEqual(answers[1]);
  });

  it('refuses files and malformed multipart bodies with a 4xx in the usual shape', async () => {
    const withFile = await multipart({ username: SUPERUSER.email, password: new Blob(['x'], { type: 'text/plain' }) });
    const file = await t.app.inject({ method: 'POST', url: '/api/v1/login/access-token', ...withFile });
    expect(file.statusCode).toBe(415);
    expect(typeof detail(file)).toBe('string');
    for (const headers of [
      { 'content-type': 'multipart/form-data; boundary=xyz' },
      { 'content-type': 'multipart/form-data' },
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/login/access-token',
        headers,
        payload: 'garbage',
      });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(typeof detail(res)).toBe('string');
    }
  });

  it('refuses a multipart body over the size limit, wherever the bytes are', async () => {
    const { payload, headers } = await multipart({ username: SUPERUSER.email, password: SUPERUSER.password });
    // Text before the first boundary is skipped by the parser: only counting the bytes catches it.
    const padded = Buffer.concat([Buffer.alloc(200 * 1024, 'x'), Buffer.from('\r\n'), payload]);
    for (const declared of [true, false]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/login/access-token',
        headers,
        // A stream carries no content-length: the bytes are counted as they arrive.
        payload: declared ? padded : Readable.from([padded]),
      });
      expect(res.statusCode, `content-length declared: ${declared}`).toBe(413);
      expect(detail(res)).toBe('Request body is too large');
    }
    const ok = await t.app.inject({ method: 'POST', url: '/api/v1/login/access-token', headers, payload });
    expect(ok.statusCode).toBe(200);
  });

  it('takes multipart on the login only', async () => {
    const body = await multipart({ email: 'm@example.com', password: 'password-1' });
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/users/signup', ...body });
    expect(res.statusCode).toBe(415);
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
