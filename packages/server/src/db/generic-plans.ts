import type { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import { type PgDatabase, PgDialect, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { type PgliteStatements, pgliteStatementsOf, sendableAsText } from './pglite-statements.js';

/** A drizzle database or transaction on either driver (client.ts's Db; not imported: client.ts imports this module). */
type Db = Pick<PgDatabase<PgQueryResultHKT>, 'execute'>;

/**
 * Statements run by a plan PostgreSQL makes once for their text and keeps (a generic plan of a named prepared
 * statement), instead of planning them again for each term. A search's statement can take a few milliseconds to plan
 * against one or two to run — at a million companies, `padaria sao joao` in CNPJ order planned in 1.3–2.0 ms and ran
 * in 1.5 on PGlite, planned in 0.6 and ran in 0.85 on PostgreSQL (docs/performance.md, 2026-11-30 10:30 UTC section).
 *
 * Only for statements whose best plan does not depend on their parameters' values: their structure (subqueries with
 * their own LIMIT, OFFSET 0, UNION ALL) decides which index reads what, and every test that depends on the term has
 * been decided in TypeScript (no `position($1 in $2) = 0 or …` guard, which only a plan for one term can fold).
 * PostgreSQL would not choose the generic plan by itself (its cost, estimated without the values, looks higher than
 * the custom plans'), so each run asks for it: `plan_cache_mode` is set for that one statement and reset after.
 */
export interface GenericPlans {
  rows<T>(statement: SQL): Promise<T[]>;
}

/**
 * Distinct statement texts kept prepared (per PGlite, per PostgreSQL connection); others are planned each time. Each
 * kept plan holds ~180 KB of the database's memory (a search's statement at a million companies: its source, query
 * and plan), so 50 are ~9 MB a connection. The texts differ by shape (order, filters, how the term is narrowed), not
 * by the term, which is a parameter.
 */
export const MAX_GENERIC_STATEMENTS = 50;

const dialect = new PgDialect();
const FORCE = 'set plan_cache_mode = force_generic_plan';
const FORCE_CUSTOM = 'set plan_cache_mode = force_custom_plan';
const RESET = 'reset plan_cache_mode';

/** Marks the client openPglite gives drizzle, with the PGlite behind it. */
export const PGLITE_OF = Symbol('PGlite behind this client');

/** The client drizzle sends `db`'s statements to (none for a transaction). */
const clientOf = (db: Db) => (db as unknown as { $client?: object }).$client;

/** The PGlite behind a client openPglite made; undefined for any other. */
const pgliteOf = (client: object) => (client as { [PGLITE_OF]?: PGlite })[PGLITE_OF];

/** Whether `db` sends its statements to PGlite (openPglite's client), where reading costs differ (companies-repository.ts). */
export const runsOnPglite = (db: Db) => PGLITE_OF in (clientOf(db) ?? {});

const known = new WeakMap<object, GenericPlans>();
const knownCustom = new WeakMap<object, GenericPlans>();
/** The statements named on each client (a pool or a PGlite), whichever drizzle instance sent them; one set each kind. */
const named = new WeakMap<object, StatementNames>();
const customNames = new WeakMap<object, StatementNames>();

function namesOf(client: object, names: WeakMap<object, StatementNames>, prefix: string): StatementNames {
  let kept = names.get(client);
  if (!kept) {
    kept = new StatementNames(prefix);
    names.set(client, kept);
  }
  return kept;
}

/** The generic plans of `db`'s engine (PGlite or a PostgreSQL pool); each statement planned each time for any other client. */
export function genericPlansOf(db: Db): GenericPlans {
  const client = clientOf(db);
  // A transaction's (drizzle gives it no client): its statements run inside it, planned each time.
  if (client === undefined) return new CustomPlans(db);
  let plans = known.get(db);
  if (!plans) {
    const names = namesOf(client, named, 'generic');
    const pglite = pgliteOf(client);
    plans = pglite
      ? new PgliteNamedPlans(db, names, pglite, FORCE)
      : client instanceof pg.Pool
        ? new PoolGenericPlans(db, names, client)
        : new CustomPlans(db);
    known.set(db, plans);
  }
  return plans;
}

/**
 * `db`'s statements planned for their values each time (what db.execute does), behind the same interface. On PGlite
 * each text is parsed once under a name and planned for each run's values (PgliteNamedPlans): parsing a search's
 * statement and PGlite's other calls into the engine for a statement given as text are ~0.2 ms of the ~2 ms a word's
 * walk in a name order takes there (docs/performance.md, 2026-12-01 15:17 UTC section).
 */
export function customPlansOf(db: Db): GenericPlans {
  const client = clientOf(db);
  const pglite = client && pgliteOf(client);
  // A transaction's statements run inside it (drizzle gives it no client); PostgreSQL's through the pool would need
  // two more round trips for the setting, more than parsing costs there.
  if (!client || !pglite) return new CustomPlans(db);
  let plans = knownCustom.get(db);
  if (!plans) {
    plans = new PgliteNamedPlans(db, namesOf(client, customNames, 'custom'), pglite, FORCE_CUSTOM);
    knownCustom.set(db, plans);
  }
  return plans;
}

class CustomPlans implements GenericPlans {
  constructor(private readonly db: Db) {}

  async rows<T>(statement: SQL): Promise<T[]> {
    return ((await this.db.execute(statement)) as unknown as { rows: T[] }).rows;
  }
}

/**
 * Where drizzle logs its queries (the logger given to drizzle(), if any): the statements sent here are logged there
 * too, as drizzle would log them. Read off its session (drizzle 0.45 keeps it there on both drivers).
 */
function loggerOf(db: Db): (text: string, params: unknown[]) => void {
  const logger = (db as unknown as { session?: { logger?: { logQuery?(text: string, params: unknown[]): void } } })
    .session?.logger;
  return (text, params) => logger?.logQuery?.(text, params);
}

/** A name for each distinct text, up to MAX_GENERIC_STATEMENTS of them, each `prefix_n`. */
class StatementNames {
  readonly #names = new Map<string, string>();

  constructor(private readonly prefix: string) {}

  nameOf(text: string): string | undefined {
    let name = this.#names.get(text);
    if (name === undefined && this.#names.size < MAX_GENERIC_STATEMENTS) {
      name = `${this.prefix}_${this.#names.size}`;
      this.#names.set(text, name);
    }
    return name;
  }
}

/**
 * A statement under its name, up to MAX_GENERIC_STATEMENTS texts, logged where drizzle logs; past that, planned each
 * time as drizzle would run it. Each engine sends it its own way (run).
 */
abstract class NamedPlans extends CustomPlans {
  readonly #log: ReturnType<typeof loggerOf>;

  constructor(
    db: Db,
    protected readonly names: StatementNames,
  ) {
    super(db);
    this.#log = loggerOf(db);
  }

  override async rows<T>(statement: SQL): Promise<T[]> {
    const { sql: text, params } = dialect.sqlToQuery(statement);
    const name = this.sends(params) ? this.names.nameOf(text) : undefined;
    if (name === undefined) return super.rows(statement);
    this.#log(text, params);
    return (await this.run(name, text, params)) as T[];
  }

  protected abstract run(name: string, text: string, params: unknown[]): Promise<unknown[]>;

  /** Whether run can send `params` (else the statement is planned as drizzle would run it). */
  protected sends(_params: readonly unknown[]): boolean {
    return true;
  }
}

/**
 * PostgreSQL through the pool: the pg driver parses a named statement once per connection; the setting around it
 * costs two short round trips, less than the planning they save.
 */
class PoolGenericPlans extends NamedPlans {
  constructor(
    db: Db,
    names: StatementNames,
    private readonly pool: pg.Pool,
  ) {
    super(db, names);
  }

  protected async run(name: string, text: string, params: unknown[]): Promise<unknown[]> {
    const connection = await this.pool.connect();
    let broken: unknown;
    try {
      await connection.query(FORCE);
      try {
        return (await connection.query({ name, text, values: params })).rows;
      } finally {
        await connection.query(RESET);
      }
    } catch (error) {
      // A connection that failed mid-way may still hold the setting: the pool drops it rather than lend it again.
      broken = error;
      throw error;
    } finally {
      connection.release(broken instanceof Error ? broken : undefined);
    }
  }
}

/**
 * PGlite: the setting (`plan_cache_mode`: force_generic_plan for generic plans, force_custom_plan for custom ones —
 * left to itself PostgreSQL may switch a named statement to its generic plan after five runs, and for a walk's LIMIT
 * that plan assumes a tenth of the table), the statement (parsed the first time) and the reset in one message to the
 * engine (PgliteStatements).
 */
class PgliteNamedPlans extends NamedPlans {
  readonly #statements: PgliteStatements;

  constructor(
    db: Db,
    names: StatementNames,
    pglite: PGlite,
    private readonly setting: string,
  ) {
    super(db, names);
    this.#statements = pgliteStatementsOf(pglite);
  }

  protected async run(name: string, text: string, params: unknown[]): Promise<unknown[]> {
    return (await this.#statements.run(name, text, params, { before: this.setting, after: RESET })).rows;
  }

  protected override sends(params: readonly unknown[]): boolean {
    return sendableAsText(params);
  }
}

/** What a drizzle prepared query sends its statement to (drizzle-orm/pglite's session, 0.45: its `client`). */
interface QueryClient {
  query(text: string, params?: unknown[], options?: { rowMode?: 'array' | 'object' }): Promise<unknown>;
}

/**
 * Drizzle's prepared statements (`.prepare(name)`: a list page of each shape, a user by id) kept under their name on
 * PGlite, as node-postgres keeps them on each PostgreSQL connection: drizzle's PGlite session takes the name and then
 * sends the text to `query`, parsed and planned every time (drizzle 0.45). Kept, a statement is parsed once, and
 * PostgreSQL's plan cache decides as it does on PostgreSQL whether to plan it again for its values (a page: yes, its
 * generic plan's cost, estimated for an unknown LIMIT, looks higher — and forced, the deep page's generic plan took
 * 0.7 s at a million companies) or to run its generic plan (a user by id, after five runs). Each prepared query is given
 * a client that runs its statement under that name (PgliteStatements), and falls back to `query` for a parameter it
 * cannot send as text. Statements of a transaction are prepared by the transaction's own session, not this one: they
 * are planned each time, as before.
 */
export function keepPreparedStatements(db: object, pglite: PGlite): void {
  const session = (db as { session?: { prepareQuery?: (...args: unknown[]) => { client?: QueryClient } } }).session;
  const prepareQuery = session?.prepareQuery;
  if (!session || !prepareQuery)
    throw new Error('drizzle session without prepareQuery: keepPreparedStatements needs updating');
  const statements = pgliteStatementsOf(pglite);
  session.prepareQuery = (...args: unknown[]) => {
    const prepared = prepareQuery.apply(session, args);
    const name = args[2];
    const client = prepared.client;
    if (typeof name !== 'string' || name === '' || !client) return prepared;
    prepared.client = {
      query: (text, params = [], options) =>
        sendableAsText(params)
          ? statements.run(name, text, params, { rowMode: options?.rowMode })
          : client.query(text, params, options),
    };
    return prepared;
  };
}
