import { HttpErrorSchema, UserPublicSchema, UsersPublicSchema } from '@backoffice/contracts';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { serializerCompiler } from '../src/http/valibot.js';
import { securityHeaders } from '../src/plugins/security.js';
import { detail, testAppPerSuite } from './support/app.js';

const t = testAppPerSuite({ env: { CORS_ORIGINS: 'https://portal.example.com, https://intranet.example.org/' } });

describe('errors are always {"detail": …} and never a 500 for bad input', () => {
  it('answers unknown routes with a JSON 404', async () => {
    const res = await t.get('/api/v1/nowhere');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Not Found' });
  });

  it('answers malformed JSON with 400', async () => {
    const res = await t.postRaw('users/signup', 'application/json', '{"email": ');
    expect(res.statusCode).toBe(400);
    expect(typeof detail(res)).toBe('string');
  });

  it('answers a wrong content type with 415', async () => {
    const res = await t.postRaw('users/signup', 'text/plain', 'hello');
    expect(res.statusCode).toBe(415);
    expect(detail(res)).toBe('Unsupported Media Type');
  });

  it('answers an oversized body with 413', async () => {
    const res = await t.post('users/signup', undefined, { email: 'big@example.com', password: 'x'.repeat(200_000) });
    expect(res.statusCode).toBe(413);
    expect(detail(res)).toBe('Request body is too large');
  });

  it('answers a missing JSON body with 422 on the body', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/users/signup' });
    expect(res.statusCode).toBe(422);
    expect(detail(res)).toEqual([expect.objectContaining({ loc: ['body'] })]);
  });

  it('answers wrong JSON types with 422 per field', async () => {
    const res = await t.post('users/signup', undefined, { email: 42, password: ['x'], full_name: { a: 1 } });
    expect(res.statusCode).toBe(422);
    expect((detail(res) as { loc: string[] }[]).map((d) => d.loc.join('.'))).toEqual([
      'body.email',
      'body.password',
      'body.full_name',
    ]);
  });

  it('treats a search of broken percent-encoding as text that matches nothing', async () => {
    const res = await t.get(`companies/?search=${'%F0'.repeat(3)}`, t.superuserToken);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ data: [], count: 0 });
  });

  it.each(['limit=1e309', 'skip=1.5', 'limit=%00', 'skip=1&skip=2'])(
    'answers an absurd query (%s) with 4xx',
    async (query) => {
      const res = await t.get(`companies/?${query}`, t.superuserToken);
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    },
  );

  it('answers a path id that is not a UUID with 422 in "path"', async () => {
    const res = await t.get('companies/1%27%20or%201=1', t.superuserToken);
    expect(res.statusCode).toBe(422);
    expect(detail(res)).toEqual([expect.objectContaining({ loc: ['path', 'id'] })]);
  });
});

