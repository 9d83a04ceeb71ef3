import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engine, freshDatabase, type TestDatabase } from './support/database.js';

/**
 * The pool's connections when PostgreSQL ends them (a restart, a fail-over, an administrator's
 * pg_terminate_backend). An idle pooled connection's end reaches the pool's listener; one checked out
 * — a transaction between two statements — reaches only the connection itself, and a connection
 * without an 'error' listener ends the whole process (the hardening suite's restart saw it 1 time in 4).
 */
describe.skipIf(engine !== 'postgres')('a PostgreSQL connection ended while checked out', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await freshDatabase();
  });
  afterAll(() => database?.close());

  it('fails that transaction, ends no process, and the next query gets a new connection', async () => {
    const uncaught: unknown[] = [];
    const onUncaught = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', onUncaught);
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    try {
      const transaction = database.db.transaction(async (tx) => {
        const result = (await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as {
          rows: { pid: number }[];
        };
        await admin.query('select pg_terminate_backend($1)', [result.rows[0]?.pid]);
        // Between two statements: the termination arrives while nothing is asked of this connection.
        await sleep(300);
        await tx.execute(sql`select 1`);
      });
      await expect(transaction).rejects.toThrow();
      expect(uncaught).toEqual([]);
      const after = (await database.db.execute(sql`select 1 as one`)) as unknown as { rows: { one: number }[] };
      expect(after.rows[0]?.one).toBe(1);
    } finally {
      process.off('uncaughtException', onUncaught);
      await admin.end();
    }
  });
});
