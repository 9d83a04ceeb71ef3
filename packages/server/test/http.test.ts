import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, detail, type TestApp } from './support/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { CORS_ORIGINS: 'https://portal.example.com, https://intranet.example.org/' } });
});
afterAll(() => t.close());

describe('errors are always {"detail": …} and never a 500 for bad input', () => {
  it('answers unknown routes with a JSON 404', async () => {
    const res = await t.get('/api/v1/nowhere');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Not Found' });
  });

  it('answers malformed JSON with 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/signup',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(res.statusCode).toBe(400);
    expect(typeof detail(res)).toBe('string');
  });

  it('answers a wrong content type with 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/signup',
      headers: { 'content-type': 'text/plain' },
      payload: 'hello',
    });
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

describe('security headers and CORS', () => {
  it('sends security headers', async () => {
    const res = await t.get('utils/health-check/');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-frame-options']).toBeDefined();
    expect(res.headers['strict-transport-security']).toBeDefined();
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
