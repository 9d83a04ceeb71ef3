import type { CompaniesFilter, CompanyCreate, CompanySort, CompanyType, CompanyUpdate } from '@backoffice/contracts';
import { DEFAULT_COMPANY_SORT, normalizeCnpj } from '@backoffice/contracts';
import { and, asc, desc, eq, gt, lt, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Db } from './client.js';
import { isUniqueViolation } from './errors.js';
import { type CompanyRow, companies, companyCounts } from './schema.js';

export class TaxIdTakenError extends Error {}

/**
 * A search that matches more rows than this is counted only up to here (`count_is_exact: false`):
 * counting a broad match over a million rows would cost more than the page it belongs to.
 */
export const SEARCH_COUNT_CAP = 10_000;

export interface CompanyList {
  data: CompanyRow[];
  count: number;
  count_is_exact: boolean;
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, '\\$&');
const containing = (value: string) => `%${escapeLike(value)}%`;

/**
 * Case- and accent-insensitive match over both names, plus the CNPJ typed with or without its
 * mask. Both sides go through the database's search_normalize, so they cannot disagree.
 */
function searchCondition(search: string): SQL | undefined {
  const matches: SQL[] = [sql`${companies.search_text} like search_normalize(${containing(search)})`];
  const cnpj = normalizeCnpj(search).toLowerCase();
  if (/^[0-9a-z]+$/.test(cnpj) && cnpj !== search.toLowerCase()) {
    matches.push(sql`${companies.search_text} like ${containing(cnpj)}`);
  }
  return or(...matches);
}

function typeFilter(type: CompanyType | '' | undefined): CompanyType | undefined {
  return type === '' ? undefined : type;
}

/** The filter as SQL: the list and the export narrow the same way. */
function filterCondition(filter: CompaniesFilter): SQL | undefined {
  const type = typeFilter(filter.type);
  const search = filter.search?.trim();
  return and(
    type ? eq(companies.type, type) : undefined,
    filter.is_active === undefined ? undefined : eq(companies.is_active, filter.is_active),
    search ? searchCondition(search) : undefined,
  );
}

const byTradingName = sql`search_normalize(${companies.trading_name})`;
const byLegalName = sql`search_normalize(${companies.legal_name})`;

/**
 * Each order of the list (`sort`), whitelisted: its keys, all in one direction, the last one unique so
 * the order is total. Newest first (the default), ties broken by id; names through `search_normalize`,
 * as their indexes (migration 0005) are built, then id; the CNPJ is unique on its own.
 */
const SORTS: Record<CompanySort, { keys: SQLWrapper[]; descending: boolean }> = {
  newest: { keys: [companies.created_at, companies.id], descending: true },
  trading_name: { keys: [byTradingName, companies.id], descending: false },
  '-trading_name': { keys: [byTradingName, companies.id], descending: true },
  legal_name: { keys: [byLegalName, companies.id], descending: false },
  '-legal_name': { keys: [byLegalName, companies.id], descending: true },
  cnpj: { keys: [companies.tax_id], descending: false },
  '-cnpj': { keys: [companies.tax_id], descending: true },
};

const orderOf = (sort: CompanySort) => SORTS[sort].keys.map((key) => (SORTS[sort].descending ? desc(key) : asc(key)));

/** Rows per query of an export: small enough to stream, large enough that 1 M rows are 1 000 queries. */
export const EXPORT_BATCH_SIZE = 1_000;

export class CompaniesRepository {
  constructor(private readonly db: Db) {}

  async list(
    filter: CompaniesFilter,
    skip: number,
    limit: number,
    sort: CompanySort = DEFAULT_COMPANY_SORT,
  ): Promise<CompanyList> {
    const type = typeFilter(filter.type);
    const search = filter.search?.trim();
    const where = filterCondition(filter);
    const rows = this.db
      .select()
      .from(companies)
      .where(where)
      .orderBy(...orderOf(sort))
      .offset(skip)
      .limit(limit);
    const [data, total] = await Promise.all([
      rows,
      search ? this.countSearch(where) : this.countFromCounters(type, filter.is_active),
    ]);
    return { data, ...total };
  }

