import { cnpjCheckDigits } from '@backoffice/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app.js';

/**
 * Who may call what: every endpoint for an anonymous client, an ordinary user, a user who became
 * inactive while holding a token, and a super user. Each cell gets fresh fixtures.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Role = 'anonymous' | 'user' | 'inactive' | 'superuser';
const ROLES: Role[] = ['anonymous', 'user', 'inactive', 'superuser'];

async function actor(role: Role) {
  if (role === 'anonymous') return { token: undefined, user: undefined };
  const { user, token } = await t.userToken({ is_superuser: role === 'superuser' });
  // Deactivated in the database without revoking: the token is valid, the account is not.
  if (role === 'inactive') await t.app.users.update(user.id, { is_active: false }, false);
  return { token, user };
}

let taxIdSeq = 0;
function newTaxId() {
  taxIdSeq++;
  const base = `${String(90_000_000 + taxIdSeq)}0001`;
  return base + cnpjCheckDigits(base);
}

async function company() {
  return t.app.companies.create({
    trading_name: 'Matriz Teste',
    legal_name: 'Teste Ltda',
    tax_id: newTaxId(),
    type: 'matriz',
    is_active: true,
  });
}

interface Call {
  name: string;
  expect: Record<Role, number>;
  run: (token: string | undefined, me: { password: string } | undefined) => Promise<{ statusCode: number }>;
}

const publicCall = (status: number) => ({ anonymous: status, user: status, inactive: status, superuser: status });
const anyUser = (status: number) => ({ anonymous: 401, user: status, inactive: 400, superuser: status });
const superOnly = (status: number) => ({ anonymous: 401, user: 403, inactive: 400, superuser: status });

const calls: Call[] = [
  { name: 'GET /utils/health-check/', expect: publicCall(200), run: (tk) => t.get('utils/health-check/', tk) },
  {
    name: 'POST /users/signup',
    expect: publicCall(200),
    run: (tk) =>
      t.post('users/signup', tk, {
        email: `s${Math.random()}@example.com`.replace('0.', ''),
        password: 'password-123',
      }),
  },
  {
    name: 'POST /password-recovery/{email}',
    expect: publicCall(200),
    run: (tk) => t.post('password-recovery/x@example.com', tk),
  },
  {
    name: 'POST /reset-password/',
    expect: publicCall(400),
    run: (tk) => t.post('reset-password/', tk, { token: 'nope', new_password: 'password-123' }),
  },
  { name: 'POST /login/test-token', expect: anyUser(200), run: (tk) => t.post('login/test-token', tk) },
  { name: 'GET /users/', expect: superOnly(200), run: (tk) => t.get('users/', tk) },
  {
    name: 'POST /users/',
    expect: superOnly(200),
    run: (tk) =>
      t.post('users/', tk, {
        email: `c${Date.now()}${Math.random()}@example.com`.replace('0.', ''),
        password: 'password-123',
      }),
  },
  { name: 'GET /users/me', expect: anyUser(200), run: (tk) => t.get('users/me', tk) },
  { name: 'PATCH /users/me', expect: anyUser(200), run: (tk) => t.patch('users/me', tk, { full_name: 'Nome' }) },
  {
    name: 'PATCH /users/me/password',
    expect: anyUser(200),
    run: (tk, me) =>
      t.patch('users/me/password', tk, {
        current_password: me?.password ?? 'x',
        new_password: 'changed-password-1',
        confirm_password: 'changed-password-1',
      }),
  },
  {
    name: 'DELETE /users/me',
    expect: { anonymous: 401, user: 200, inactive: 400, superuser: 403 },
    run: (tk) => t.del('users/me', tk),
  },
  {
    name: 'GET /users/{id}',
    expect: superOnly(200),
    run: async (tk) => t.get(`users/${(await t.createUser()).id}`, tk),
  },
  {
    name: 'PATCH /users/{id}',
    expect: superOnly(200),
    run: async (tk) => t.patch(`users/${(await t.createUser()).id}`, tk, { full_name: 'x' }),
  },
  {
    name: 'DELETE /users/{id}',
    expect: superOnly(200),
    run: async (tk) => t.del(`users/${(await t.createUser()).id}`, tk),
  },
  {
    name: 'POST /password-recovery-html-content/{email}',
    expect: superOnly(200),
    run: async (tk) => t.post(`password-recovery-html-content/${(await t.createUser()).email}`, tk),
  },
  { name: 'GET /companies/', expect: anyUser(200), run: (tk) => t.get('companies/', tk) },
  { name: 'GET /companies/paginated', expect: anyUser(200), run: (tk) => t.get('companies/paginated', tk) },
  { name: 'GET /companies/active', expect: anyUser(200), run: (tk) => t.get('companies/active', tk) },
  {
    name: 'POST /companies/',
    expect: anyUser(200),
    run: (tk) => t.post('companies/', tk, { trading_name: 'A', legal_name: 'B', tax_id: newTaxId(), type: 'filial' }),
  },
  {
    name: 'GET /companies/{id}',
    expect: anyUser(200),
    run: async (tk) => t.get(`companies/${(await company()).id}`, tk),
  },
  {
    name: 'PATCH /companies/{id}',
    expect: anyUser(200),
    run: async (tk) => t.patch(`companies/${(await company()).id}`, tk, { trading_name: 'Novo' }),
  },
  {
    name: 'DELETE /companies/{id}',
    expect: anyUser(200),
    run: async (tk) => t.del(`companies/${(await company()).id}`, tk),
  },
];

describe('access matrix', () => {
  for (const call of calls) {
    it.each(ROLES)(`${call.name} as %s`, async (role) => {
      const { token, user } = await actor(role);
      const res = await call.run(token, user);
      expect(res.statusCode).toBe(call.expect[role]);
    });
  }
});
