import fs from 'node:fs';
import path from 'node:path';
import { cnpjOf } from '@backoffice/contracts';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM } from '../src/services/audit.js';
import { createTestApp, type TestApp } from './support/app.js';
import { fakeShellBuild, tempDir } from './support/builds.js';

/**
 * Who may call what: every endpoint for an anonymous client, an ordinary user, a user who became
 * inactive while holding a token, a super user, a super user's tokens that must not work (revoked —
 * password changed since —, expired, unsigned `alg: none`, signed with another key), and the
 * credentials that are not a person's: a partner portal's embed tokens (read-only and read-write key),
 * a partner key sent as it is, and a remote's deploy key (of the remote the call is about, and of
 * another). Every request comes from the partner's origin, so only the credential decides. Calls on a
 * user id are made on another user's id and on one's own. Each cell gets fresh fixtures.
 */
let t: TestApp;
let webRoot: string;
beforeAll(async () => {
  // A shell build for the release gate to check an uploaded remote against.
  webRoot = tempDir('backoffice-web-');
  fakeShellBuild(path.join(webRoot, 'shell', 'dist'));
  t = await createTestApp({ env: { WEB_ROOT: webRoot } });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webRoot, { recursive: true, force: true });
});

type Role =
  | 'anonymous'
  | 'user'
  | 'inactive'
  | 'superuser'
  | 'revoked'
  | 'expired'
  | 'alg-none'
  | 'forged'
  | 'embed-read'
  | 'embed-write'
  | 'partner-key'
  | 'deploy-key'
  | 'deploy-key-other';
const ROLES: Role[] = [
  'anonymous',
  'user',
  'inactive',
  'superuser',
  'revoked',
  'expired',
  'alg-none',
  'forged',
  'embed-read',
  'embed-write',
  'partner-key',
  'deploy-key',
  'deploy-key-other',
];
/** The origin of the partner portal every request of the matrix comes from. */
const PORTAL = 'https://portal.example.com';
/** The remote the release calls are about (`auth`): `deploy-key` is its key, `deploy-key-other` another remote's. */
const RELEASED = 'auth';
/** Tokens of a super user that must not work, whatever the endpoint. */
const BAD_TOKENS: Role[] = ['revoked', 'expired', 'alg-none', 'forged'];

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A token with the server's claims (`sub`, `ver`), signed with `key` and expiring at `exp` (seconds). */
function signToken(userId: string, version: number, key: string, exp: number) {
  return new SignJWT({ ver: version })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(userId)
    .setIssuedAt(exp - 3600)
    .setExpirationTime(exp)
    .sign(new TextEncoder().encode(key));
}

async function actor(role: Role) {
  if (role === 'anonymous') return { token: undefined, user: undefined };
  if (role === 'embed-read' || role === 'embed-write' || role === 'partner-key') {
    const access = role === 'embed-write' ? 'read-write' : 'read';
    const { key, secret } = await t.app.partnerKeys.create({
      name: 'Portal',
      scope: { origins: [PORTAL], access },
      createdBy: null,
    });
    if (role === 'partner-key') return { token: secret, user: undefined };
    return { token: await t.app.embedTokens.issue({ keyId: key.id, access }), user: undefined };
  }
  if (role === 'deploy-key' || role === 'deploy-key-other') {
    const remote = role === 'deploy-key' ? RELEASED : 'companies';
    const { secret } = await t.app.deployKeys.create({ name: 'CI', scope: { remote }, createdBy: null });
    return { token: secret, user: undefined };
  }
  const isSuper = role !== 'user' && role !== 'inactive';
  const { user, token } = await t.userToken({ is_superuser: isSuper });
  const now = Math.floor(Date.now() / 1000);
  switch (role) {
    case 'inactive':
      // Deactivated in the database without revoking: the token is valid, the account is not.
      await t.app.usersRepository.update(user.id, { is_active: false }, false);
      return { token, user };
    case 'revoked':
      // A password change bumps the token version: the token in hand is from before it.
      await t.app.usersRepository.update(user.id, {}, true);
      return { token, user };
    case 'expired':
      return { token: await signToken(user.id, user.token_version, t.app.config.secretKey, now - 60), user };
    case 'alg-none':
      return {
        token: `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url({ sub: user.id, ver: user.token_version, exp: now + 3600 })}.`,
        user,
      };
    case 'forged':
      return {
        token: await signToken(user.id, user.token_version, 'another-secret-key-0123456789-abcdef', now + 3600),
        user,
      };
    default:
      return { token, user };
  }
}