  /** Totals without a search come from the trigger-maintained counters: exact and O(1). */
  private async countFromCounters(type: CompanyType | undefined, isActive: boolean | undefined) {
    const [row] = await this.db
      .select({ n: sql<number>`coalesce(sum(${companyCounts.n}), 0)::int` })
      .from(companyCounts)
      .where(
        and(
          type ? eq(companyCounts.type, type) : undefined,
          isActive === undefined ? undefined : eq(companyCounts.is_active, isActive),
        ),
      );
    return { count: row?.n ?? 0, count_is_exact: true };
  }

  private async countSearch(where: SQL | undefined) {
    const matching = this.db
      .select({ one: sql`1` })
      .from(companies)
      .where(where)
      .limit(SEARCH_COUNT_CAP + 1)
      .as('matching');
    const [row] = await this.db.select({ n: sql<number>`count(*)::int` }).from(matching);
    const n = row?.n ?? 0;
    return n > SEARCH_COUNT_CAP
      ? { count: SEARCH_COUNT_CAP, count_is_exact: false }
      : { count: n, count_is_exact: true };
  }

  /**
   * Every company of the filter in `sort` order, read in batches by keyset (each batch starts after the
   * last row's keys, an index range rather than an ever-growing offset), so memory stays constant and a
   * batch costs the same at row 1 as at row 1 000 000. The keys travel as text, so timestamps keep their
   * microseconds. No transaction is held between batches: a concurrent change shows or not, never twice.
   */
  async *exportRows(
    filter: CompaniesFilter,
    sort: CompanySort = DEFAULT_COMPANY_SORT,
    batchSize = EXPORT_BATCH_SIZE,
  ): AsyncGenerator<CompanyRow[]> {
    const where = filterCondition(filter);
    const { keys, descending } = SORTS[sort];
    const keyRow = sql`(${sql.join(keys, sql`, `)})`;
    let after: string[] | undefined;
    for (;;) {
      const afterLast = after
        ? (descending ? lt : gt)(
            keyRow,
            sql`(${sql.join(
              after.map((value) => sql`${value}`),
              sql`, `,
            )})`,
          )
        : undefined;
      const batch = await this.db
        .select({
          row: companies,
          cursor: sql<string[]>`array[${sql.join(
            keys.map((key) => sql`(${key})::text`),
            sql`, `,
          )}]`,
        })
        .from(companies)
        .where(and(where, afterLast))
        .orderBy(...orderOf(sort))
        .limit(batchSize);
      if (batch.length > 0) yield batch.map((entry) => entry.row);
      if (batch.length < batchSize) return;
      after = batch[batch.length - 1]?.cursor;
    }
  }

  async findById(id: string): Promise<CompanyRow | undefined> {
    const [row] = await this.db.select().from(companies).where(eq(companies.id, id)).limit(1);
    return row;
  }

  async create(company: CompanyCreate): Promise<CompanyRow> {
    try {
      const [row] = await this.db.insert(companies).values(company).returning();
      return row as CompanyRow;
    } catch (error) {
      if (isUniqueViolation(error)) throw new TaxIdTakenError();
      throw error;
    }
  }

  /** Inserts many rows in one statement (demo data, benchmarks); duplicates of tax_id are skipped. */
  async insertMany(rows: CompanyCreate[]): Promise<number> {
    if (rows.length === 0) return 0;
    const inserted = await this.db
      .insert(companies)
      .values(rows)
      .onConflictDoNothing({ target: companies.tax_id })
      .returning({ id: companies.id });
    return inserted.length;
  }

  async update(id: string, changes: CompanyUpdate): Promise<CompanyRow | undefined> {
    try {
      const [row] = await this.db
        .update(companies)
        .set({ ...changes, updated_at: new Date() })
        .where(eq(companies.id, id))
        .returning();
      return row;
    } catch (error) {
      if (isUniqueViolation(error)) throw new TaxIdTakenError();
      throw error;
    }
  }

  async delete(id: string): Promise<boolean> {
    const rows = await this.db.delete(companies).where(eq(companies.id, id)).returning({ id: companies.id });
    return rows.length > 0;
  }
}
