import { apiErrors } from '@backoffice/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.js';
import type { UserRow } from '../../src/db/schema.js';
import { UsersRepository } from '../../src/db/users-repository.js';
import { HttpError } from '../../src/http/http-error.js';
import { type Actor, SYSTEM } from '../../src/services/audit.js';
import { verifyPassword } from '../../src/services/passwords.js';
import { type AccountNotices, revokesTokens, UsersService } from '../../src/services/users-service.js';
import { freshDatabase } from '../support/database.js';

/** The account rules without HTTP: the service over a real repository on a fresh database. */
let database: Database;
let users: UsersRepository;
let service: UsersService;
/** The notices the rules asked for, as the app would mail them. */
const emailChanges: Parameters<AccountNotices['emailChanged']>[0][] = [];
beforeAll(async () => {
  database = await freshDatabase();
  users = new UsersRepository(database.db);
  service = new UsersService(users, { emailChanged: (change) => emailChanges.push(change) }, database.db);
});
afterAll(() => database.close());

const userActor = (user: UserRow): Actor => ({ type: 'user', id: user.id, label: user.email, ip: null });

let sequence = 0;
const email = (name: string) => `${name}-${++sequence}@example.com`;
const PASSWORD = 'a-good-password';

function account(fields: Partial<{ email: string; is_superuser: boolean; is_active: boolean }> = {}) {
  return service.create(SYSTEM, {
    email: fields.email ?? email('user'),
    password: PASSWORD,
    full_name: 'Maria da Silva',
    is_superuser: fields.is_superuser ?? false,
    is_active: fields.is_active ?? true,
  });
}

/** The HTTP answer a rule gives: its status and detail. */
async function refusal(work: Promise<unknown>): Promise<{ status: number; detail: string }> {
  const error = await work.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!(error instanceof HttpError)) throw new Error(`expected an HttpError, got ${String(error)}`);
  return { status: error.statusCode, detail: error.message };
}

const stored = async (user: UserRow) => (await users.findById(user.id)) as UserRow;

describe('creating accounts', () => {
  it('signs up an active ordinary user, e-mail normalised, an empty name stored as none', async () => {
    const address = email('Signup');
    const user = await service.register(SYSTEM, {
      email: `  ${address.toUpperCase()} `,
      password: PASSWORD,
      full_name: '',
    });
    expect(user).toMatchObject({ email: address.toLowerCase(), full_name: null, is_superuser: false, is_active: true });
    expect(await verifyPassword(user.hashed_password, PASSWORD)).toBe(true);
  });

  it('lets a super user choose role and status', async () => {
    const user = await account({ is_superuser: true, is_active: false });
    expect(user).toMatchObject({ is_superuser: true, is_active: false });
  });

  it('refuses a taken e-mail with the wording of each route, whatever its case', async () => {
    const taken = (await account()).email;
    expect(await refusal(service.register(SYSTEM, { email: taken.toUpperCase(), password: PASSWORD }))).toEqual({
      status: 400,
      detail: apiErrors.emailTakenOnSignup,
    });
    expect(await refusal(account({ email: taken }))).toEqual({ status: 400, detail: apiErrors.emailTakenOnCreate });
  });
});

