import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openPostgres } from '../src/db/client.js';
import {
  customPlansOf,
  type GenericPlans,
  genericPlansOf,
  MAX_GENERIC_STATEMENTS,
  runsOnPglite,
} from '../src/db/generic-plans.js';
import { engine, freshDatabase, type TestDatabase } from './support/database.js';

/**
 * genericPlansOf runs a statement by a plan made once for its text, on either engine, and leaves the session as it
 * found it. On PostgreSQL through a pool of one connection, so that the prepared statements and the setting this file
 * reads are that connection's.
 */

let database: TestDatabase;
/** One session: PGlite's, or a pool of one PostgreSQL connection. */
let session: Database;
let generic: GenericPlans;

beforeAll(async () => {
  database = await freshDatabase();
  session = engine === 'postgres' ? await openPostgres(database.url as string, { poolSize: 1 }) : database;
  generic = genericPlansOf(session.db);
  await database.db.execute(sql`
    insert into companies (trading_name, legal_name, tax_id, type, is_active)
    values ('Padaria Sol', 'Sol Ltda', '11222333000181', 'matriz', true),
           ('Padaria Lua', 'Lua Ltda', '11222333000262', 'filial', false)`);
});
afterAll(async () => {
  if (session !== database) await session?.close();
  await database?.close();
});

/** The plans made for `text` under the names of one kind (`generic`, `custom`). */
const preparedStatements = async (text: string, kind = 'generic') =>
  (
    (await session.db.execute(
      sql`select generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements
        where statement = ${text} and name like ${`${kind}_%`}`,
    )) as unknown as { rows: { generic: number; custom: number }[] }
  ).rows;

const planCacheMode = async () =>
  ((await session.db.execute(sql`show plan_cache_mode`)) as unknown as { rows: { plan_cache_mode: string }[] }).rows[0]
    ?.plan_cache_mode;

/** A statement with parameters of each kind the search's take, and columns of each kind it reads. */
const companiesLike = (pattern: string, active: boolean, limit: number) =>
  sql`select id, trading_name, is_active, count(*) over ()::int as matched,
      to_char(created_at at time zone 'UTC', 'YYYY') as year, null::text as nothing
    from companies where trading_name like ${pattern} and is_active = ${active} order by tax_id limit ${limit}`;
const TEXT = `select id, trading_name, is_active, count(*) over ()::int as matched,
      to_char(created_at at time zone 'UTC', 'YYYY') as year, null::text as nothing
    from companies where trading_name like $1 and is_active = $2 order by tax_id limit $3`;

describe(`generic plans (${engine})`, () => {
  it('answers as the statement planned for its values does, rows and types alike', async () => {
    for (const [pattern, active] of [
      ['Padaria%', true],
      ['Padaria%', false],
      ['Nada%', true],
    ] as const) {
      const rows = await generic.rows(companiesLike(pattern, active, 5));
      expect(rows).toEqual(await customPlansOf(database.db).rows(companiesLike(pattern, active, 5)));
    }
    const [row] = await generic.rows<Record<string, unknown>>(companiesLike('Padaria S%', true, 5));
    expect(row).toMatchObject({ trading_name: 'Padaria Sol', is_active: true, matched: 1, nothing: null });
    expect(typeof row?.year).toBe('string');
  });

  it('plans the statement once, for any values, and leaves the session’s setting as it was', async () => {
    for (let i = 0; i < 3; i++) await generic.rows(companiesLike(`P${'%'.repeat(i + 1)}`, true, 5));
    // PostgreSQL would make custom plans for the first five runs (and keep them: the generic one looks dearer).
    const [statement] = await preparedStatements(TEXT);
    expect(statement?.custom).toBe(0);
    expect(statement?.generic).toBeGreaterThanOrEqual(6);
    expect(await planCacheMode()).toBe('auto');
  });

  it('reports the database’s error, resets the setting after it, and runs the statement again', async () => {
    const dividing = (by: number) => sql`select 10 / ${by}::int as quotient`;
    await expect(generic.rows(dividing(0))).rejects.toThrow(/division by zero/);
    expect(await planCacheMode()).toBe('auto');
    expect(await generic.rows(dividing(5))).toEqual([{ quotient: 2 }]);
    // A statement the database cannot parse: nothing kept, and the next one runs.
    for (let i = 0; i < 2; i++)
      await expect(generic.rows(sql`select * from nowhere where 1 = ${1}::int`)).rejects.toThrow(/nowhere/);
    expect(await generic.rows(dividing(2))).toEqual([{ quotient: 5 }]);
    expect(await planCacheMode()).toBe('auto');
  });

  it.runIf(engine === 'pglite')('waits for a transaction under way instead of running inside it (PGlite)', async () => {
    const count = sql`select count(*)::int as n from companies where legal_name = ${'Transação Ltda'}`;
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let inserted = () => {};
    const insertedYet = new Promise<void>((resolve) => {
      inserted = resolve;
    });
    const rolledBack = database.db
      .transaction(async (tx) => {
        await tx.execute(sql`
          insert into companies (trading_name, legal_name, tax_id, type)
          values ('Transação', 'Transação Ltda', '11222333000343', 'matriz')`);
        inserted();
        await held;
        throw new Error('rolled back');
      })
      .catch((error: Error) => error.message);
    await insertedYet;
    const counted = generic.rows(count);
    // Run inside the open transaction, it would count the row that is never committed.
    await new Promise((resolve) => setTimeout(resolve, 20));
    release();
    expect(await rolledBack).toBe('rolled back');
    expect(await counted).toEqual([{ n: 0 }]);
  });

  it('names each text once for its client, whichever drizzle instance sends it', async () => {
    const client = (session.db as unknown as { $client: never }).$client;
    const other = engine === 'postgres' ? drizzlePg({ client }) : drizzlePglite({ client });
    // The first text of the other instance, then the first of a third: under one name each.
    expect(await genericPlansOf(other).rows(sql`select ${1}::int + 100 as n`)).toEqual([{ n: 101 }]);
    expect(await generic.rows(sql`select ${1}::int + 200 as n`)).toEqual([{ n: 201 }]);
    expect(await genericPlansOf(other).rows(sql`select ${2}::int + 100 as n`)).toEqual([{ n: 102 }]);
  });

  it('tells which engine a client sends its statements to (the search’s costs differ)', () => {
    expect(runsOnPglite(session.db)).toBe(engine === 'pglite');
    expect(runsOnPglite(database.db)).toBe(engine === 'pglite');
  });

  it('plans each time beyond the statements it keeps', async () => {
    for (let i = 0; i <= MAX_GENERIC_STATEMENTS; i++) {
      expect(await generic.rows(sql`select ${i}::int + ${sql.raw(String(i))} as n`)).toEqual([{ n: 2 * i }]);
    }
    const kept = (await session.db.execute(
      sql`select count(*)::int as n from pg_prepared_statements where name like 'generic\\_%'`,
    )) as unknown as { rows: { n: number }[] };
    expect(kept.rows[0]?.n).toBeLessThanOrEqual(MAX_GENERIC_STATEMENTS);
  });
});

