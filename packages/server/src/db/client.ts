import path from 'node:path';
import { PGlite, type QueryOptions, type Transaction, types } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { keepPreparedStatements, PGLITE_OF } from './generic-plans.js';
import { schema } from './schema.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  engine: 'pglite' | 'postgres';
  /** Runs the migrations with whatever exclusivity the engine needs. */
  migrate(): Promise<void>;
  /**
   * Called when a request failed because the database server could not be reached, so the outage
   * is logged once and its end is logged with its length (PostgreSQL only; PGlite is in-process).
   */
  reportUnavailable?(error: unknown): void;
  close(): Promise<void>;
}

/** Where a database reports a lost or restored connection (the app's logger once it exists). */
export interface DatabaseLog {
  warn(details: object, message: string): void;
  info(details: object, message: string): void;
}

const silentLog: DatabaseLog = { warn() {}, info() {} };

// COUNT and SUM come back as int8: read them as numbers on both drivers (counts stay far below 2^53).
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));

export const MIGRATIONS_FOLDER = path.resolve(import.meta.dirname, '../../drizzle');

/**
 * The types drizzle asks PGlite to return as text (it converts them itself): timestamps, dates,
 * intervals, and arrays of numerics, timestamps, intervals and dates (by type OID).
 */
const TEXT_TYPES = [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182];
const asText = (value: string) => value;

/**
 * Drizzle passes those parsers with every query, and PGlite then copies its whole map of type
 * parsers to merge them in — 110–220 µs per query on this machine, more than a simple query itself.
 * So PGlite gets them once, at creation, and drizzle talks to PGlite through this client, which
 * drops the per-query copy when it holds nothing else (any other parser still goes through).
 */
function pgliteForDrizzle(client: PGlite | Transaction): Pick<PGlite, 'query' | 'transaction'> {
  const query: PGlite['query'] = (text, params, options) => client.query(text, params, withoutTextParsers(options));
  return {
    query,
    // Drizzle calls nothing but `query` on a transaction (savepoints included).
    transaction: (run) => (client as PGlite).transaction((tx) => run(pgliteForDrizzle(tx) as unknown as Transaction)),
  };
}

export function withoutTextParsers(options: QueryOptions | undefined): QueryOptions | undefined {
  if (!options?.parsers) return options;
  for (const oid of Object.keys(options.parsers)) if (!TEXT_TYPES.includes(Number(oid))) return options;
  const { parsers: _sameAsCreated, ...rest } = options;
  return rest;
}

/** Embedded PostgreSQL in `dir`, or in memory when `dir` is undefined (tests). */
export async function openPglite(dir: string | undefined): Promise<Database> {
  const client = await PGlite.create(dir, {
    extensions: { pg_trgm },
    parsers: Object.fromEntries(TEXT_TYPES.map((oid) => [oid, asText])),
  });
  const db = drizzlePglite({
    client: Object.assign(pgliteForDrizzle(client), { [PGLITE_OF]: client }) as unknown as PGlite,
    schema,
  }) as unknown as Db;
  keepPreparedStatements(db, client);
  return {
    db,
    engine: 'pglite',
    async migrate() {
      const { migrate } = await import('drizzle-orm/pglite/migrator');
      await migrate(db as never, { migrationsFolder: MIGRATIONS_FOLDER });
    },
    close: () => client.close(),
  };
}

/** Key of the advisory lock that serialises migrations when several instances start at once. */
const MIGRATION_LOCK_KEY = 727_274_911;

export interface PostgresOptions {
  poolSize?: number;
  log?: DatabaseLog;
  /**
   * PostgreSQL cancels a statement that runs (or waits for a lock) longer than this, so a slow query
   * frees its connection instead of holding one of the pool's ten while others queue. For the API;
   * bulk loads and migrations run without it.
   */
  statementTimeoutMs?: number;
}

export async function openPostgres(url: string, options: PostgresOptions = {}): Promise<Database> {
  const log = options.log ?? silentLog;
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    // A server that does not answer must not hold a request forever: the request gets a 503.
    connectionTimeoutMillis: 5_000,
    keepAlive: true,
    ...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}),
  });
  let unavailableSince: number | undefined;
  const reportUnavailable = (error: unknown) => {
    if (unavailableSince !== undefined) return;
    unavailableSince = Date.now();
    log.warn({ err: error }, 'database unavailable: requests answer 503 until it is back');
  };
  // An idle pooled connection whose server went away (a restart, a fail-over, a maintenance window)
  // emits 'error' on the pool. Without a listener Node ends the process; with one, the pool just
  // drops that connection and the next query opens a new one.
  pool.on('error', reportUnavailable);
  pool.on('connect', (client) => {
    // A checked-out connection (a transaction between two statements) ended by the server emits
    // 'error' on the connection alone, which the pool does not listen to then: the process would
    // end. Listened to, the transaction's next statement fails (a 503) and the pool discards it.
    client.on('error', reportUnavailable);
    if (unavailableSince === undefined) return;
    log.info({ unavailableForMs: Date.now() - unavailableSince }, 'database connection restored');
    unavailableSince = undefined;
  });
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    engine: 'postgres',
    reportUnavailable,
    async migrate() {
      const { migrate } = await import('drizzle-orm/node-postgres/migrator');
      const client = await pool.connect();
      try {
        // A migration may rewrite a large table (0006: about a minute at a million rows), and waiting
        // for another instance's migrations is waiting too: no statement timeout for this session.
        await client.query('SET statement_timeout = 0');
        await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migrate(drizzlePg(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
        await client.query('RESET statement_timeout').catch(() => {});
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