describe('own profile and password', () => {
  it('changes name and e-mail without ending the session, and refuses a taken e-mail with 409', async () => {
    const user = await account();
    const other = await account();
    const updated = await service.updateOwnProfile(SYSTEM, user, { full_name: 'Nome Novo', email: email('Novo') });
    expect(updated.full_name).toBe('Nome Novo');
    expect(updated.token_version).toBe(user.token_version);
    expect(await refusal(service.updateOwnProfile(SYSTEM, updated, { email: other.email }))).toEqual({
      status: 409,
      detail: apiErrors.emailTakenOnUpdate,
    });
  });

  it('tells the old address of an e-mail change, with a link that undoes it once and ends every session', async () => {
    const user = await account();
    const renamed = await service.updateOwnProfile(SYSTEM, user, { full_name: 'Só o nome' });
    expect(renamed.full_name).toBe('Só o nome');
    expect(emailChanges.filter((change) => change.user.id === user.id)).toEqual([]);

    const moved = await service.updateOwnProfile(SYSTEM, renamed, { email: email('Nova') });
    const [notice] = emailChanges.filter((change) => change.user.id === user.id);
    expect(notice).toMatchObject({ previousEmail: user.email, user: { email: moved.email } });
    // While the link is out, the old address stays this account's.
    expect(await refusal(service.register(SYSTEM, { email: user.email, password: PASSWORD }))).toEqual({
      status: 400,
      detail: apiErrors.emailTakenOnSignup,
    });

    const back = await service.revertEmailChange(notice?.token as string, null);
    expect(back).toMatchObject({ id: user.id, email: user.email, token_version: user.token_version + 1 });
    expect(await refusal(service.revertEmailChange(notice?.token as string, null))).toEqual({
      status: 400,
      detail: apiErrors.invalidEmailChangeToken,
    });
  });

  it('needs the current password and a different new one, then revokes older tokens', async () => {
    const user = await account();
    const change = (current_password: string, new_password: string) =>
      service.changeOwnPassword(SYSTEM, user, { current_password, new_password, confirm_password: new_password });
    expect(await refusal(change('wrong-password', 'another-password'))).toEqual({
      status: 400,
      detail: apiErrors.incorrectPassword,
    });
    expect(await refusal(change(PASSWORD, PASSWORD))).toEqual({ status: 400, detail: apiErrors.samePassword });
    expect((await stored(user)).token_version).toBe(user.token_version);

    const changed = await change(PASSWORD, 'another-password');
    expect(changed.token_version).toBe(user.token_version + 1);
    expect(await verifyPassword(changed.hashed_password, 'another-password')).toBe(true);
  });

  it('lets an ordinary user delete their account, never a super user', async () => {
    const admin = await account({ is_superuser: true });
    expect(await refusal(service.deleteOwnAccount(SYSTEM, admin))).toEqual({
      status: 403,
      detail: apiErrors.superuserDeletesSelf,
    });
    const user = await account();
    await service.deleteOwnAccount(SYSTEM, user);
    expect(await users.findById(user.id)).toBeUndefined();
    expect(await users.findById(admin.id)).toBeDefined();
  });
});

describe('password reset', () => {
  it('sets the password once per link, ends every session and every other link, and says so to a wrong link', async () => {
    const user = await account();
    const [older, link] = [await service.issueResetToken(user, 60), await service.issueResetToken(user, 60)];
    await service.checkResetToken(link);
    await service.checkResetToken(link); // Checking does not use the link up.

    await service.resetPassword(link, 'reset-password-1', '127.0.0.1');
    const after = await stored(user);
    expect(after.token_version).toBe(user.token_version + 1);
    expect(await verifyPassword(after.hashed_password, 'reset-password-1')).toBe(true);
    for (const used of [link, older, 'not-a-link']) {
      expect(await refusal(service.checkResetToken(used))).toEqual({
        status: 400,
        detail: apiErrors.invalidResetToken,
      });
      expect(await refusal(service.resetPassword(used, 'reset-password-2', null))).toEqual({
        status: 400,
        detail: apiErrors.invalidResetToken,
      });
    }
  });

  it('refuses an expired link, and an inactive account with its own words', async () => {
    const user = await account();
    expect(await refusal(service.checkResetToken(await service.issueResetToken(user, -1)))).toEqual({
      status: 400,
      detail: apiErrors.invalidResetToken,
    });
    const link = await service.issueResetToken(user, 60);
    await users.update(user.id, { is_active: false });
    expect(await refusal(service.resetPassword(link, 'reset-password-1', null))).toEqual({
      status: 400,
      detail: apiErrors.inactiveUser,
    });
    expect(await verifyPassword((await stored(user)).hashed_password, PASSWORD)).toBe(true);
  });
});