describe('text that cannot be stored is refused in any field, and nothing is stored', () => {
  const NUL = 'A\u0000B';
  const LONE = 'A\ud800';
  const cnpj = '11.222.333/0001-81';

  async function counts() {
    const users = (await t.get('users/?limit=1', t.superuserToken)).json().count as number;
    const companies = (await t.get('companies/?limit=1', t.superuserToken)).json().count as number;
    return { users, companies };
  }

  it.each([
    [
      'sign-up full_name',
      () => t.post('users/signup', undefined, { email: 'nul@example.com', password: 'password-1', full_name: NUL }),
      ['body', 'full_name'],
    ],
    [
      'admin create full_name',
      () => t.post('users/', t.superuserToken, { email: 'nul2@example.com', password: 'password-1', full_name: NUL }),
      ['body', 'full_name'],
    ],
    [
      'company trading_name',
      () => t.post('companies/', t.superuserToken, { trading_name: NUL, legal_name: 'L', tax_id: cnpj }),
      ['body', 'trading_name'],
    ],
    ['own full_name', () => t.patch('users/me', t.superuserToken, { full_name: NUL }), ['body', 'full_name']],
    ['company search', () => t.get('companies/?search=%00', t.superuserToken), ['query', 'search']],
    [
      'an unknown key',
      () => t.post('companies/', t.superuserToken, { trading_name: 'T', legal_name: 'L', tax_id: cnpj, 'x\u0000': 1 }),
      ['body', 'x\u0000'],
    ],
  ])('answers 422 naming the field for a NUL in the %s', async (_name, send, loc) => {
    const before = await counts();
    const res = await send();
    expect(res.statusCode).toBe(422);
    expect(detail(res)).toEqual([
      { loc, msg: 'Text cannot contain the NUL character (\\u0000)', type: 'string_nul_character' },
    ]);
    expect(await counts()).toEqual(before);
  });

  it('answers 422 for a NUL in the login form, url-encoded or multipart', async () => {
    const urlEncoded = await t.postRaw(
      'login/access-token',
      'application/x-www-form-urlencoded',
      'username=a%00@b.com&password=x',
    );
    expect(urlEncoded.statusCode).toBe(422);
    expect(detail(urlEncoded)).toEqual([expect.objectContaining({ loc: ['body', 'username'] })]);
  });

  it('refuses a lone surrogate instead of storing U+FFFD', async () => {
    const before = await counts();
    const res = await t.post('companies/', t.superuserToken, { trading_name: LONE, legal_name: 'L', tax_id: cnpj });
    expect(res.statusCode).toBe(422);
    expect(detail(res)).toEqual([
      {
        loc: ['body', 'trading_name'],
        msg: 'Text must be valid Unicode (it contains a lone surrogate)',
        type: 'string_unicode',
      },
    ]);
    expect(await counts()).toEqual(before);
    // A proper pair (an emoji) is ordinary text.
    const emoji = await t.post('companies/', t.superuserToken, {
      trading_name: 'Café \ud83d\ude00',
      legal_name: 'L',
      tax_id: cnpj,
    });
    expect(emoji.statusCode).toBe(200);
    expect(emoji.json().trading_name).toBe('Café 😀');
    await t.del(`companies/${emoji.json().id}`, t.superuserToken);
  });

  it('refuses a body nested deeper than the API reads with 400, before parsing it (it held the server 11–16 s)', async () => {
    const deep = await t.postRaw('users/signup', 'application/json', `${'['.repeat(20_000)}${']'.repeat(20_000)}`);
    expect(deep.statusCode).toBe(400);
    expect(detail(deep)).toBe('Request body is nested deeper than 32 levels');
    // Brackets inside strings are text, not nesting: such a body is read and validated as usual.
    const text = await t.postRaw('users/signup', 'application/json', JSON.stringify({ email: '[['.repeat(100) }));
    expect(text.statusCode).toBe(422);
  });

  it('refuses a body whose bytes are not UTF-8 with 400', async () => {
    const body = Buffer.concat([
      Buffer.from('{"email":"a@b.co","password":"password-1","full_name":"'),
      Buffer.from([0xc3, 0x28]),
      Buffer.from('"}'),
    ]);
    const json = await t.postRaw('users/signup', 'application/json', body);
    expect(json.statusCode).toBe(400);
    expect(detail(json)).toBe('Request body is not valid UTF-8');
    const form = await t.postRaw(
      'login/access-token',
      'application/x-www-form-urlencoded',
      'username=a%C3%28@b.com&password=x',
    );
    expect(form.statusCode).toBe(400);
    expect(typeof detail(form)).toBe('string');
  });
});

