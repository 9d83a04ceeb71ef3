import { UserPublicSchema } from '@backoffice/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { detail, SUPERUSER, testAppPerSuite } from './support/app.js';

const t = testAppPerSuite();

const newUser = (email: string, extra: Record<string, unknown> = {}) => ({
  email,
  password: 'a-good-password',
  full_name: 'Maria da Silva',
  ...extra,
});

describe('GET /users/', () => {
  it('lists users newest first with the total count, and pages with skip and limit', async () => {
    const a = await t.createUser();
    const b = await t.createUser();
    const res = await t.get('users/?skip=0&limit=2', t.superuserToken);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data.map((u: { id: string }) => u.id)).toEqual([b.id, a.id]);
    expect(body.count).toBeGreaterThanOrEqual(3);
    const next = await t.get('users/?skip=2&limit=100', t.superuserToken);
    expect(next.json().data.map((u: { id: string }) => u.id)).not.toContain(a.id);
    expect(body.data[0]).not.toHaveProperty('hashed_password');
    expect(body.data[0]).not.toHaveProperty('token_version');
    expect(body.data[0]).not.toHaveProperty('total');
    // Each row as GET /users/{id} answers it, with the contract's fields and no others.
    expect(Object.keys(body.data[0])).toEqual(Object.keys(UserPublicSchema.entries));
    expect(body.data[0]).toEqual((await t.get(`users/${b.id}`, t.superuserToken)).json());
    // Every page carries the same total, a page past the end included (it has no row to carry it).
    expect(next.json().count).toBe(body.count);
    const pastTheEnd = await t.get(`users/?skip=${body.count}&limit=5`, t.superuserToken);
    expect(pastTheEnd.json()).toEqual({ data: [], count: body.count });
  });

  it('counts the users of one status with is_active (the dashboard’s "ativos")', async () => {
    const all = (await t.get('users/?limit=1', t.superuserToken)).json().count;
    const inactive = await t.createUser({ is_active: false });
    const active = (await t.get('users/?is_active=true&limit=100', t.superuserToken)).json();
    const inactiveList = (await t.get('users/?is_active=false&limit=100', t.superuserToken)).json();
    expect(active.count + inactiveList.count).toBe(all + 1);
    expect(inactiveList.data.map((u: { id: string }) => u.id)).toContain(inactive.id);
    expect(active.data.every((u: { is_active: boolean }) => u.is_active)).toBe(true);
    expect((await t.get('users/?is_active=maybe', t.superuserToken)).statusCode).toBe(422);
  });

  it.each(['skip=-1', 'limit=0', 'limit=101', 'skip=abc', 'limit=1e99', 'skip=99999999999999999999'])(
    'rejects %s with 422',
    async (query) => {
      const res = await t.get(`users/?${query}`, t.superuserToken);
      expect(res.statusCode).toBe(422);
      expect(Array.isArray(detail(res))).toBe(true);
    },
  );
});

