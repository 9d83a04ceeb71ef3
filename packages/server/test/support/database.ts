import { type Database, openPglite, openPostgres } from '../../src/db/client.js';
import { scratchDatabase } from '../../src/testing/scratch-database.js';
import { perSuite } from './per-suite.js';

export type Engine = 'pglite' | 'postgres';
export const engine: Engine = process.env.TEST_ENGINE === 'postgres' ? 'postgres' : 'pglite';

/** A test database; `url` is the PostgreSQL one's (for a second connection of a test's own). */
export type TestDatabase = Database & { url?: string };

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or a new database on the
 * PostgreSQL server of TEST_DATABASE_URL that is dropped again on close. `statementTimeoutMs` is
 * the server's DATABASE_STATEMENT_TIMEOUT_SECONDS (PostgreSQL only, as in production).
 */
export async function freshDatabase(options: { statementTimeoutMs?: number } = {}): Promise<TestDatabase> {
  if (engine === 'pglite') {
    const database = await openPglite(undefined);
    await database.migrate();
    return database;
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_ENGINE=postgres needs TEST_DATABASE_URL');
  const scratch = await scratchDatabase(adminUrl, 'bo_test_');
  const database = await openPostgres(scratch.url, {
    poolSize: 4,
    statementTimeoutMs: options.statementTimeoutMs,
  });
  await database.migrate();
  return {
    ...database,
    url: scratch.url,
    async close() {
      await database.close();
      await scratch.drop();
    },
  };
}

/** A fresh database for the tests of the enclosing file or `describe` (see `perSuite`), closed after them. */
export function databasePerSuite(): TestDatabase {
  return perSuite(freshDatabase, (database) => database.close());
}
