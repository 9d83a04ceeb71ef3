import { SignJWT } from 'jose';
import { describe, expect, it, vi } from 'vitest';
import { detail, testAppPerSuite } from './support/app.js';

const t = testAppPerSuite({ env: { ACCESS_TOKEN_EXPIRE_MINUTES: '30' } });

async function expectRevoked(token: string) {
  const res = await t.get('users/me', token);
  expect(res.statusCode).toBe(401);
  expect(res.headers['www-authenticate']).toBe('Bearer');
  expect(detail(res)).toBe('Could not validate credentials');
}

describe('malformed and forged tokens', () => {
  it.each([
    ['no Authorization header', undefined],
    ['another scheme', 'Basic YWRtaW46YWRtaW4='],
    ['an empty bearer', 'Bearer '],
  ])('answers 401 Not authenticated for %s', async (_name, header) => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/users/me',
      headers: header ? { authorization: header } : {},
    });
    expect(res.statusCode).toBe(401);
    expect(res.headers['www-authenticate']).toBe('Bearer');
  });

  it('rejects garbage, a token signed with another key and an unsigned token', async () => {
    const { user } = await t.userToken();
    const otherKey = await new SignJWT({ ver: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('some-other-secret-key-of-enough-length'));
    const header = Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url');
    const payload = Buffer.from(JSON.stringify({ sub: user.id, ver: 0, exp: 9_999_999_999 })).toString('base64url');
    for (const token of ['not.a.jwt', otherKey, `${header}.${payload}.`]) await expectRevoked(token);
  });

  it('answers 401 {detail}, never 500, for a validly signed token without exp or with a sub that is not a user id', async () => {
    const { user } = await t.userToken();
    const instanceKey = new TextEncoder().encode(t.app.config.secretKey);
    const sign = (claims: { sub?: string; exp?: boolean }) => {
      const jwt = new SignJWT({ ver: 0 }).setProtectedHeader({ alg: 'HS256' }).setIssuedAt();
      if (claims.sub !== undefined) jwt.setSubject(claims.sub);
      if (claims.exp) jwt.setExpirationTime('1h');
      return jwt.sign(instanceKey);
    };
    // Signed with the instance's own key, so only the claims can make them fail.
    expect((await t.get('users/me', await sign({ sub: user.id, exp: true }))).statusCode).toBe(200);
    for (const token of [
      await sign({ sub: 'not-a-uuid', exp: true }),
      await sign({ sub: user.id }),
      await sign({ sub: `${user.id}x`, exp: true }),
      await sign({ exp: true }),
    ]) {
      await expectRevoked(token);
    }
  });

  it('rejects an expired token', async () => {
    const { token } = await t.userToken();
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 31 * 60_000 });
    try {
      await expectRevoked(token);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('revocation', () => {
  it('after the own password change', async () => {
    const { user, token } = await t.userToken();
    await t.patch('users/me/password', token, {
      current_password: user.password,
      new_password: 'fresh-password-1',
      confirm_password: 'fresh-password-1',
    });
    await expectRevoked(token);
  });

  it('after a password set by an administrator', async () => {
    const { user, token } = await t.userToken();
    await t.patch(`users/${user.id}`, t.superuserToken, { password: 'admin-set-password' });
    await expectRevoked(token);
  });

  it('after deactivation, and it stays revoked once reactivated', async () => {
    const { user, token } = await t.userToken();
    await t.patch(`users/${user.id}`, t.superuserToken, { is_active: false });
    await expectRevoked(token);
    await t.patch(`users/${user.id}`, t.superuserToken, { is_active: true });
    await expectRevoked(token);
  });

  it('after a role change in either direction', async () => {
    const promoted = await t.userToken();
    await t.patch(`users/${promoted.user.id}`, t.superuserToken, { is_superuser: true });
    await expectRevoked(promoted.token);
    const demoted = await t.userToken({ is_superuser: true });
    await t.patch(`users/${demoted.user.id}`, t.superuserToken, { is_superuser: false });
    await expectRevoked(demoted.token);
  });

  it('after deletion', async () => {
    const { user, token } = await t.userToken();
    await t.del(`users/${user.id}`, t.superuserToken);
    await expectRevoked(token);
  });

  it('but not after a change of name or e-mail', async () => {
    const { user, token } = await t.userToken();
    await t.patch(`users/${user.id}`, t.superuserToken, { full_name: 'Renomeada' });
    await t.patch('users/me', token, { email: `renamed-${user.email}` });
    expect((await t.get('users/me', token)).statusCode).toBe(200);
  });
});