describe(`custom plans (${engine})`, () => {
  it('answers as db.execute does, rows and types alike', async () => {
    const custom = customPlansOf(session.db);
    for (const [pattern, active] of [
      ['Padaria%', true],
      ['Padaria%', false],
      ['Nada%', true],
    ] as const) {
      const statement = companiesLike(pattern, active, 5);
      expect(await custom.rows(statement)).toEqual(
        ((await session.db.execute(statement)) as unknown as { rows: unknown[] }).rows,
      );
    }
  });

  it.runIf(engine === 'pglite')(
    'parses a text once and plans it for each run’s values, leaving the setting as it was (PGlite)',
    async () => {
      const custom = customPlansOf(session.db);
      const walk = (pattern: string) => sql`select id from companies where legal_name like ${pattern} limit ${3}`;
      for (let i = 0; i < 8; i++) await custom.rows(walk(`${'%'.repeat(i + 1)}Ltda`));
      // Left to itself, PostgreSQL would try the generic plan from the sixth run on.
      const [statement] = await preparedStatements(
        'select id from companies where legal_name like $1 limit $2',
        'custom',
      );
      expect(statement).toEqual({ generic: 0, custom: 8 });
      expect(await planCacheMode()).toBe('auto');
      await expect(custom.rows(sql`select 10 / ${0}::int as quotient`)).rejects.toThrow(/division by zero/);
      expect(await planCacheMode()).toBe('auto');
      expect(await custom.rows(sql`select 10 / ${5}::int as quotient`)).toEqual([{ quotient: 2 }]);
    },
  );

  it.runIf(engine === 'pglite')('runs a statement it cannot name as db.execute does (PGlite)', async () => {
    const custom = customPlansOf(session.db);
    // A date is no text parameter: planned and sent as drizzle sends it.
    const rows = await custom.rows<{ n: number }>(
      sql`select count(*)::int as n from companies where created_at <= ${new Date(Date.now() + 60_000)}`,
    );
    expect(rows).toEqual([{ n: 2 }]);
  });
});

describe(`inside a transaction (${engine})`, () => {
  it('runs there, seeing what the transaction wrote', async () => {
    let counted: unknown;
    await database.db
      .transaction(async (tx) => {
        await tx.execute(sql`
          insert into companies (trading_name, legal_name, tax_id, type)
          values ('Dentro', 'Dentro Ltda', '11222333000424', 'matriz')`);
        counted = await genericPlansOf(tx as unknown as typeof database.db).rows(
          sql`select count(*)::int as n from companies where legal_name = ${'Dentro Ltda'}`,
        );
        tx.rollback();
      })
      .catch(() => undefined);
    expect(counted).toEqual([{ n: 1 }]);
  });
});
