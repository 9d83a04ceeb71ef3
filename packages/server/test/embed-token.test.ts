import { apiErrors, cnpjOf, EmbedTokenSchema } from '@backoffice/contracts';
import { SignJWT } from 'jose';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.js';
import { createMailer } from '../src/services/mailer.js';
import { PARTNER_ORIGINS_MAX_AGE_MS, PartnerOrigins } from '../src/services/partner-keys.js';
import { memoryStore } from '../src/services/rate-limiter.js';
import { createTestApp, detail, type TestApp } from './support/app.js';
import { capturedLog } from './support/log.js';

/**
 * A partner portal's server exchanges its key for an embed token, and the embed token is worth the
 * companies endpoints only, from the key's origins, read-only when the key is — until the key is revoked.
 */
let t: TestApp;
const log = capturedLog();
beforeAll(async () => {
  t = await createTestApp({ logger: log.logger });
});
afterAll(() => t.close());

const PORTAL = 'https://portal.example.com';
/** Every secret the file has seen: none may reach the log. */
const secrets: string[] = [];

async function partnerKey(access: 'read' | 'read-write', origins = [PORTAL]) {
  const res = await t.post('partner-keys/', t.superuserToken, { name: `Portal ${access}`, origins, access });
  expect(res.statusCode).toBe(200);
  const created = res.json() as { id: string; key: string; prefix: string };
  secrets.push(created.key);
  return created;
}

function exchange(key: string | undefined, remoteAddress = '127.0.0.1') {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/embed/token',
    remoteAddress,
    headers: key === undefined ? {} : { authorization: `Bearer ${key}` },
  });
}

async function embedToken(key: string): Promise<string> {
  const res = await exchange(key);
  expect(res.statusCode).toBe(200);
  const token = res.json().access_token as string;
  secrets.push(token);
  return token;
}

type Method = 'GET' | 'HEAD' | 'POST' | 'PATCH' | 'DELETE' | 'PUT';