let taxIdSeq = 0;
function newTaxId() {
  taxIdSeq++;
  return cnpjOf(90_000_000 + taxIdSeq);
}

async function company() {
  return t.app.companiesRepository.create({
    trading_name: 'Matriz Teste',
    legal_name: 'Teste Ltda',
    tax_id: newTaxId(),
    type: 'matriz',
    is_active: true,
  });
}

function partnerKey() {
  return t.app.partnerKeys.create({ name: 'Portal', scope: { origins: [PORTAL], access: 'read' }, createdBy: null });
}

/** Requests from the partner's origin, with the role's credential as a bearer token. */
function call(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token?: string, payload?: unknown) {
  return t.app.inject({
    method,
    url: `${t.api}/${url}`,
    headers: { origin: PORTAL, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}
const c = {
  get: (url: string, token?: string) => call('GET', url, token),
  post: (url: string, token?: string, payload?: unknown) => call('POST', url, token, payload),
  patch: (url: string, token?: string, payload?: unknown) => call('PATCH', url, token, payload),
  del: (url: string, token?: string) => call('DELETE', url, token),
};

interface Call {
  name: string;
  expect: Record<Role, number>;
  run: (token: string | undefined, me: { id: string; password: string } | undefined) => Promise<{ statusCode: number }>;
}

const rejected = Object.fromEntries(BAD_TOKENS.map((role) => [role, 401])) as Record<Role, number>;
/** Outside the companies endpoints an embed token is refused (403) before anything reads the request. */
const EMBED_OUTSIDE = { 'embed-read': 403, 'embed-write': 403 };
/** Where a person's token is needed, a key is no token (401). */
const NOT_A_PERSON = { ...EMBED_OUTSIDE, 'partner-key': 401, 'deploy-key': 401, 'deploy-key-other': 401 };
/** Public calls ignore the Authorization header altogether, bad tokens and keys included. */
const publicCall = (status: number): Record<Role, number> => ({
  ...(Object.fromEntries(ROLES.map((role) => [role, status])) as Record<Role, number>),
  ...EMBED_OUTSIDE,
});
const anyUser = (status: number): Record<Role, number> => ({
  ...rejected,
  ...NOT_A_PERSON,
  anonymous: 401,
  user: status,
  inactive: 400,
  superuser: status,
});
const superOnly = (status: number): Record<Role, number> => ({ ...anyUser(status), user: 403 });
/** The companies endpoints that take an embed token: reads for both keys, changes for a read-write key. */
const companiesRead = (status: number): Record<Role, number> => ({
  ...anyUser(status),
  'embed-read': status,
  'embed-write': status,
});
const companiesChange = (status: number): Record<Role, number> => ({ ...companiesRead(status), 'embed-read': 403 });
/** The release API on RELEASED: super users, and that remote's deploy key; another remote's key is refused. */
const releaser = (status: number): Record<Role, number> => ({
  ...superOnly(status),
  'deploy-key': status,
  'deploy-key-other': 403,
});

/**
 * `METHOD /users/{id}` as two calls: on another user's id (a user made for the call) and on one's own (a
 * caller that is no user asks for an id nobody has).
 */
function onUserIds(
  method: 'GET' | 'PATCH' | 'DELETE',
  statuses: { another: Record<Role, number>; own: Record<Role, number> },
  send: (url: string, token: string | undefined) => Promise<{ statusCode: number }>,
): Call[] {
  return [
    {
      name: `${method} /users/{id} (another user's id)`,
      expect: statuses.another,
      run: async (tk) => send(`users/${(await t.createUser()).id}`, tk),
    },
    {
      name: `${method} /users/{id} (own id)`,
      expect: statuses.own,
      run: (tk, me) => send(`users/${me?.id ?? '00000000-0000-4000-8000-000000000000'}`, tk),
    },
  ];
}

const calls: Call[] = [
  { name: 'GET /utils/health-check/', expect: publicCall(200), run: (tk) => c.get('utils/health-check/', tk) },
  {
    name: 'POST /users/signup',
    expect: publicCall(200),
    run: (tk) =>
      c.post('users/signup', tk, {
        email: `s${Math.random()}@example.com`.replace('0.', ''),
        password: 'password-123',
      }),
  },
  {
    name: 'POST /password-recovery/{email}',
    expect: publicCall(200),
    // A fresh address each time: five recovery e-mails per address per hour is a limit of its own.
    run: (tk) => c.post(`password-recovery/x${Math.random().toString(36).slice(2, 10)}@example.com`, tk),
  },
  {
    name: 'POST /reset-password/',
    expect: publicCall(400),
    run: (tk) => c.post('reset-password/', tk, { token: 'nope', new_password: 'password-123' }),
  },
  {
    name: 'POST /reset-password/check',
    expect: publicCall(400),
    run: (tk) => c.post('reset-password/check', tk, { token: 'nope' }),
  },
  {
    // The form is the credential: a bearer token sent along neither helps nor hurts.
    name: 'POST /login/access-token',
    expect: publicCall(400),
    run: (tk) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/login/access-token',
        headers: {
          origin: PORTAL,
          'content-type': 'application/x-www-form-urlencoded',
          ...(tk ? { authorization: `Bearer ${tk}` } : {}),
        },
        // A fresh account each time: five failures of one account from one address make it wait.
        payload: new URLSearchParams({
          username: `nobody-${Math.random().toString(36).slice(2, 10)}@example.com`,
          password: 'wrong-password',
        }).toString(),
      }),
  },
  { name: 'POST /login/test-token', expect: anyUser(200), run: (tk) => c.post('login/test-token', tk) },
  { name: 'GET /users/', expect: superOnly(200), run: (tk) => c.get('users/', tk) },
  {
    name: 'POST /users/',
    expect: superOnly(200),
    run: (tk) =>
      c.post('users/', tk, {
        email: `c${Date.now()}${Math.random()}@example.com`.replace('0.', ''),
        password: 'password-123',
      }),
  },
  { name: 'GET /users/me', expect: anyUser(200), run: (tk) => c.get('users/me', tk) },
  { name: 'PATCH /users/me', expect: anyUser(200), run: (tk) => c.patch('users/me', tk, { full_name: 'Nome' }) },
  {
    name: 'PATCH /users/me/password',
    expect: anyUser(200),
    run: (tk, me) =>
      c.patch('users/me/password', tk, {
        current_password: me?.password ?? 'x',
        new_password: 'changed-password-1',
        confirm_password: 'changed-password-1',
      }),
  },
  {
    name: 'DELETE /users/me',
    expect: { ...anyUser(200), superuser: 403 },
    run: (tk) => c.del('users/me', tk),
  },
  ...onUserIds('GET', { another: superOnly(200), own: anyUser(200) }, (url, tk) => c.get(url, tk)),
  ...onUserIds('PATCH', { another: superOnly(200), own: superOnly(200) }, (url, tk) =>
    c.patch(url, tk, { full_name: 'x' }),
  ),
  ...onUserIds('DELETE', { another: superOnly(200), own: superOnly(403) }, (url, tk) => c.del(url, tk)),
  {
    name: 'POST /password-recovery-html-content/{email}',
    expect: superOnly(200),
    run: async (tk) => c.post(`password-recovery-html-content/${(await t.createUser()).email}`, tk),
  },
  { name: 'GET /companies/', expect: companiesRead(200), run: (tk) => c.get('companies/', tk) },
  { name: 'GET /companies/paginated', expect: companiesRead(200), run: (tk) => c.get('companies/paginated', tk) },
  { name: 'GET /companies/active', expect: companiesRead(200), run: (tk) => c.get('companies/active', tk) },
  { name: 'GET /companies/export.csv', expect: companiesRead(200), run: (tk) => c.get('companies/export.csv', tk) },
  {
    name: 'POST /companies/',
    expect: companiesChange(200),
    run: (tk) => c.post('companies/', tk, { trading_name: 'A', legal_name: 'B', tax_id: newTaxId(), type: 'filial' }),
  },
  {
    name: 'GET /companies/{id}',
    expect: companiesRead(200),
    run: async (tk) => c.get(`companies/${(await company()).id}`, tk),
  },
  {
    name: 'PATCH /companies/{id}',
    expect: companiesChange(200),
    run: async (tk) => c.patch(`companies/${(await company()).id}`, tk, { trading_name: 'Novo' }),
  },
  {
    name: 'DELETE /companies/{id}',
    expect: companiesChange(200),
    run: async (tk) => c.del(`companies/${(await company()).id}`, tk),
  },
  {
    name: 'GET /companies/{id}/related',
    expect: companiesRead(200),
    run: async (tk) => c.get(`companies/${(await company()).id}/related`, tk),
  },
  {
    // A person's, not an embed token's (history, restore and import need a person).
    name: 'GET /companies/{id}/history',
    expect: anyUser(200),
    run: async (tk) => c.get(`companies/${(await company()).id}/history`, tk),
  },
  {
    name: 'POST /companies/{id}/restore',
    expect: superOnly(200),
    run: async (tk) => {
      const deleted = await company();
      await t.app.companiesService.delete(SYSTEM, deleted.id);
      return c.post(`companies/${deleted.id}/restore`, tk);
    },
  },
  {
    name: 'POST /companies/bulk',
    expect: companiesChange(200),
    run: async (tk) => c.post('companies/bulk', tk, { action: 'deactivate', ids: [(await company()).id] }),
  },
  {
    // A read, though a POST: a read-only key's token may export a selection.
    name: 'POST /companies/export.csv',
    expect: companiesRead(200),
    run: async (tk) => c.post('companies/export.csv', tk, { ids: [(await company()).id] }),
  },
  ...['import/preview', 'import', 'import/rejected.csv'].map((path) => ({
    name: `POST /companies/${path}`,
    expect: anyUser(200),
    run: (tk: string | undefined) =>
      t.app.inject({
        method: 'POST',
        url: `${t.api}/companies/${path}`,
        headers: { origin: PORTAL, ...(tk ? { authorization: `Bearer ${tk}` } : {}), 'content-type': 'text/csv' },
        payload: `Nome Fantasia;Razão Social;CNPJ;Tipo\r\nA;B;${newTaxId()};Filial\r\n`,
      }),
  })),
  {
    name: 'GET /users/{id}/history',
    expect: superOnly(200),
    run: async (tk) => c.get(`users/${(await t.createUser()).id}/history`, tk),
  },
  { name: 'GET /audit-events', expect: superOnly(200), run: (tk) => c.get('audit-events', tk) },
  { name: 'GET /partner-keys/', expect: superOnly(200), run: (tk) => c.get('partner-keys/', tk) },
  {
    name: 'POST /partner-keys/',
    expect: superOnly(200),
    run: (tk) => c.post('partner-keys/', tk, { name: 'Portal', origins: [PORTAL] }),
  },
  {
    name: 'POST /partner-keys/{id}/revoke',
    expect: superOnly(200),
    run: async (tk) => c.post(`partner-keys/${(await partnerKey()).key.id}/revoke`, tk),
  },
  // Only a partner key opens it: no user's token does, however privileged, nor a deploy key.
  {
    name: 'POST /embed/token',
    expect: { ...publicCall(401), 'partner-key': 200 },
    run: (tk) => c.post('embed/token', tk),
  },
  // Releases: super users, or the remote's own deploy key (a key lists its own remote only).
  { name: 'GET /remotes/', expect: { ...releaser(200), 'deploy-key-other': 200 }, run: (tk) => c.get('remotes/', tk) },
  {
    name: 'GET /remotes/{remote}/releases',
    expect: releaser(200),
    run: (tk) => c.get(`remotes/${RELEASED}/releases`, tk),
  },
  { name: 'GET /remotes/{remote}/events', expect: releaser(200), run: (tk) => c.get(`remotes/${RELEASED}/events`, tk) },
  {
    name: 'POST /remotes/{remote}/releases',
    expect: releaser(201),
    run: (tk) => c.post(`remotes/${RELEASED}/releases`, tk, releaseUpload()),
  },
  {
    name: 'POST /remotes/{remote}/promote',
    expect: releaser(404),
    run: (tk) => c.post(`remotes/${RELEASED}/promote`, tk, { version: '1.0.0' }),
  },
  {
    name: 'POST /remotes/{remote}/canary',
    expect: releaser(404),
    run: (tk) => c.post(`remotes/${RELEASED}/canary`, tk, { version: '1.0.0', percent: 5 }),
  },
  {
    name: 'POST /remotes/promotions',
    expect: releaser(404),
    run: (tk) => c.post('remotes/promotions', tk, { promotions: [{ remote: RELEASED, version: '1.0.0' }] }),
  },
  {
    name: 'DELETE /remotes/{remote}/canary',
    expect: releaser(409),
    run: (tk) => c.del(`remotes/${RELEASED}/canary`, tk),
  },
  {
    name: 'POST /remotes/{remote}/rollback',
    expect: releaser(404),
    run: (tk) => c.post(`remotes/${RELEASED}/rollback`, tk),
  },
  { name: 'GET /deploy-keys/', expect: superOnly(200), run: (tk) => c.get('deploy-keys/', tk) },
  {
    name: 'POST /deploy-keys/',
    expect: superOnly(200),
    run: (tk) => c.post('deploy-keys/', tk, { name: 'CI', remote: 'auth' }),
  },
  {
    name: 'POST /deploy-keys/{id}/revoke',
    expect: superOnly(200),
    run: async (tk) =>
      c.post(
        `deploy-keys/${(await t.app.deployKeys.create({ name: 'CI', scope: { remote: 'auth' }, createdBy: null })).key.id}/revoke`,
        tk,
      ),
  },
  // The token of the link mailed to an old address is the credential; a bearer token changes nothing.
  {
    name: 'POST /users/email-change/revert',
    expect: publicCall(400),
    run: (tk) => c.post('users/email-change/revert', tk, { token: 'not-a-link-token' }),
  },
];

/** A minimal remote build to upload: its manifest and entry (a new build each time: a version is stored once). */
function releaseUpload() {
  const file = (path: string, content: string) => ({ path, content: Buffer.from(content).toString('base64') });
  return {
    files: [
      file(
        'mf-manifest.json',
        JSON.stringify({ name: 'remote_auth', metaData: { remoteEntry: { name: 'remoteEntry.js' } } }),
      ),
      file('remoteEntry.js', `var remote_auth; // ${Math.random()}`),
    ],
  };
}

describe('access matrix', () => {
  it('covers every operation of the API (a new endpoint must be placed in it)', async () => {
    const doc = (await t.get('/api/v1/openapi.json')).json() as { paths: Record<string, Record<string, unknown>> };
    const documented = Object.entries(doc.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path.replace(/^\/api\/v1/, '')}`),
    );
    const covered = new Set(calls.map((call) => call.name.replace(/ \(.*\)$/, '').replace(/\{\w+\}/g, '{id}')));
    const normal = (operation: string) => operation.replace(/\{\w+\}/g, '{id}');
    expect(documented.map(normal).filter((operation) => !covered.has(operation))).toEqual([]);
  });

  for (const call of calls) {
    it.each(ROLES)(`${call.name} as %s`, async (role) => {
      const { token, user } = await actor(role);
      const res = await call.run(token, user);
      expect(res.statusCode).toBe(call.expect[role]);
    });
  }
});
