import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openPglite, openPostgres } from '../../src/db/client.js';

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
  const name = `bo_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString(), {
    poolSize: 4,
    statementTimeoutMs: options.statementTimeoutMs,
  });
  await database.migrate();
  return {
    ...database,
    url: url.toString(),
    async close() {
      await database.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}
