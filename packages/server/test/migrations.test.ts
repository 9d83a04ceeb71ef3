import { cnpjOf } from '@backoffice/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.js';
import { CompaniesRepository } from '../src/db/companies-repository.js';
import { engine } from './support/database.js';
import { readJournal, upgradeFromRelease } from './support/migrations.js';

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
  it('upgrades a database of the release before: each name’s first pair says where its first word ends', () =>
    upgradeFromRelease('0015_search_name_pairs', {
      before: async (db) => {
        await new CompaniesRepository(db).insertMany([
          {
            trading_name: 'Auto Peças Lima',
            legal_name: 'Superauto Peças Ltda',
            tax_id: cnpjOf('11222333'),
            type: 'matriz',
            is_active: true,
          },
        ]);
      },
      after: async (db) => {
        const { rows } = (await db.execute(
          sql`select search_name_pairs(trading_name_key) || search_name_pairs(legal_name_key) as pairs,
                to_regprocedure('search_pairs(text)') as old from companies`,
        )) as unknown as { rows: { pairs: string[]; old: string | null }[] };
        // The first pair of each name, once per bit of where its first word ends: 4 (0100) and 9 (1001).
        const bits = (end: string, pair: string) => [...'dcba'].map((bit, i) => `^${bit}${end[i]}:${pair}`);
        expect(rows).toEqual([
          { pairs: [...bits('0100', 'uto pec'), 'cas lim', ...bits('1001', 'uto pec'), 'cas ltd'], old: null },
        ]);
      },
    }));
});

describe.skipIf(engine !== 'pglite')('migration 0016_search_text_statistics', () => {
  it('brings search_text back to the default statistics target (the plans no longer come from its estimate)', () => {
    const target = async (db: Db) => {
      const { rows } = (await db.execute(
        sql`select attstattarget::int as target from pg_attribute
            where attrelid = 'companies'::regclass and attname = 'search_text'`,
      )) as unknown as { rows: { target: number }[] };
      return rows[0]?.target;
    };
    return upgradeFromRelease('0016_search_text_statistics', {
      before: async (db) => expect(await target(db)).toBe(1000),
      after: async (db) => expect(await target(db)).toBe(100),
    });
  });
});

describe.skipIf(engine !== 'pglite')('migration 0017_name_sort_tax_id', () => {
  it('makes the name orders’ indexes carry the CNPJ, so a phrase’s matches in CNPJ order come off them alone', () => {
    const definitions = async (db: Db) => {
      const { rows } = (await db.execute(
        sql`select indexdef from pg_indexes where indexname in
              ('companies_trading_name_sort_idx', 'companies_legal_name_sort_idx') order by indexname`,
      )) as unknown as { rows: { indexdef: string }[] };
      return rows.map((row) => row.indexdef.replace(/^.* USING /, ''));
    };
    return upgradeFromRelease('0017_name_sort_tax_id', {
      before: async (db) =>
        expect(await definitions(db)).toEqual([
          'btree (legal_name_key, id) INCLUDE (type, is_active)',
          'btree (trading_name_key, id) INCLUDE (type, is_active)',
        ]),
      after: async (db) =>
        expect(await definitions(db)).toEqual([
          'btree (legal_name_key, id) INCLUDE (type, is_active, tax_id)',
          'btree (trading_name_key, id) INCLUDE (type, is_active, tax_id)',
        ]),
    });
  });
});
