import { cnpjOf } from '@backoffice/contracts';
import { sql } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER, openPglite } from '../src/db/client.js';
import { CompaniesRepository } from '../src/db/companies-repository.js';
import { engine } from './support/database.js';
import { migrationsBefore, readJournal } from './support/migrations.js';

describe('the migrations', () => {
  it('are each dated after the one before (drizzle applies to a database only those newer than its last)', () => {
    const { entries } = readJournal();
    for (let i = 1; i < entries.length; i++) {
      const [before, entry] = [entries[i - 1], entries[i]] as [(typeof entries)[number], (typeof entries)[number]];
      expect(entry.when, `${entry.tag} after ${before.tag}`).toBeGreaterThan(before.when);
    }
  });
});

// The migration's SQL is the same on both engines; one run on PGlite says what it does to a database of the release
// before.
describe.skipIf(engine !== 'pglite')('migration 0015_search_name_pairs', () => {
  it('upgrades a database of the release before: each name’s first pair says where its first word ends', async () => {
    const database = await openPglite(undefined);
    const before = migrationsBefore('0015_search_name_pairs');
    try {
      await migrate(database.db as never, { migrationsFolder: before.folder });
      await new CompaniesRepository(database.db).insertMany([
        {
          trading_name: 'Auto Peças Lima',
          legal_name: 'Superauto Peças Ltda',
          tax_id: cnpjOf('11222333'),
          type: 'matriz',
          is_active: true,
        },
      ]);
      await migrate(database.db as never, { migrationsFolder: MIGRATIONS_FOLDER });
      const { rows } = (await database.db.execute(
        sql`select search_name_pairs(trading_name_key) || search_name_pairs(legal_name_key) as pairs,
              to_regprocedure('search_pairs(text)') as old from companies`,
      )) as unknown as { rows: { pairs: string[]; old: string | null }[] };
      // The first pair of each name, once per bit of where its first word ends: 4 (0100) and 9 (1001).
      const bits = (end: string, pair: string) => [...'dcba'].map((bit, i) => `^${bit}${end[i]}:${pair}`);
      expect(rows).toEqual([
        { pairs: [...bits('0100', 'uto pec'), 'cas lim', ...bits('1001', 'uto pec'), 'cas ltd'], old: null },
      ]);
    } finally {
      await database.close();
      before.remove();
    }
  });
});

describe.skipIf(engine !== 'pglite')('migration 0016_search_text_statistics', () => {
  it('brings search_text back to the default statistics target (the plans no longer come from its estimate)', async () => {
    const database = await openPglite(undefined);
    const before = migrationsBefore('0016_search_text_statistics');
    const target = async () => {
      const { rows } = (await database.db.execute(
        sql`select attstattarget::int as target from pg_attribute
            where attrelid = 'companies'::regclass and attname = 'search_text'`,
      )) as unknown as { rows: { target: number }[] };
      return rows[0]?.target;
    };
    try {
      await migrate(database.db as never, { migrationsFolder: before.folder });
      expect(await target()).toBe(1000);
      await migrate(database.db as never, { migrationsFolder: MIGRATIONS_FOLDER });
      expect(await target()).toBe(100);
    } finally {
      await database.close();
      before.remove();
    }
  });
});