describe('administering users', () => {
  it('updates only what is sent; an empty password keeps the current one', async () => {
    const user = await account();
    const updated = await service.update(SYSTEM, user.id, { full_name: 'Outro Nome', password: '' });
    expect(updated.full_name).toBe('Outro Nome');
    expect(updated.email).toBe(user.email);
    expect(updated.hashed_password).toBe(user.hashed_password);
  });

  it('revokes the tokens on a new password, role or status, and not on a name or an unchanged flag', async () => {
    const user = await account();
    let version = user.token_version;
    const versionAfter = async (changes: Parameters<UsersService['update']>[2]) =>
      (await service.update(SYSTEM, user.id, changes)).token_version;
    expect(await versionAfter({ full_name: 'Só o nome', is_active: true, is_superuser: false })).toBe(version);
    expect(await versionAfter({ password: 'brand-new-password' })).toBe(++version);
    expect(await versionAfter({ is_active: false })).toBe(++version);
    expect(await versionAfter({ is_superuser: true })).toBe(++version);
  });

  it('never demotes or deactivates the last active super user, and does once another exists', async () => {
    // The database may hold other super users from earlier tests: leave exactly one active.
    for (const row of (await users.list(0, 100)).data) {
      if (row.is_superuser && row.is_active) await users.update(row.id, { is_active: false });
    }
    const only = await account({ is_superuser: true });
    for (const changes of [{ is_superuser: false }, { is_active: false }]) {
      expect(await refusal(service.update(SYSTEM, only.id, changes))).toEqual({
        status: 400,
        detail: apiErrors.lastActiveSuperuser,
      });
    }
    expect(await stored(only)).toMatchObject({ is_superuser: true, is_active: true });
    // An inactive super user does not count as a second administrator.
    await account({ is_superuser: true, is_active: false });
    expect((await refusal(service.update(SYSTEM, only.id, { is_active: false }))).status).toBe(400);

    await account({ is_superuser: true });
    expect(await service.update(SYSTEM, only.id, { is_superuser: false })).toMatchObject({ is_superuser: false });
  });

  it('answers 404 for an unknown id and refuses a taken e-mail with 409', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    expect(await refusal(service.update(SYSTEM, missing, { full_name: 'x' }))).toEqual({
      status: 404,
      detail: apiErrors.userIdNotFound,
    });
    expect(await refusal(service.get(missing))).toEqual({ status: 404, detail: apiErrors.userNotFound });
    const [a, b] = [await account(), await account()];
    expect(await refusal(service.update(SYSTEM, a.id, { email: b.email }))).toEqual({
      status: 409,
      detail: apiErrors.emailTakenOnUpdate,
    });
  });

  it('deletes another user, never the acting super user, and says 404 for one already gone', async () => {
    const admin = await account({ is_superuser: true });
    const user = await account();
    expect(await refusal(service.delete(userActor(admin), admin.id))).toEqual({
      status: 403,
      detail: apiErrors.superuserDeletesSelf,
    });
    await service.delete(userActor(admin), user.id);
    expect(await users.findById(user.id)).toBeUndefined();
    expect(await refusal(service.delete(userActor(admin), user.id))).toEqual({
      status: 404,
      detail: apiErrors.userNotFound,
    });
  });
});

describe('revokesTokens', () => {
  const target = { is_superuser: false, is_active: true } as UserRow;
  it('is true for a new password or a changed role or status only', () => {
    expect(revokesTokens(target, { hashed_password: 'h' })).toBe(true);
    expect(revokesTokens(target, { is_superuser: true })).toBe(true);
    expect(revokesTokens(target, { is_active: false })).toBe(true);
    expect(revokesTokens(target, { is_superuser: false, is_active: true, full_name: 'x', email: 'a@b.co' })).toBe(
      false,
    );
  });
});
