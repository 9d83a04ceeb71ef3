import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { LAST_ACTIVE_SUPERUSER, UsersRepository } from '../src/db/users-repository.js';
import { databasePerSuite, engine } from './support/database.js';
import { perSuite } from './support/per-suite.js';

const database = databasePerSuite();
const users = perSuite(async () => new UsersRepository(database.db));

/** Exactly two active super users, and nobody else. */
async function twoSuperusers(round: number) {
  await database.db.execute(sql`delete from users`);
  const make = (name: string) =>
    users.create({
      email: `${name}-${round}@example.com`,
      hashed_password: 'not-a-hash',
      full_name: null,
      is_superuser: true,
      is_active: true,
    });
  return [await make('a'), await make('b')] as const;
}

describe(`the last active super user (${engine})`, () => {
  // On PostgreSQL the two transactions run on two connections at once; without the row locks each
  // would see the other still active and both would pass.
  it('is kept when two super users deactivate or delete each other at the same moment', async () => {
    for (let round = 0; round < 10; round++) {
      const [a, b] = await twoSuperusers(round);
      const results = await Promise.all([
        users.changeKeepingAnActiveSuperuser(
          a.id,
          round % 2 ? 'delete' : { update: { is_active: false }, revokeTokens: true },
        ),
        users.changeKeepingAnActiveSuperuser(b.id, { update: { is_superuser: false }, revokeTokens: true }),
      ]);
      expect(
        results.filter((result) => result === LAST_ACTIVE_SUPERUSER),
        `round ${round}`,
      ).toHaveLength(1);
      const active = (await database.db.execute(
        sql`select count(*)::int as n from users where is_superuser and is_active`,
      )) as unknown as { rows: { n: number }[] };
      expect(active.rows[0]?.n, `round ${round}`).toBe(1);
    }
  });
});
