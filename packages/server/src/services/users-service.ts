import {
  apiErrors,
  EMAIL_CHANGE_REVERT_DAYS,
  normalizeEmail,
  type UpdatePassword,
  type UserCreate,
  type UserRegister,
  type UserUpdate,
  type UserUpdateMe,
} from '@backoffice/contracts';
import type { Db } from '../db/client.js';
import type { UserRow } from '../db/schema.js';
import { EmailTakenError, LAST_ACTIVE_SUPERUSER, type UserChanges, UsersRepository } from '../db/users-repository.js';
import { HttpError, refusing } from '../http/http-error.js';
import { type Actor, type AuditedWrite, auditedWrite } from './audit.js';
import { hashLinkToken, newLinkToken } from './link-tokens.js';
import { hashPassword, verifyPassword } from './passwords.js';

/** An account to create, as the request gives it (password in clear, e-mail as typed). */
interface NewAccount {
  email: string;
  password: string;
  full_name?: string | null;
  is_superuser: boolean;
  is_active: boolean;
}

/** What the account rules tell people (by e-mail); the app sends, in the background. */
export interface AccountNotices {
  /** Tell `previousEmail` that the account now has `user.email`, with the link (`token`) that undoes it. */
  emailChanged(change: { user: UserRow; previousEmail: string; token: string }): void;
}

/**
 * The rules of user accounts, whichever route asks (DESIGN §5, the FastAPI template's behaviour):
 * who may be created and with which role, when a taken e-mail is refused and with which words, when
 * access tokens are revoked, and that the last active super user can never be demoted, deactivated
 * or made to delete themselves. Route handlers validate, authorise and call one method; a broken rule
 * is an `HttpError` with the status and detail the API answers. Every change runs in one transaction
 * with its history, as `actor`'s (audit.ts).
 */
export class UsersService {
  /** A change of users' rows, on record as `actor`'s. */
  readonly #write: AuditedWrite<UsersRepository>;

  constructor(
    private readonly users: UsersRepository,
    private readonly notices: AccountNotices,
    db: Db,
  ) {
    this.#write = auditedWrite(db, UsersRepository);
  }

  /** A user by id (`GET /users/{id}`; who may ask is the route's business). */
  async get(id: string): Promise<UserRow> {
    const user = await this.users.findById(id);
    if (!user) throw new HttpError(404, apiErrors.userNotFound);
    return user;
  }

  /** `POST /users/` by a super user: any role and status. */
  create(actor: Actor, input: UserCreate): Promise<UserRow> {
    const { email, password, full_name, is_superuser, is_active } = input;
    return this.#insert(actor, { email, password, full_name, is_superuser, is_active }, apiErrors.emailTakenOnCreate);
  }

