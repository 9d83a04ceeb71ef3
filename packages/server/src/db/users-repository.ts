import { and, count, desc, eq, getTableColumns, gt, gte, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from './client.js';
import { duplicateAs } from './errors.js';
import { withIsoTimestamps } from './iso-timestamps.js';
import { emailChangeReverts, passwordResetTokens, type UserRow, users } from './schema.js';

export class EmailTakenError extends Error {}
const emailTaken = () => new EmailTakenError();

export interface NewUser {
  email: string;
  hashed_password: string;
  full_name: string | null;
  is_superuser: boolean;
  is_active: boolean;
}

export type UserChanges = Partial<NewUser>;

/** What every read of a user selects (UserRow). */
const USER_COLUMNS = withIsoTimestamps(getTableColumns(users));

/**
 * What a reset link is bound to: the account's e-mail and password hash, hashed together (never a
 * second copy of the password hash). Computed by the database both when a link is issued and when it
 * is used, from the row as it is at that moment, so any change of either — the user's, an
 * administrator's, an e-mail change, a reset — makes every link sent before stop working.
 */
const resetBinding = sql<string>`encode(sha256(convert_to(${users.email} || E'\n' || ${users.hashed_password}, 'UTF8')), 'hex')`;

/** Key of the advisory lock under which instances starting together decide on the first super user. */
const FIRST_SUPERUSER_LOCK_KEY = 727_274_912;

/** What changeKeepingAnActiveSuperuser answers instead of changing the last active super user. */
export const LAST_ACTIVE_SUPERUSER = Symbol('last active superuser');

/**
 * An address someone changed away from stays theirs while the link that undoes the change is
 * outstanding: were another account to take it, undoing would fail and the change would be for good.
 */
async function assertNotReserved(db: Db, email: string, forUserId?: string): Promise<void> {
  const [reserved] = await db
    .select({ id: emailChangeReverts.id })
    .from(emailChangeReverts)
    .where(
      and(
        eq(emailChangeReverts.old_email, email),
        isNull(emailChangeReverts.used_at),
        gt(emailChangeReverts.expires_at, sql`now()`),
        ...(forUserId ? [ne(emailChangeReverts.user_id, forUserId)] : []),
      ),
    )
    .limit(1);
  if (reserved) throw new EmailTakenError();
}

async function applyUpdate(db: Db, id: string, changes: UserChanges, revokeTokens: boolean) {
  if (changes.email !== undefined) await assertNotReserved(db, changes.email, id);
  const [row] = await duplicateAs(emailTaken, () =>
    db
      .update(users)
      .set({
        ...changes,
        updated_at: new Date(),
        ...(revokeTokens ? { token_version: sql`${users.token_version} + 1` } : {}),
      })
      .where(eq(users.id, id))
      .returning(USER_COLUMNS),
  );
  return row;
}

export class UsersRepository {
  /**
   * Every authenticated request reads its user (auth.ts), so this one statement is prepared: built
   * once here, parsed and planned once per database connection instead of once per request.
   */
  readonly #byId;
  readonly #page;

  constructor(private readonly db: Db) {
    this.#page = db
      .select({ ...USER_COLUMNS, total: sql<number>`(select count(*) from ${users})`.mapWith(Number) })
      .from(users)
      .orderBy(desc(users.created_at), desc(users.id))
      .offset(sql.placeholder('skip'))
      .limit(sql.placeholder('limit'))
      .prepare('users_page');
    this.#byId = db
      .select(USER_COLUMNS)
      .from(users)
      .where(eq(users.id, sql.placeholder('id')))
      .limit(1)
      .prepare('users_by_id');
  }

  async findById(id: string): Promise<UserRow | undefined> {
    const [row] = await this.#byId.execute({ id });
    return row;
  }

  /** `email` must already be normalised (normalizeEmail). */
  async findByEmail(email: string): Promise<UserRow | undefined> {
    const [row] = await this.db.select(USER_COLUMNS).from(users).where(eq(users.email, email)).limit(1);
    return row;
  }

  /**
   * Newest first; ties broken by id so pages never overlap. The total rides on every row of the page
   * (one prepared statement, one round trip); only a page past the end counts on its own.
   */
  async list(skip: number, limit: number, isActive?: boolean): Promise<{ data: UserRow[]; count: number }> {
    if (isActive !== undefined) return this.#listByStatus(skip, limit, isActive);
    const rows = await this.#page.execute({ skip, limit });
    const total = rows[0]?.total ?? (await this.db.select({ n: count() }).from(users))[0]?.n ?? 0;
    return { data: rows.map(({ total: _, ...user }) => user), count: total };
  }

  /** Users of one status (`is_active`): the dashboard's "ativos" total. Users are few; a plain query. */
  async #listByStatus(skip: number, limit: number, isActive: boolean): Promise<{ data: UserRow[]; count: number }> {
    const where = eq(users.is_active, isActive);
    const [data, [counted]] = await Promise.all([
      this.db
        .select(USER_COLUMNS)
        .from(users)
        .where(where)
        .orderBy(desc(users.created_at), desc(users.id))
        .offset(skip)
        .limit(limit),
      this.db.select({ n: count() }).from(users).where(where),
    ]);
    return { data, count: counted?.n ?? 0 };
  }

  async create(user: NewUser): Promise<UserRow> {
    await assertNotReserved(this.db, user.email);
    const [row] = await duplicateAs(emailTaken, () => this.db.insert(users).values(user).returning(USER_COLUMNS));
    return row as UserRow;
  }

  /** True when any super user exists, active or not. */
  async anySuperuser(): Promise<boolean> {
    const [row] = await this.db.select({ id: users.id }).from(users).where(eq(users.is_superuser, true)).limit(1);
    return row !== undefined;
  }

  /**
   * Creates the first super user if there is still none, as one decision: instances starting together
   * on an empty database take turns on an advisory lock, so the second finds the first's and neither
   * fails. `email-taken` when no super user exists but an ordinary account holds the address.
   */
  async createFirstSuperuser(user: NewUser): Promise<'created' | 'exists' | 'email-taken'> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${FIRST_SUPERUSER_LOCK_KEY})`);
      const [superuser] = await tx.select({ id: users.id }).from(users).where(eq(users.is_superuser, true)).limit(1);
      if (superuser) return 'exists';
      const created = await tx.insert(users).values(user).onConflictDoNothing({ target: users.email }).returning({
        id: users.id,
      });
      return created.length > 0 ? 'created' : 'email-taken';
    });
  }

  /**
   * Applies the changes; `revokeTokens` bumps the token version so every access token issued
   * before stops working. Returns `undefined` when the user no longer exists.
   */
  async update(id: string, changes: UserChanges, revokeTokens = false): Promise<UserRow | undefined> {
    return applyUpdate(this.db, id, changes, revokeTokens);
  }

  /**
   * `update` of one's own account that may change its e-mail: when it does, the link that undoes the
   * change (its token's hash, `revert`) is stored in the same transaction, so no e-mail changes without
   * a way back. Answers the user as changed and the e-mail it had, or `undefined` if it no longer exists.
   */
  async updateKeepingAWayBack(
    id: string,
    changes: UserChanges,
    revert: { tokenHash: string; expiresAt: Date },
  ): Promise<{ user: UserRow; previousEmail: string } | undefined> {
    return this.db.transaction(async (tx) => {
      const [before] = await tx.select({ email: users.email }).from(users).where(eq(users.id, id)).for('update');
      if (!before) return undefined;
      const user = await applyUpdate(tx, id, changes, false);
      if (!user) return undefined;
      if (user.email !== before.email) {
        await tx.insert(emailChangeReverts).values({
          user_id: id,
          token_hash: revert.tokenHash,
          old_email: before.email,
          new_email: user.email,
          expires_at: revert.expiresAt,
        });
      }
      return { user, previousEmail: before.email };
    });
  }

  /** The e-mail change a link's token undoes, while the link is unused and valid (the account and the old address). */
  async findEmailChangeRevert(
    tokenHash: string,
    now: Date,
  ): Promise<{ user_id: string; old_email: string } | undefined> {
    const [revert] = await this.db
      .select({ user_id: emailChangeReverts.user_id, old_email: emailChangeReverts.old_email })
      .from(emailChangeReverts)
      .where(
        and(
          eq(emailChangeReverts.token_hash, tokenHash),
          isNull(emailChangeReverts.used_at),
          gt(emailChangeReverts.expires_at, now),
        ),
      )
      .limit(1);
    return revert;
  }

  /**
   * Undoes an e-mail change with the token of its link, once: the account gets the e-mail back, every
   * access token is revoked (the token version), every reset link stops working, and so do the undo
   * links of the changes made after this one (undone with it, and mailed to addresses whoever made them
   * may hold). The links of earlier changes keep working: a thief who changes A → B → C and undoes the
   * second change with the link mailed to B must not void the link the owner got at A. `undefined` for
   * a token that is unknown, used or expired.
   */
  async revertEmailChange(tokenHash: string, now: Date): Promise<UserRow | undefined> {
    return this.db.transaction(async (tx) => {
      const [revert] = await tx
        .update(emailChangeReverts)
        .set({ used_at: now })
        .where(
          and(
            eq(emailChangeReverts.token_hash, tokenHash),
            isNull(emailChangeReverts.used_at),
            gt(emailChangeReverts.expires_at, now),
          ),
        )
        .returning({ user_id: emailChangeReverts.user_id, old_email: emailChangeReverts.old_email });
      if (!revert) return undefined;
      const user = await applyUpdate(tx, revert.user_id, { email: revert.old_email }, true);
      await tx
        .update(emailChangeReverts)
        .set({ used_at: now })
        .where(
          and(
            eq(emailChangeReverts.user_id, revert.user_id),
            isNull(emailChangeReverts.used_at),
            // Compared in the database: its microseconds, not a JavaScript Date's milliseconds.
            gte(
              emailChangeReverts.created_at,
              tx
                .select({ created_at: emailChangeReverts.created_at })
                .from(emailChangeReverts)
                .where(eq(emailChangeReverts.token_hash, tokenHash)),
            ),
          ),
        );
      await tx
        .update(passwordResetTokens)
        .set({ used_at: now })
        .where(and(eq(passwordResetTokens.user_id, revert.user_id), isNull(passwordResetTokens.used_at)));
      return user;
    });
  }

  /**
   * `update` or `delete` of a user who may be an active super user, unless nobody else would be left
   * to administer users (`LAST_ACTIVE_SUPERUSER`). The check and the change run in one transaction
   * that first locks every active super user's row: two super users deactivating each other at the
   * same moment are served one after the other, and the second finds itself the last one.
   */
  async changeKeepingAnActiveSuperuser(
    id: string,
    change: { update: UserChanges; revokeTokens: boolean } | 'delete',
  ): Promise<UserRow | undefined | typeof LAST_ACTIVE_SUPERUSER> {
    return this.db.transaction(async (tx) => {
      const active = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.is_superuser, true), eq(users.is_active, true)))
        .for('update');
      if (!active.some((user) => user.id !== id)) return LAST_ACTIVE_SUPERUSER;
      if (change !== 'delete') return applyUpdate(tx, id, change.update, change.revokeTokens);
      const [row] = await tx.delete(users).where(eq(users.id, id)).returning(USER_COLUMNS);
      return row;
    });
  }

  async delete(id: string): Promise<boolean> {
    const rows = await this.db.delete(users).where(eq(users.id, id)).returning({ id: users.id });
    return rows.length > 0;
  }

  /* ---------- password reset tokens ---------- */

  /** Stores a reset token's hash, bound to the user's e-mail and password as they are now. */
  async addResetToken(userId: string, tokenHash: string, expiresAt: Date): Promise<void> {
    await this.db.insert(passwordResetTokens).values({
      user_id: userId,
      token_hash: tokenHash,
      expires_at: expiresAt,
      bound_to: sql`(select ${resetBinding} from ${users} where ${users.id} = ${userId})`,
    });
  }

  /**
   * Marks an unused, unexpired token as used and returns its user id, atomically: two requests
   * racing with the same token cannot both succeed. A token whose user's e-mail or password changed
   * since it was sent is not found.
   */
  async consumeResetToken(tokenHash: string, now: Date): Promise<string | undefined> {
    const [row] = await this.db
      .update(passwordResetTokens)
      .set({ used_at: now })
      .from(users)
      .where(
        and(
          eq(passwordResetTokens.token_hash, tokenHash),
          sql`${passwordResetTokens.used_at} is null`,
          sql`${passwordResetTokens.expires_at} > ${now}`,
          eq(users.id, passwordResetTokens.user_id),
          eq(passwordResetTokens.bound_to, resetBinding),
        ),
      )
      .returning({ user_id: passwordResetTokens.user_id });
    return row?.user_id;
  }

  /**
   * The user of a token `consumeResetToken` would take (unused, unexpired, still bound to the user's
   * e-mail and password), without using it: the reset page checks its link as it opens.
   */
  async findUsableResetToken(tokenHash: string, now: Date): Promise<string | undefined> {
    const [row] = await this.db
      .select({ user_id: passwordResetTokens.user_id })
      .from(passwordResetTokens)
      .innerJoin(users, eq(users.id, passwordResetTokens.user_id))
      .where(
        and(
          eq(passwordResetTokens.token_hash, tokenHash),
          sql`${passwordResetTokens.used_at} is null`,
          sql`${passwordResetTokens.expires_at} > ${now}`,
          eq(passwordResetTokens.bound_to, resetBinding),
        ),
      )
      .limit(1);
    return row?.user_id;
  }

  /** After a reset, every other outstanding link of that user stops working too. */
  async revokeResetTokens(userId: string, now: Date): Promise<void> {
    await this.db
      .update(passwordResetTokens)
      .set({ used_at: now })
      .where(and(eq(passwordResetTokens.user_id, userId), sql`${passwordResetTokens.used_at} is null`));
  }
}
