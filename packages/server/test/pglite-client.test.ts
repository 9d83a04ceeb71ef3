import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { NoopCache } from 'drizzle-orm/cache/core';
import { NoopLogger } from 'drizzle-orm/logger';
import { PglitePreparedQuery } from 'drizzle-orm/pglite';
import { describe, expect, it } from 'vitest';
import { openPglite, withoutTextParsers } from '../src/db/client.js';
import { CompaniesRepository } from '../src/db/companies-repository.js';
import { PGLITE_OF } from '../src/db/generic-plans.js';
import { pgliteStatementsOf } from '../src/db/pglite-statements.js';
import { UsersRepository } from '../src/db/users-repository.js';

describe('the PGlite client drizzle talks to', () => {
  it('drops exactly the parsers drizzle sends with every query (PGlite holds them from its creation)', () => {
    const query = new PglitePreparedQuery(
      {} as never,
      'select 1',
      [],
      new NoopLogger(),
      new NoopCache(),
      undefined,
      undefined,
      undefined,
      undefined,
      false,
    );
    const { queryConfig, rawQueryConfig } = query as unknown as Record<'queryConfig' | 'rawQueryConfig', object>;
    for (const options of [queryConfig, rawQueryConfig]) {
      expect(options).toHaveProperty('parsers');
      expect(withoutTextParsers(options)).not.toHaveProperty('parsers');
    }
    // A parser for any other type still reaches PGlite.
    const boolean = { rowMode: 'array' as const, parsers: { 16: (value: string) => value === 't' } };
    expect(withoutTextParsers(boolean)).toBe(boolean);
  });

  it('still reads timestamps, dates and intervals as drizzle expects, in and out of transactions', async () => {
    const database = await openPglite(undefined);
    try {
      const read = async (db: typeof database.db) =>
        (await db.execute(
          "select timestamptz '2026-11-23 10:00:00.123+00' as at, date '2026-11-23' as day, interval '1 day' as span",
        )) as unknown as { rows: Record<string, unknown>[] };
      const expected = { at: '2026-11-23 10:00:00.123+00', day: '2026-11-23', span: '1 day' };
      expect((await read(database.db)).rows[0]).toEqual(expected);
      expect((await database.db.transaction((tx) => read(tx as never))).rows[0]).toEqual(expected);
    } finally {
      await database.close();
    }
  });

  it("keeps drizzle's prepared statements parsed under their name, with the same rows and errors as before", async () => {
    const database = await openPglite(undefined);
    try {
      await database.migrate();
      const { db } = database;
      const companies = new CompaniesRepository(db);
      const users = new UsersRepository(db);
      await db.execute(sql`
        insert into companies (trading_name, legal_name, tax_id, type, is_active)
        values ('Padaria Sol', 'Sol Ltda', '11222333000181', 'matriz', true),
               ('Padaria Lua', 'Lua Ltda', '11222333000262', 'filial', false)`);
      const user = await users.create({
        email: 'kept@example.com',
        hashed_password: 'x',
        full_name: 'Kept',
        is_superuser: false,
        is_active: true,
      });
      const prepared = async () =>
        (
          (await db.execute(
            sql`select name, generic_plans::int + custom_plans::int as runs from pg_prepared_statements order by name`,
          )) as unknown as { rows: { name: string; runs: number }[] }
        ).rows;
      expect(await prepared()).toEqual([]);
      // Read as drizzle maps them: columns by their keys, timestamps as text, the total a number.
      for (let run = 0; run < 7; run++) {
        expect(await users.findById(user.id)).toEqual(user);
        const page = await companies.list({ is_active: true }, 0, 5, 'newest');
        expect(page).toMatchObject({ count: 1, count_is_exact: true, data: [{ trading_name: 'Padaria Sol' }] });
        expect(page.data[0]?.created_at).toMatch(/^\d{4}-\d\d-\d\dT/);
      }
      expect(await prepared()).toEqual([
        { name: 'companies_page_newest_a', runs: 7 },
        { name: 'users_by_id', runs: 7 },
      ]);
      // A value the statement refuses fails as PGlite's own query fails, and the statement still runs after it.
      await expect(users.findById('not a uuid')).rejects.toMatchObject({ cause: { code: '22P02' } });
      expect(await users.findById(user.id)).toEqual(user);
      // In a transaction a statement is planned each time, under the transaction's lock, and sees its changes.
      await db.transaction(async (tx) => {
        await tx.execute(sql`update companies set is_active = true where tax_id = '11222333000262'`);
        expect((await new CompaniesRepository(tx as never).list({ is_active: true }, 0, 5, 'newest')).count).toBe(2);
      });
      expect((await companies.list({ is_active: true }, 0, 5, 'newest')).count).toBe(2);
    } finally {
      await database.close();
    }
  });

  it('runs a name with the text it is given, parsed again when the text changed or its parse failed', async () => {
    const database = await openPglite(undefined);
    try {
      const pglite = (database.db as unknown as { $client: Record<symbol, PGlite> }).$client[PGLITE_OF] as PGlite;
      const statements = pgliteStatementsOf(pglite);
      const run = async (text: string, params: unknown[] = []) => (await statements.run('kept', text, params)).rows;
      expect(await run('select $1::int + 1 as a', [1])).toEqual([{ a: 2 }]);
      expect(await run('select $1::text as b', ['x'])).toEqual([{ b: 'x' }]);
      await expect(run('select nothing_here')).rejects.toMatchObject({ code: '42703' });
      expect(await run('select $1::int + 1 as a', [41])).toEqual([{ a: 42 }]);
      expect((await statements.run('kept', 'select $1::int as n', [7], { rowMode: 'array' })).rows).toEqual([[7]]);
      await expect(run('select $1::int as n', [{}])).rejects.toThrow(TypeError);
    } finally {
      await database.close();
    }
  });
});