  /** Self sign-up: always an active, ordinary user, whatever the request says. */
  register(actor: Actor, input: UserRegister): Promise<UserRow> {
    const { email, password, full_name } = input;
    return this.#insert(
      actor,
      { email, password, full_name, is_superuser: false, is_active: true },
      apiErrors.emailTakenOnSignup,
    );
  }

  /**
   * `PATCH /users/me`: name and e-mail only; the session stays valid. A new e-mail cannot take the
   * account for good (a stolen session would change it, then recover the password through it): the
   * old address is told, with a link valid EMAIL_CHANGE_REVERT_DAYS that undoes the change, and stays
   * reserved for this account until the link is used or expires.
   */
  async updateOwnProfile(actor: Actor, user: UserRow, input: UserUpdateMe): Promise<UserRow> {
    const changes: UserChanges = {};
    if (input.email !== undefined) changes.email = normalizeEmail(input.email);
    if (input.full_name !== undefined) changes.full_name = input.full_name || null;
    const { token, hash } = newLinkToken();
    const expiresAt = new Date(Date.now() + EMAIL_CHANGE_REVERT_DAYS * 24 * 60 * 60_000);
    const changed = await this.#update(() =>
      this.#write(actor, (users) => users.updateKeepingAWayBack(user.id, changes, { tokenHash: hash, expiresAt })),
    );
    if (!changed) return user;
    if (changed.user.email !== changed.previousEmail) {
      this.notices.emailChanged({ user: changed.user, previousEmail: changed.previousEmail, token });
    }
    return changed.user;
  }

  /**
   * `POST /users/email-change/revert`: the link mailed to the old address, used once within its days,
   * gives the account its e-mail back, ends every session and voids the reset links and the undo links of later changes.
   */
  async revertEmailChange(token: string, ip: string | null): Promise<UserRow> {
    const tokenHash = hashLinkToken(token);
    const now = new Date();
    const pending = await this.users.findEmailChangeRevert(tokenHash, now);
    if (!pending) throw new HttpError(400, apiErrors.invalidEmailChangeToken);
    // Whoever holds the link reads the old address's mail: the account's owner, on record as such.
    const owner: Actor = { type: 'user', id: pending.user_id, label: pending.old_email, ip };
    const user = await this.#update(() =>
      this.#write(owner, (users) => users.revertEmailChange(tokenHash, now), 'email_change_revert'),
    );
    if (!user) throw new HttpError(400, apiErrors.invalidEmailChangeToken);
    return user;
  }

  /**
   * `PATCH /users/me/password`: the current password must be right and the new one different. Every
   * token issued before stops working; the caller hands this session a fresh one.
   */
  async changeOwnPassword(actor: Actor, user: UserRow, input: UpdatePassword): Promise<UserRow> {
    if (!(await verifyPassword(user.hashed_password, input.current_password))) {
      throw new HttpError(400, apiErrors.incorrectPassword);
    }
    if (input.current_password === input.new_password) throw new HttpError(400, apiErrors.samePassword);
    const hashed_password = await hashPassword(input.new_password);
    const updated = await this.#update(() =>
      this.#write(actor, (users) => users.update(user.id, { hashed_password }, true)),
    );
    if (!updated) throw new HttpError(404, apiErrors.userNotFound);
    return updated;
  }

  /**
   * A new recovery link's token for `user` (`POST /password-recovery/{email}`), stored hashed and valid
   * `validMinutes`; the link is bound to the account's e-mail and password as they are now.
   */
  async issueResetToken(user: UserRow, validMinutes: number): Promise<string> {
    const { token, hash } = newLinkToken();
    await this.users.addResetToken(user.id, hash, new Date(Date.now() + validMinutes * 60_000));
    return token;
  }

  /** `POST /reset-password/check`: whether a recovery link would still set a password (it stays unused). */
  async checkResetToken(token: string): Promise<void> {
    await this.#resetLinkUser(await this.users.findUsableResetToken(hashLinkToken(token), new Date()));
  }

  /**
   * `POST /reset-password/`: a recovery link's token, used once, sets a new password. Every session of the
   * account ends and every other link sent before stops working; on record as a reset, by the account.
   */
  async resetPassword(token: string, newPassword: string, ip: string | null): Promise<void> {
    const now = new Date();
    const user = await this.#resetLinkUser(await this.users.consumeResetToken(hashLinkToken(token), now));
    const hashed_password = await hashPassword(newPassword);
    const actor: Actor = { type: 'user', id: user.id, label: user.email, ip };
    await this.#write(actor, (users) => users.update(user.id, { hashed_password }, true), 'password_reset');
    await this.users.revokeResetTokens(user.id, now);
  }

  /** The account a recovery link's token names: it must exist and be active. */
  async #resetLinkUser(userId: string | undefined): Promise<UserRow> {
    const user = userId ? await this.users.findById(userId) : undefined;
    if (!user) throw new HttpError(400, apiErrors.invalidResetToken);
    if (!user.is_active) throw new HttpError(400, apiErrors.inactiveUser);
    return user;
  }

  /** `DELETE /users/me`: a super user may not delete their own account (someone must administer). */
  async deleteOwnAccount(actor: Actor, user: UserRow): Promise<void> {
    if (user.is_superuser) throw new HttpError(403, apiErrors.superuserDeletesSelf);
    await this.#write(actor, (users) => users.delete(user.id));
  }

  /**
   * `PATCH /users/{id}` by a super user: partial; an empty password keeps the current one. A new
   * password, role or status revokes that user's tokens; the last active super user keeps both.
   */
  async update(actor: Actor, id: string, input: UserUpdate): Promise<UserRow> {
    const target = await this.users.findById(id);
    if (!target) throw new HttpError(404, apiErrors.userIdNotFound);
    const changes: UserChanges = {};
    if (input.email !== undefined) changes.email = normalizeEmail(input.email);
    if (input.full_name !== undefined) changes.full_name = input.full_name || null;
    if (input.is_superuser !== undefined) changes.is_superuser = input.is_superuser;
    if (input.is_active !== undefined) changes.is_active = input.is_active;
    if (input.password) changes.hashed_password = await hashPassword(input.password);
    const revokeTokens = revokesTokens(target, changes);
    const losesAdmin = changes.is_superuser === false || changes.is_active === false;
    const updated = await this.#update(() =>
      this.#write(actor, (users) =>
        isActiveSuperuser(target) && losesAdmin
          ? keepingAnActiveSuperuser(users, target.id, { update: changes, revokeTokens })
          : users.update(target.id, changes, revokeTokens),
      ),
    );
    if (!updated) throw new HttpError(404, apiErrors.userIdNotFound);
    return updated;
  }

  /** `DELETE /users/{id}` by a super user, never on themselves (that is `DELETE /users/me`'s rule). */
  async delete(actor: Actor, id: string): Promise<void> {
    const target = await this.users.findById(id);
    if (!target) throw new HttpError(404, apiErrors.userNotFound);
    if (target.id === actor.id) throw new HttpError(403, apiErrors.superuserDeletesSelf);
    // Two super users deleting each other at once must not both succeed.
    const deleted = await this.#write(actor, async (users) =>
      isActiveSuperuser(target)
        ? Boolean(await keepingAnActiveSuperuser(users, target.id, 'delete'))
        : users.delete(target.id),
    );
    if (!deleted) throw new HttpError(404, apiErrors.userNotFound);
  }

  async #insert(actor: Actor, user: NewAccount, emailTaken: string): Promise<UserRow> {
    const hashed_password = await hashPassword(user.password);
    return refusing(EmailTakenError, 400, emailTaken, () =>
      this.#write(actor, (users) =>
        users.create({
          email: normalizeEmail(user.email),
          hashed_password,
          full_name: user.full_name || null,
          is_superuser: user.is_superuser,
          is_active: user.is_active,
        }),
      ),
    );
  }

  /** A change of a user's row; an e-mail that belongs to someone else is a 409. */
  #update<T>(change: () => Promise<T>): Promise<T> {
    return refusing(EmailTakenError, 409, apiErrors.emailTakenOnUpdate, change);
  }
}

/** Nobody could administer users if the last active super user lost the role, the status or the account. */
async function keepingAnActiveSuperuser(
  users: UsersRepository,
  id: string,
  change: Parameters<UsersRepository['changeKeepingAnActiveSuperuser']>[1],
): Promise<UserRow | undefined> {
  const result = await users.changeKeepingAnActiveSuperuser(id, change);
  if (result === LAST_ACTIVE_SUPERUSER) throw new HttpError(400, apiErrors.lastActiveSuperuser);
  return result;
}

const isActiveSuperuser = (user: UserRow) => user.is_superuser && user.is_active;

/** A new password, role or status ends every session of that user (the token version is bumped). */
export function revokesTokens(target: UserRow, changes: UserChanges): boolean {
  return (
    changes.hashed_password !== undefined ||
    (changes.is_superuser !== undefined && changes.is_superuser !== target.is_superuser) ||
    (changes.is_active !== undefined && changes.is_active !== target.is_active)
  );
}
