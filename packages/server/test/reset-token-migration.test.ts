import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { UsersRepository } from '../src/db/users-repository.js';
import { hashLinkToken } from '../src/services/link-tokens.js';
import { engine } from './support/database.js';
import { upgradeFromRelease } from './support/migrations.js';

const BINDING_MIGRATION = '0010_reset_token_binding';
// The migration's SQL is the same on both engines; one run on PGlite says what it does to rows.
describe.skipIf(engine !== 'pglite')(`migration ${BINDING_MIGRATION}`, () => {
  it('binds the links already sent to their account as it is, so they keep working until it changes', async () => {
    const ids: string[] = [];
    await upgradeFromRelease(BINDING_MIGRATION, {
      before: async (db) => {
        for (const email of ['kept@example.com', 'changed@example.com']) {
          // Both drivers answer `{ rows }` to a raw statement.
          const { rows } = (await db.execute(
            sql`insert into users (email, hashed_password) values (${email}, '$argon2id$before') returning id`,
          )) as unknown as { rows: { id: string }[] };
          const id = rows[0]?.id as string;
          ids.push(id);
          await db.execute(
            sql`insert into password_reset_tokens (user_id, token_hash, expires_at)
                values (${id}, ${hashLinkToken(`link-of-${email}`)}, now() + interval '1 hour')`,
          );
        }
      },
      after: async (db) => {
        const users = new UsersRepository(db);
        await users.update(ids[1] as string, { hashed_password: '$argon2id$after' });
        expect(await users.consumeResetToken(hashLinkToken('link-of-kept@example.com'), new Date())).toBe(ids[0]);
        expect(await users.consumeResetToken(hashLinkToken('link-of-changed@example.com'), new Date())).toBeUndefined();
      },
    });
  });
});
