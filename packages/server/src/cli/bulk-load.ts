import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { demoCompanies } from '../seed/demo-companies.js';

/** Rows per INSERT: one JSON parameter, decoded by the server (json_to_recordset), not row by row. */
const BATCH = 20_000;

/**
 * Fills an EMPTY scratch database with `count` demo companies (the generator of `seed:demo`) as
 * fast as the engine allows: the secondary indexes of `companies` are dropped, the rows go in
 * batches of 20 000 as one JSON document per statement, and the indexes are rebuilt once at the
 * end (one sorted build instead of a million inserts into a GIN index). Creation times are one
 * second apart, newest last, as a registry that grew over time. For benchmarks only: never run it
 * on a database that serves users (its indexes are missing while it loads).
 */
export async function bulkLoadCompanies(
  database: Database,
  count: number,
  onProgress?: (done: number) => void,
): Promise<number> {
  const { db } = database;
  const indexes = (await db.execute(
    sql`select indexname, indexdef from pg_indexes
        where schemaname = current_schema() and tablename = 'companies'
          and indexname not in (select conname from pg_constraint where conrelid = 'companies'::regclass)`,
  )) as unknown as { rows: { indexname: string; indexdef: string }[] };
  for (const index of indexes.rows) await db.execute(sql.raw(`drop index "${index.indexname}"`));
  // A scratch database's demo rows are not anybody's changes: a million history events would only
  // slow the load and the benchmarks that read the table.
  await db.execute(sql`alter table companies disable trigger companies_audit`);

  const start = Date.now() - count * 1000;
  let batch: unknown[] = [];
  let done = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    await db.execute(sql`
      insert into companies (trading_name, legal_name, tax_id, type, is_active, created_at, updated_at)
      select r.trading_name, r.legal_name, r.tax_id, r.type, r.is_active, r.created_at, r.created_at
      from json_to_recordset(${JSON.stringify(batch)}::json)
        as r(trading_name text, legal_name text, tax_id text, type text, is_active boolean, created_at timestamptz)
      on conflict (tax_id) do nothing`);
    done += batch.length;
    batch = [];
    onProgress?.(done);
  };
  for (const company of demoCompanies(count)) {
    batch.push({ ...company, created_at: new Date(start + (done + batch.length) * 1000) });
    if (batch.length === BATCH) await flush();
  }
  await flush();

  await db.execute(sql`alter table companies enable trigger companies_audit`);
  for (const index of indexes.rows) await db.execute(sql.raw(index.indexdef));
  // PGlite has no autovacuum: without fresh statistics the planner ignores the indexes.
  await db.execute(sql`vacuum analyze companies`);
  const total = (await db.execute(sql`select count(*)::int as n from companies`)) as unknown as {
    rows: { n: number }[];
  };
  return total.rows[0]?.n ?? 0;
}