describe('validation messages read as a person would write them', () => {
  const messages = (res: { json(): { detail: { loc: (string | number)[]; msg: string }[] } }) =>
    Object.fromEntries(res.json().detail.map((d) => [d.loc.join('.'), d.msg]));

  it("gives a missing field its own schema's message (the spec's), or FastAPI's Field required", async () => {
    const company = await t.post('companies/', t.superuserToken, {});
    expect(company.statusCode).toBe(422);
    expect(messages(company)).toEqual({
      'body.trading_name': 'Nome Fantasia é obrigatório',
      'body.legal_name': 'Razão Social é obrigatória',
      'body.tax_id': 'CNPJ é obrigatório',
    });
    const signup = await t.post('users/signup', undefined, {});
    expect(messages(signup)).toEqual({ 'body.email': 'Email is required', 'body.password': 'Password is required' });
    const change = await t.patch('users/me/password', t.superuserToken, {});
    expect(messages(change)).toEqual({
      'body.current_password': 'Field required',
      'body.new_password': 'Password is required',
      'body.confirm_password': 'Field required',
    });
  });

  it.each([
    ['companies/?limit=abc', { 'query.limit': 'Input should be a valid integer' }],
    ['companies/?skip=1&skip=2', { 'query.skip': 'Input should be a valid integer' }],
    [`companies/?search=${'a'.repeat(101)}`, { 'query.search': 'Search must be at most 100 characters' }],
  ])('answers %s with one plain message per field', async (url, expected) => {
    expect(messages(await t.get(url, t.superuserToken))).toEqual(expected);
  });

  it('words wrong types plainly', async () => {
    const res = await t.patch('companies/00000000-0000-4000-8000-000000000000', t.superuserToken, {
      is_active: 'yes',
      type: 5,
    });
    expect(messages(res)).toEqual({
      'body.is_active': 'Input should be a valid boolean',
      'body.type': 'Tipo deve ser matriz ou filial',
    });
    const notAnObject = await t.postRaw('users/signup', 'application/json', 'null');
    expect(messages(notAnObject)).toEqual({ body: 'Input should be an object' });
  });

  it("never shows the validation library's own English", async () => {
    for (const res of [
      await t.post('companies/', t.superuserToken, { trading_name: 1, legal_name: [], tax_id: {} }),
      await t.post('users/', t.superuserToken, { email: null, password: false, is_superuser: 'no', full_name: 7 }),
      await t.postRaw(
        'login/access-token',
        'application/x-www-form-urlencoded',
        'username=&grant_type=client_credentials',
      ),
    ]) {
      expect(res.statusCode).toBe(422);
      for (const item of res.json().detail) expect(item.msg).not.toMatch(/Invalid \w+: |but received/);
    }
  });
});

describe('Fastify\'s and Node\'s own refusals keep the {"detail"} shape', () => {
  it('answers a path parameter over the length limit with 414', async () => {
    const res = await t.post(`password-recovery/${'a'.repeat(2000)}@example.com`);
    expect(res.statusCode).toBe(414);
    expect(res.json()).toEqual({ detail: 'A path parameter is too long' });
  });

  it('answers broken percent-encoding in a path parameter with 400', async () => {
    const res = await t.post('password-recovery/%E0%A4%A@example.com');
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json())).toEqual(['detail']);
  });

  it('answers headers over the size limit with 431 (a real socket: Node refuses them itself)', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const res = await fetch(`${address}/api/v1/utils/health-check/`, { headers: { 'x-big': 'a'.repeat(20_000) } });
      expect(res.status).toBe(431);
      expect(await res.json()).toEqual({ detail: 'Request headers are too large' });
    } finally {
      await t.app.server.close();
    }
  });
});