describe('timestamps', () => {
  it('created_at is ISO 8601 in UTC with milliseconds: the instant the database holds', async () => {
    const user = await t.createUser();
    const listed = (await t.get('users/?skip=0&limit=100', t.superuserToken)).json();
    const shown = listed.data.find((u: { id: string }) => u.id === user.id);
    expect(shown.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    const { rows } = (await t.database.db.execute(
      sql`select floor(extract(epoch from created_at) * 1000)::text as ms from users where id = ${user.id}`,
    )) as unknown as { rows: { ms: string }[] };
    expect(new Date(shown.created_at).getTime()).toBe(Number(rows[0]?.ms));
    expect((await t.get(`users/${user.id}`, t.superuserToken)).json().created_at).toBe(shown.created_at);
    expect(user.created_at).toBe(shown.created_at);
  });
});

describe('POST /users/', () => {
  it('creates a user with the given role and status', async () => {
    const res = await t.post(
      'users/',
      t.superuserToken,
      newUser('created@example.com', { is_superuser: true, is_active: false, confirm_password: 'a-good-password' }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: 'created@example.com', is_superuser: true, is_active: false });
  });

  it('stores e-mails lower-cased and refuses a duplicate with the template message', async () => {
    await t.post('users/', t.superuserToken, newUser('Dup@Example.com'));
    const res = await t.post('users/', t.superuserToken, newUser('dup@example.com'));
    expect(res.statusCode).toBe(400);
    expect(detail(res)).toBe('The user with this email already exists in the system.');
  });

  it('checks the password rules and the confirmation', async () => {
    const short = await t.post('users/', t.superuserToken, newUser('short@example.com', { password: '1234567' }));
    expect(short.statusCode).toBe(422);
    expect(detail(short)).toEqual([
      { loc: ['body', 'password'], msg: 'Password must be at least 8 characters', type: 'min_length' },
    ]);
    const mismatch = await t.post(
      'users/',
      t.superuserToken,
      newUser('mismatch@example.com', { confirm_password: 'something-else' }),
    );
    expect(mismatch.statusCode).toBe(422);
    expect(detail(mismatch)).toEqual([expect.objectContaining({ loc: ['body', 'confirm_password'] })]);
    const badEmail = await t.post('users/', t.superuserToken, newUser('not-an-email'));
    expect(detail(badEmail)).toEqual([expect.objectContaining({ msg: 'Endereço de email inválido' })]);
  });
});

describe('/users/me', () => {
  it('returns, updates and deletes the current user', async () => {
    const { user, token } = await t.userToken();
    expect((await t.get('users/me', token)).json()).toMatchObject({ id: user.id, email: user.email });

    const patched = await t.patch('users/me', token, { full_name: 'Novo Nome', email: `NEW-${user.email}` });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ full_name: 'Novo Nome', email: `new-${user.email}` });

    const deleted = await t.del('users/me', token);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ message: 'User deleted successfully' });
    expect((await t.get('users/me', token)).statusCode).toBe(401);
  });

  it('ignores role and status keys on PATCH /users/me (no mass assignment)', async () => {
    const { user, token } = await t.userToken();
    const res = await t.patch('users/me', token, {
      is_superuser: true,
      is_active: false,
      hashed_password: 'x',
      id: 'x',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: user.id, is_superuser: false, is_active: true });
    expect((await t.get('users/me', token)).statusCode).toBe(200);
  });

  it('answers 409 when the new e-mail belongs to someone else', async () => {
    const other = await t.createUser();
    const { token } = await t.userToken();
    const res = await t.patch('users/me', token, { email: other.email });
    expect(res.statusCode).toBe(409);
    expect(detail(res)).toBe('User with this email already exists');
  });

  it('limits the own full name to 30 characters', async () => {
    const { token } = await t.userToken();
    const res = await t.patch('users/me', token, { full_name: 'x'.repeat(31) });
    expect(res.statusCode).toBe(422);
    expect(detail(res)).toEqual([expect.objectContaining({ msg: 'Full Name must be at most 30 characters' })]);
  });

  it('does not let a super user delete themselves', async () => {
    const res = await t.del('users/me', t.superuserToken);
    expect(res.statusCode).toBe(403);
    expect(detail(res)).toBe('Super users are not allowed to delete themselves');
  });
});

describe('PATCH /users/me/password', () => {
  type PasswordChange = { current_password?: string; new_password: string; confirm_password: string };
  /** A new ordinary user sends `change(user)` as its password change (its current password unless it says). */
  async function changeOwnPassword(change: (user: { password: string }) => PasswordChange) {
    const { user, token } = await t.userToken();
    const res = await t.patch('users/me/password', token, { current_password: user.password, ...change(user) });
    return { user, token, res };
  }

  it('changes the password, revokes old tokens and hands this session a new one', async () => {
    const { user, token, res } = await changeOwnPassword(() => ({
      new_password: 'brand-new-password',
      confirm_password: 'brand-new-password',
    }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: 'Password updated successfully',
      access_token: expect.any(String),
      token_type: 'bearer',
    });
    expect((await t.get('users/me', token)).statusCode).toBe(401);
    expect((await t.get('users/me', res.json().access_token)).statusCode).toBe(200);
    await expect(t.login(user.email, user.password)).rejects.toThrow();
    await expect(t.login(user.email, 'brand-new-password')).resolves.toEqual(expect.any(String));
  });

  it.each<[string, (user: { password: string }) => PasswordChange, number, string]>([
    [
      'a wrong current password',
      () => ({
        current_password: 'wrong-password',
        new_password: 'another-password',
        confirm_password: 'another-password',
      }),
      400,
      'Incorrect password',
    ],
    [
      'the same password',
      (user) => ({ new_password: user.password, confirm_password: user.password }),
      400,
      'New password cannot be the same as the current one',
    ],
  ])('refuses %s', async (_name, change, status, message) => {
    const { res } = await changeOwnPassword(change);
    expect(res.statusCode).toBe(status);
    expect(detail(res)).toBe(message);
  });

  it('requires the confirmation to match', async () => {
    const { res } = await changeOwnPassword(() => ({
      new_password: 'another-password',
      confirm_password: 'different-password',
    }));
    expect(res.statusCode).toBe(422);
    expect(detail(res)).toEqual([
      { loc: ['body', 'confirm_password'], msg: 'A senha não confere', type: 'partial_check' },
    ]);
  });
});