function call(method: Method, url: string, token: string, origin: string | null = PORTAL, payload?: object) {
  return t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}`, ...(origin === null ? {} : { origin }) },
    ...(payload ? { payload } : {}),
  });
}

let taxIdSeq = 0;
function newTaxId() {
  taxIdSeq++;
  return cnpjOf(70_000_000 + taxIdSeq);
}
const newCompany = () => ({ trading_name: 'Loja Parceira', legal_name: 'Loja Parceira Ltda', tax_id: newTaxId() });
const company = () => t.app.companiesRepository.create({ ...newCompany(), type: 'filial', is_active: true });

describe('POST /embed/token', () => {
  it('exchanges a partner key for a short-lived bearer token, never cached', async () => {
    const { key } = await partnerKey('read');
    const res = await exchange(key);
    expect(res.statusCode).toBe(200);
    expect(v.parse(EmbedTokenSchema, res.json())).toEqual({
      access_token: expect.any(String),
      token_type: 'bearer',
      expires_in: 600,
    });
    expect(res.headers['cache-control']).toBe('no-store');
    const [, payload] = res.json().access_token.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    expect(claims.exp - claims.iat).toBe(600);
    expect(claims.access).toBe('read');
    secrets.push(res.json().access_token);
  });

  it('records when a key was last used', async () => {
    const created = await partnerKey('read');
    await exchange(created.key);
    const listed = (await t.get('partner-keys/?limit=100', t.superuserToken)).json().data;
    expect(listed.find((k: { id: string }) => k.id === created.id).last_used_at).toEqual(expect.any(String));
  });

  it('refuses no key, a wrong secret, a key of another shape, a user token and an embed token', async () => {
    const { key, prefix } = await partnerKey('read-write');
    const missing = await exchange(undefined);
    expect(missing.statusCode).toBe(401);
    expect(detail(missing)).toBe(apiErrors.notAuthenticated);
    expect(missing.headers['www-authenticate']).toBe('Bearer');

    const wrongSecret = `${prefix}_${'A'.repeat(43)}`;
    for (const presented of [
      wrongSecret,
      key.slice(0, -1),
      `${key}x`,
      key.replace('bo_pk_', 'bo_dk_'),
      t.superuserToken,
    ]) {
      const res = await exchange(presented);
      expect(res.statusCode, presented).toBe(401);
      expect(detail(res)).toBe(apiErrors.invalidPartnerKey);
    }
    const asEmbedToken = await exchange(await embedToken(key));
    expect(asEmbedToken.statusCode).toBe(403);
    expect(detail(asEmbedToken)).toBe(apiErrors.embedTokenOutOfScope);
  });
});

describe('rate limits of the exchange', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_MINUTE: '3' } });
  });
  afterAll(() => limited.close());

  // 65 exchanges: a loaded machine takes its time.
  it('limits exchanges per partner key (wrong secrets do not count against it) and per client address', {
    timeout: 120_000,
  }, async () => {
    const create = (name: string) =>
      limited.post('partner-keys/', limited.superuserToken, { name, origins: [PORTAL] }).then((r) => r.json());
    const send = (key: string, remoteAddress: string) =>
      limited.app.inject({
        method: 'POST',
        url: '/api/v1/embed/token',
        remoteAddress,
        headers: { authorization: `Bearer ${key}` },
      });
    const a = await create('A');
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await send(`${a.prefix}_${'B'.repeat(43)}`, '10.9.0.1')).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429]);
    // The right key from the limited address waits too; from another address it works at once.
    expect((await send(a.key, '10.9.0.1')).statusCode).toBe(429);
    expect((await send(a.key, '10.9.0.2')).statusCode).toBe(200);

    const b = await create('B');
    const perKey = [];
    for (let i = 0; i < 60; i++) perKey.push((await send(b.key, `10.9.1.${i}`)).statusCode);
    expect(perKey.every((status) => status === 200)).toBe(true);
    const last = await send(b.key, '10.9.2.1');
    expect(last.statusCode).toBe(429);
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('what an embed token may do', () => {
  it('a read-write key: every companies endpoint, from its origin', async () => {
    const token = await embedToken((await partnerKey('read-write')).key);
    const created = await call('POST', '/api/v1/companies/', token, PORTAL, newCompany());
    expect(created.statusCode).toBe(200);
    const id = created.json().id;
    for (const url of [
      '/api/v1/companies/',
      '/api/v1/companies/paginated',
      '/api/v1/companies/active',
      `/api/v1/companies/${id}`,
    ]) {
      expect((await call('GET', url, token)).statusCode, url).toBe(200);
    }
    const exported = await call('GET', '/api/v1/companies/export.csv', token);
    expect(exported.statusCode).toBe(200);
    expect(exported.body).toContain('Loja Parceira');
    expect((await call('PATCH', `/api/v1/companies/${id}`, token, PORTAL, { trading_name: 'Nova' })).statusCode).toBe(
      200,
    );
    expect((await call('DELETE', `/api/v1/companies/${id}`, token)).statusCode).toBe(200);
  });

  it('a read-only key: list, one and export, and never a change (403, nothing changed)', async () => {
    const token = await embedToken((await partnerKey('read')).key);
    const existing = await company();
    for (const url of ['/api/v1/companies/', `/api/v1/companies/${existing.id}`, '/api/v1/companies/export.csv']) {
      expect((await call('GET', url, token)).statusCode, url).toBe(200);
    }
    expect((await call('HEAD', '/api/v1/companies/export.csv', token)).statusCode).toBe(200);
    const refused = [
      await call('POST', '/api/v1/companies/', token, PORTAL, newCompany()),
      await call('PATCH', `/api/v1/companies/${existing.id}`, token, PORTAL, { trading_name: 'Mudou' }),
      await call('DELETE', `/api/v1/companies/${existing.id}`, token),
    ];
    for (const res of refused) {
      expect(res.statusCode).toBe(403);
      expect(detail(res)).toBe(apiErrors.embedTokenReadOnly);
    }
    expect((await t.app.companiesRepository.findById(existing.id))?.trading_name).toBe('Loja Parceira');
  });

  it('a read-only key may export a selection and read the same-root companies, never run a bulk action', async () => {
    const token = await embedToken((await partnerKey('read')).key);
    const existing = await company();
    const exported = await call('POST', '/api/v1/companies/export.csv', token, PORTAL, { ids: [existing.id] });
    expect(exported.statusCode).toBe(200);
    expect(exported.body).toContain('Loja Parceira');
    expect((await call('GET', `/api/v1/companies/${existing.id}/related`, token)).statusCode).toBe(200);
    const bulk = await call('POST', '/api/v1/companies/bulk', token, PORTAL, { action: 'delete', ids: [existing.id] });
    expect(bulk.statusCode).toBe(403);
    expect(detail(bulk)).toBe(apiErrors.embedTokenReadOnly);
    expect(await t.app.companiesRepository.findById(existing.id)).toBeDefined();
  });

  it('no key reaches history, restore or import, which need a person; a change it makes is on record as the key’s', async () => {
    const key = await partnerKey('read-write');
    const token = await embedToken(key.key);
    const existing = await company();
    for (const [method, url] of [
      ['GET', `/api/v1/companies/${existing.id}/history`],
      ['POST', `/api/v1/companies/${existing.id}/restore`],
      ['POST', '/api/v1/companies/import/preview'],
      ['POST', '/api/v1/companies/import'],
      ['POST', '/api/v1/companies/import/rejected.csv'],
    ] as const) {
      const res = await call(method, url, token, PORTAL, method === 'POST' ? {} : undefined);
      expect(res.statusCode, url).toBe(403);
      expect(detail(res)).toBe(apiErrors.notForEmbedTokens);
    }
    const bulk = await call('POST', '/api/v1/companies/bulk', token, PORTAL, {
      action: 'deactivate',
      ids: [existing.id],
    });
    expect(bulk.statusCode).toBe(200);
    const [event] = (await t.get(`companies/${existing.id}/history`, t.superuserToken)).json().data;
    expect(event).toMatchObject({
      action: 'company.updated',
      actor: { type: 'partner', id: key.id, label: 'Portal read-write' },
    });
  });

  it("only from one of its key's origins: none, another or a look-alike is refused with a clear detail", async () => {
    const token = await embedToken((await partnerKey('read-write', [PORTAL, 'http://localhost:5173'])).key);
    expect((await call('GET', '/api/v1/companies/', token, 'http://localhost:5173')).statusCode).toBe(200);
    const none = await call('GET', '/api/v1/companies/', token, null);
    expect(none.statusCode).toBe(403);
    expect(detail(none)).toBe(apiErrors.embedTokenNoOrigin);
    for (const origin of [
      'https://evil.example.net',
      'http://portal.example.com',
      'https://portal.example.com:8443',
      'null',
    ]) {
      const res = await call('GET', '/api/v1/companies/', token, origin);
      expect(res.statusCode, origin).toBe(403);
      expect(detail(res)).toBe(apiErrors.embedTokenOriginRefused);
    }
    // A refused origin changes nothing, whatever the body.
    const before = await t.app.companiesRepository.list({}, 0, 1);
    expect((await call('POST', '/api/v1/companies/', token, 'https://evil.example.net', newCompany())).statusCode).toBe(
      403,
    );
    expect((await t.app.companiesRepository.list({}, 0, 1)).count).toBe(before.count);
  });

  it('every route outside the companies endpoints refuses it, as the OpenAPI document lists them', async () => {
    const token = await embedToken((await partnerKey('read-write')).key);
    const doc = (await t.get('/api/v1/openapi.json')).json() as { paths: Record<string, Record<string, unknown>> };
    const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => ({ path, method: method.toUpperCase() as Method })),
    );
    const others = operations.filter((op) => !op.path.startsWith('/api/v1/companies'));
    // The document holds the whole API: the users, login and utility routes besides the partner ones.
    expect(others.map((op) => `${op.method} ${op.path}`)).toEqual(
      expect.arrayContaining([
        'GET /api/v1/users/me',
        'POST /api/v1/users/signup',
        'POST /api/v1/login/access-token',
        'GET /api/v1/partner-keys/',
        'POST /api/v1/embed/token',
        'GET /api/v1/utils/health-check/',
      ]),
    );
    expect(operations.length - others.length).toBe(16);
    for (const op of others) {
      const url = op.path
        .replace('{id}', '00000000-0000-4000-8000-000000000000')
        .replace('{email}', 'someone@example.com');
      const res = await call(op.method, url, token, PORTAL, op.method === 'GET' ? undefined : {});
      expect(res.statusCode, `${op.method} ${op.path}`).toBe(403);
      expect(detail(res)).toBe(apiErrors.embedTokenOutOfScope);
    }
    // Nor an unknown route or a static file.
    expect((await call('GET', '/api/v1/nowhere', token)).statusCode).toBe(403);
  });

  it('is never a user token, nor a user token an embed token', async () => {
    const token = await embedToken((await partnerKey('read-write')).key);
    expect(await t.app.accessTokens.verify(token)).toBeNull();
    expect(await t.app.embedTokens.verify(t.superuserToken)).toBeNull();
    // An embed token's header and claims, signed with the key of user tokens: a forgery.
    const forged = await new SignJWT({ access: 'read-write' })
      .setProtectedHeader({ alg: 'HS256', typ: 'bo-embed+jwt' })
      .setSubject(JSON.parse(Buffer.from(token.split('.')[1] as string, 'base64url').toString()).sub)
      .setAudience('backoffice-embed')
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode(t.app.config.secretKey));
    const res = await call('GET', '/api/v1/companies/', forged);
    expect(res.statusCode).toBe(401);
    expect(detail(res)).toBe(apiErrors.invalidCredentials);
  });

  it('an expired one is refused', async () => {
    const created = await partnerKey('read-write');
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() - 11 * 60_000 });
    let expired: string;
    try {
      expired = await t.app.embedTokens.issue({ keyId: created.id, access: 'read-write' });
    } finally {
      vi.useRealTimers();
    }
    const res = await call('GET', '/api/v1/companies/', expired);
    expect(res.statusCode).toBe(401);
    expect(res.headers['www-authenticate']).toBe('Bearer');
  });
});

describe('revoking a partner key', () => {
  it('refuses its exchange and its tokens on the very next request, on every instance', async () => {
    const created = await partnerKey('read-write');
    const token = await embedToken(created.key);
    // A second instance of the server on the same database (its own caches, its own process state).
    const other = await buildApp({
      config: t.app.config,
      database: t.database,
      mailer: createMailer(t.config),
      rateLimitStore: memoryStore(),
    });
    try {
      expect(
        (
          await other.inject({
            method: 'GET',
            url: '/api/v1/companies/',
            headers: { authorization: `Bearer ${token}`, origin: PORTAL },
          })
        ).statusCode,
      ).toBe(200);
      expect((await t.post(`partner-keys/${created.id}/revoke`, t.superuserToken)).statusCode).toBe(200);
      for (const app of [t.app, other]) {
        const res = await app.inject({
          method: 'GET',
          url: '/api/v1/companies/',
          headers: { authorization: `Bearer ${token}`, origin: PORTAL },
        });
        expect(res.statusCode).toBe(401);
        expect(JSON.parse(res.body).detail).toBe(apiErrors.invalidCredentials);
        const again = await app.inject({
          method: 'POST',
          url: '/api/v1/embed/token',
          headers: { authorization: `Bearer ${created.key}` },
        });
        expect(again.statusCode).toBe(401);
        expect(JSON.parse(again.body).detail).toBe(apiErrors.invalidPartnerKey);
      }
    } finally {
      await other.close();
    }
  });
});

describe('CORS for partner origins', () => {
  const preflight = (origin: string, url = '/api/v1/companies/') =>
    t.app.inject({
      method: 'OPTIONS',
      url,
      headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization' },
    });

  it("answers the companies endpoints' preflight for an active key's origin, and nothing else", async () => {
    const origin = 'https://cors-portal.example.com';
    expect((await preflight(origin)).headers['access-control-allow-origin']).toBeUndefined();
    const created = await partnerKey('read', [origin]);
    const allowed = await preflight(origin);
    expect(allowed.statusCode).toBe(204);
    expect(allowed.headers['access-control-allow-origin']).toBe(origin);
    expect(String(allowed.headers['access-control-allow-headers']).toLowerCase()).toContain('authorization');
    expect(String(allowed.headers.vary)).toContain('Origin');
    expect(
      (await preflight(origin, '/api/v1/companies/00000000-0000-4000-8000-000000000000')).headers[
        'access-control-allow-origin'
      ],
    ).toBe(origin);
    const token = await embedToken(created.key);
    const list = await call('GET', '/api/v1/companies/', token, origin);
    expect(list.headers['access-control-allow-origin']).toBe(origin);
    // Not the other endpoints, and not another origin.
    for (const url of ['/api/v1/users/me', '/api/v1/embed/token', '/api/v1/partner-keys/', '/api/v1/companiesx']) {
      expect((await preflight(origin, url)).headers['access-control-allow-origin'], url).toBeUndefined();
    }
    expect((await preflight('https://other.example.com')).headers['access-control-allow-origin']).toBeUndefined();

    // Revoked: while a token issued before could live, its embeds may still read the refusal (401)...
    await t.post(`partner-keys/${created.id}/revoke`, t.superuserToken);
    expect((await preflight(origin)).headers['access-control-allow-origin']).toBe(origin);
    const refused = await call('GET', '/api/v1/companies/', token, origin);
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['access-control-allow-origin']).toBe(origin);
    // ...and once no such token can live any more, the origin is no longer allowed.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 10 * 60_000 + 1_000 });
    try {
      t.app.partnerOrigins.invalidate();
      expect((await preflight(origin)).headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      vi.useRealTimers();
      t.app.partnerOrigins.invalidate();
    }
  });

  it('sees a key created on another instance within PARTNER_ORIGINS_MAX_AGE_MS', async () => {
    // This instance's list of partner origins, read once.
    const origins = new PartnerOrigins(t.app.partnerKeys, 10 * 60_000);
    const origin = 'https://elsewhere.example.com';
    expect(await origins.has(origin)).toBe(false);
    // Another instance creates a key: nothing tells this one.
    await t.app.partnerKeys.create({ name: 'Outra', scope: { origins: [origin], access: 'read' }, createdBy: null });
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    try {
      expect(await origins.has(origin)).toBe(false);
      vi.advanceTimersByTime(PARTNER_ORIGINS_MAX_AGE_MS);
      expect(await origins.has(origin)).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('the log', () => {
  it('never holds a partner key or an embed token', () => {
    const text = log.lines.join('');
    expect(text).toContain('/api/v1/embed/token');
    expect(secrets.length).toBeGreaterThan(10);
    for (const secret of secrets) expect(text).not.toContain(secret);
  });
});
