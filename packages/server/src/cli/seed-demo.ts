import { count as countRows, sql } from 'drizzle-orm';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import { CompaniesRepository } from '../db/companies-repository.js';
import { companies } from '../db/schema.js';
import { demoCompanies } from '../seed/demo-companies.js';
import { openDatabase } from '../server.js';

const BATCH = 1_000;

/** Inserts `count` demo companies in batches and refreshes the planner statistics. */
export async function loadDemoCompanies(database: Database, count: number, onProgress?: (done: number) => void) {
  const repo = new CompaniesRepository(database.db);
  // Continue numbering after what is there, so running the command twice adds new companies.
  const [existing] = await database.db.select({ n: countRows() }).from(companies);
  let batch: Parameters<CompaniesRepository['insertMany']>[0] = [];
  let inserted = 0;
  for (const company of demoCompanies(count, 2026 + (existing?.n ?? 0), existing?.n ?? 0)) {
    batch.push(company);
    if (batch.length === BATCH) {
      inserted += await repo.insertMany(batch);
      batch = [];
      onProgress?.(inserted);
    }
  }
  inserted += await repo.insertMany(batch);
  // PGlite has no autovacuum: without fresh statistics the planner ignores the new indexes.
  await database.db.execute(sql`vacuum analyze companies`);
  return inserted;
}

export async function seedDemo(config: Config, count: number) {
  const { database, release } = await openDatabase(config, () => {});
  try {
    await database.migrate();
    const started = performance.now();
    const inserted = await loadDemoCompanies(database, count, (n) => {
      if (n % 10_000 === 0) process.stdout.write(`  ${n} companies…\n`);
    });
    const seconds = (performance.now() - started) / 1000;
    process.stdout.write(`Added ${inserted} demo companies in ${seconds.toFixed(1)} s (${database.engine}).\n`);
  } finally {
    await database.close();
    await release();
  }
}