describe('POST /users/signup', () => {
  it('creates an active ordinary user whatever role or status is sent', async () => {
    const res = await t.post('users/signup', undefined, {
      email: 'signup@example.com',
      password: 'signup-password',
      full_name: 'Nova Pessoa',
      is_superuser: true,
      is_active: false,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: 'signup@example.com', is_superuser: false, is_active: true });
    await expect(t.login('signup@example.com', 'signup-password')).resolves.toEqual(expect.any(String));
  });

  it('refuses a taken e-mail with the template message', async () => {
    const res = await t.post('users/signup', undefined, newUser(SUPERUSER.email));
    expect(res.statusCode).toBe(400);
    expect(detail(res)).toBe('The user with this email already exists in the system');
  });
});

describe('/users/{id}', () => {
  it('lets a user read themselves but not others', async () => {
    const other = await t.createUser();
    const { user, token } = await t.userToken();
    expect((await t.get(`users/${user.id}`, token)).statusCode).toBe(200);
    const res = await t.get(`users/${other.id}`, token);
    expect(res.statusCode).toBe(403);
    expect(detail(res)).toBe("The user doesn't have enough privileges");
    // The same answer for an id that does not exist: nothing to learn.
    expect((await t.get('users/00000000-0000-4000-8000-000000000000', token)).statusCode).toBe(403);
  });

  it('answers 404 User not found to a super user for an unknown id, and 422 for a malformed one', async () => {
    const res = await t.get('users/00000000-0000-4000-8000-000000000000', t.superuserToken);
    expect(res.statusCode).toBe(404);
    expect(detail(res)).toBe('User not found');
    expect((await t.get('users/not-a-uuid', t.superuserToken)).statusCode).toBe(422);
  });

  it('updates a user partially; an empty password keeps the current one', async () => {
    const user = await t.createUser();
    const res = await t.patch(`users/${user.id}`, t.superuserToken, { full_name: 'Outro Nome', password: '' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ full_name: 'Outro Nome', email: user.email });
    await expect(t.login(user.email, user.password)).resolves.toEqual(expect.any(String));

    const changed = await t.patch(`users/${user.id}`, t.superuserToken, { password: 'set-by-admin-1' });
    expect(changed.statusCode).toBe(200);
    await expect(t.login(user.email, 'set-by-admin-1')).resolves.toEqual(expect.any(String));
  });

  it('toggles role and status', async () => {
    const user = await t.createUser();
    const res = await t.patch(`users/${user.id}`, t.superuserToken, { is_superuser: true, is_active: false });
    expect(res.json()).toMatchObject({ is_superuser: true, is_active: false });
  });

  it('answers 404 and 409 on update as the template does', async () => {
    const missing = await t.patch('users/00000000-0000-4000-8000-000000000000', t.superuserToken, { full_name: 'x' });
    expect(missing.statusCode).toBe(404);
    expect(detail(missing)).toBe('The user with this id does not exist in the system');
    const a = await t.createUser();
    const b = await t.createUser();
    const taken = await t.patch(`users/${a.id}`, t.superuserToken, { email: b.email });
    expect(taken.statusCode).toBe(409);
    expect(detail(taken)).toBe('User with this email already exists');
  });

  it('never demotes or deactivates the last active super user', async () => {
    const me = (await t.get('users/me', t.superuserToken)).json();
    for (const change of [{ is_superuser: false }, { is_active: false }]) {
      const res = await t.patch(`users/${me.id}`, t.superuserToken, change);
      expect(res.statusCode).toBe(400);
      expect(detail(res)).toBe('The last active super user cannot be demoted or deactivated');
    }
    // With a second active super user the first may step down.
    const second = await t.userToken({ is_superuser: true });
    const res = await t.patch(`users/${me.id}`, second.token, { is_superuser: false });
    expect(res.statusCode).toBe(200);
    await t.patch(`users/${me.id}`, second.token, { is_superuser: true });
    // The role changes revoked the old token.
    expect((await t.get('users/me', t.superuserToken)).statusCode).toBe(401);
    t.superuserToken = await t.login(SUPERUSER.email, SUPERUSER.password);
  });

  it('deletes users, but not oneself, and answers 404 for unknown ids', async () => {
    const user = await t.createUser();
    const res = await t.del(`users/${user.id}`, t.superuserToken);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'User deleted successfully' });
    const again = await t.del(`users/${user.id}`, t.superuserToken);
    expect(again.statusCode).toBe(404);
    expect(detail(again)).toBe('User not found');
    const me = (await t.get('users/me', t.superuserToken)).json();
    const self = await t.del(`users/${me.id}`, t.superuserToken);
    expect(self.statusCode).toBe(403);
    expect(detail(self)).toBe('Super users are not allowed to delete themselves');
  });
});