describe('security headers and CORS', () => {
  it('sends security headers', async () => {
    const res = await t.get('utils/health-check/');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-frame-options']).toBe('DENY');
  });

  it('sends all of them on every kind of answer: data, 404, validation error, unauthenticated, API docs', async () => {
    const answers = [
      await t.get('companies/?limit=1', t.superuserToken),
      await t.get('/api/v1/nowhere'),
      await t.get('companies/?limit=nope', t.superuserToken),
      await t.get('users/me'),
      await t.get('/api/v1/openapi.json'),
    ];
    expect(answers.map((res) => res.statusCode)).toEqual([200, 404, 422, 401, 200]);
    for (const res of answers) expect(res.headers).toMatchObject(securityHeaders({ httpsOnly: false }));
  });

  it('allows only the configured origins', async () => {
    const preflight = (origin: string) =>
      t.app.inject({
        method: 'OPTIONS',
        url: '/api/v1/companies/',
        headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
      });
    const allowed = await preflight('https://portal.example.com');
    expect(allowed.headers['access-control-allow-origin']).toBe('https://portal.example.com');
    expect(String(allowed.headers['access-control-allow-headers']).toLowerCase()).toContain('authorization');
    expect((await preflight('https://intranet.example.org')).headers['access-control-allow-origin']).toBe(
      'https://intranet.example.org',
    );
    expect((await preflight('https://evil.example.net')).headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('utilities and documentation', () => {
  it('reports health from the database', async () => {
    const res = await t.get('utils/health-check/');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toBe(true);
  });

  it('publishes an OpenAPI document generated from the route schemas', async () => {
    const res = await t.get('/api/v1/openapi.json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    const paths = Object.keys(doc.paths);
    for (const path of [
      '/api/v1/login/access-token',
      '/api/v1/password-recovery/{email}',
      '/api/v1/reset-password/',
      '/api/v1/password-recovery-html-content/{email}',
      '/api/v1/users/',
      '/api/v1/users/me',
      '/api/v1/users/me/password',
      '/api/v1/users/signup',
      '/api/v1/users/{id}',
      '/api/v1/companies/',
      '/api/v1/companies/paginated',
      '/api/v1/companies/active',
      '/api/v1/companies/{id}',
      '/api/v1/companies/{id}/history',
      '/api/v1/companies/{id}/restore',
      '/api/v1/companies/{id}/related',
      '/api/v1/companies/bulk',
      '/api/v1/companies/import/preview',
      '/api/v1/companies/import',
      '/api/v1/companies/import/rejected.csv',
      '/api/v1/users/{id}/history',
      '/api/v1/audit-events',
      '/api/v1/utils/health-check/',
    ]) {
      expect(paths).toContain(path);
    }
    const create = doc.paths['/api/v1/companies/'].post;
    const body = create.requestBody.content['application/json'].schema;
    expect(body.required).toEqual(['trading_name', 'legal_name', 'tax_id']);
    expect(doc.paths['/api/v1/companies/'].get.description).toContain('newest first');
    expect(JSON.stringify(doc)).not.toContain('hashed_password');
  });

  it('serves an API reference page at /docs', async () => {
    const res = await t.get('/docs/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
  });
});

describe('answers are written through their schema', () => {
  const write = serializerCompiler({ schema: UserPublicSchema, method: 'GET', url: '/users/me', httpStatus: '200' });
  const user = {
    id: '8d0f6a4e-2b1c-4c3d-9e5f-0a1b2c3d4e5f',
    email: 'ana@example.com',
    full_name: null,
    is_active: true,
    is_superuser: false,
    created_at: '2026-11-23T10:00:00.000Z',
  };

  it('leaves out every key the schema does not name, at any depth', () => {
    const written = JSON.parse(write({ ...user, hashed_password: '$argon2id$…', token_version: 3 }));
    expect(written).toEqual(user);
    const writePage = serializerCompiler({
      schema: UsersPublicSchema,
      method: 'GET',
      url: '/users/',
      httpStatus: '200',
    });
    const page = { data: [{ ...user, hashed_password: 'h' }], count: 1, total: 1 };
    expect(JSON.parse(writePage(page))).toEqual({ data: [user], count: 1 });
  });

  it('refuses an answer that does not fit instead of sending it: a key missing, an object under a plain key', () => {
    const { email: _email, ...partial } = user;
    expect(() => write(partial)).toThrow(/email/);
    expect(() => write({ ...user, full_name: undefined })).toThrow(/full_name/);
    expect(() => write(null)).toThrow(/not an object/);
    // Under a named key, a plain value only: a row returned by mistake cannot ride along.
    expect(() => write({ ...user, email: { email: user.email, hashed_password: 'h' } })).toThrow(/email/);
  });

  it('keeps null where the schema allows it, and leaves an optional key out when it is missing', () => {
    expect(JSON.parse(write(user)).full_name).toBeNull();
    const nested = v.object({ note: v.optional(v.string()), owner: v.nullable(v.object({ id: v.string() })) });
    const writeNested = serializerCompiler({ schema: nested, method: 'GET', url: '/', httpStatus: '200' });
    expect(writeNested({ owner: null, extra: 1 })).toBe('{"owner":null}');
    expect(writeNested({ note: 'x', owner: { id: 'a', hashed_password: 'h' } })).toBe(
      '{"note":"x","owner":{"id":"a"}}',
    );
    const writeError = serializerCompiler({ schema: HttpErrorSchema, method: 'GET', url: '/', httpStatus: '422' });
    const problem = { loc: ['body', 'email'], msg: 'Field required', type: 'missing', input: 'secret' };
    // A union (the error answers) goes through valibot: each of its shapes keeps only its own keys.
    expect(JSON.parse(writeError({ detail: [problem] }))).toEqual({ detail: [{ ...problem, input: undefined }] });
    expect(JSON.parse(writeError({ detail: 'Não encontrado', stack: 'at …' }))).toEqual({ detail: 'Não encontrado' });
  });
});
