import type { CompaniesFilter, CompanyCreate, CompanyType, CompanyUpdate } from '@backoffice/contracts';
import { normalizeCnpj } from '@backoffice/contracts';
import { and, desc, eq, getTableColumns, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from './client.js';
import { isUniqueViolation } from './errors.js';
import { type CompanyRow, companies, companyCounts } from './schema.js';

export class TaxIdTakenError extends Error {}

/**
 * A page past the end of a search's matches counts them up to here (`count_is_exact: false`
 * beyond), so the screen can go back to the last page.
 */
export const SEARCH_COUNT_CAP = 10_000;

/** A company as lists return it: every column but the search text, which only the database reads. */
export type CompanyListRow = Omit<CompanyRow, 'search_text'>;

export interface CompanyList {
  data: CompanyListRow[];
  count: number;
  count_is_exact: boolean;
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, '\\$&');
const containing = (value: string) => `%${escapeLike(value)}%`;

/** `12.3`, `12.345.678/0001-9`: the beginning of a CNPJ written with its mask (at least one mask character). */
const MASKED_CNPJ_PREFIX =
  /^[0-9a-z]{2}\.(?:[0-9a-z]{0,3}|[0-9a-z]{3}\.(?:[0-9a-z]{0,3}|[0-9a-z]{3}\/(?:[0-9a-z]{0,4}|[0-9a-z]{4}-[0-9a-z]{0,2})))$/i;

/**
 * Case- and accent-insensitive match over both names, plus the CNPJ typed with or without its
 * mask. Both sides go through the database's search_normalize, so they cannot disagree. A term
 * shaped like the start of a masked CNPJ is the start of one: a prefix of tax_id, which a b-tree
 * answers at once (a trigram scan of "000…" reads a good part of the table).
 */
function searchCondition(search: string): SQL | undefined {
  if (MASKED_CNPJ_PREFIX.test(search)) return sql`${companies.tax_id} like ${`${escapeLike(normalizeCnpj(search))}%`}`;
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

const { search_text: _searchOnly, ...COLUMNS } = getTableColumns(companies);

/** Newest first, ties broken by id: the documented, deterministic order of every company list. */
const ORDER = [desc(companies.created_at), desc(companies.id)];

export class CompaniesRepository {
  constructor(private readonly db: Db) {}

  async list(filter: CompaniesFilter, skip: number, limit: number): Promise<CompanyList> {
    const type = typeFilter(filter.type);
    const search = filter.search?.trim();
    const where = and(
      type ? eq(companies.type, type) : undefined,
      filter.is_active === undefined ? undefined : eq(companies.is_active, filter.is_active),
      search ? searchCondition(search) : undefined,
    );
    if (search) return this.searchPage(where, skip, limit);
    // Without a search the total comes from the counters, in the same statement as the page: one
    // round trip instead of two. Only a page past the end (no row to carry it) asks again.
    const counted = this.countFromCounters(type, filter.is_active);
    const rows = await this.db
      .select({ ...COLUMNS, total: sql<number>`(${counted})`.mapWith(Number) })
      .from(companies)
      .where(where)
      .orderBy(...ORDER)
      .offset(skip)
      .limit(limit);
    const first = rows[0];
    const count = first ? first.total : ((await counted)[0]?.n ?? 0);
    return { data: rows.map(({ total: _, ...row }) => row), count, count_is_exact: true };
  }

  /** Totals without a search come from the trigger-maintained counters: exact and O(1). */
  private countFromCounters(type: CompanyType | undefined, isActive: boolean | undefined) {
    return this.db
      .select({ n: sql<number>`coalesce(sum(${companyCounts.n}), 0)::int` })
      .from(companyCounts)
      .where(
        and(
          type ? eq(companyCounts.type, type) : undefined,
          isActive === undefined ? undefined : eq(companyCounts.is_active, isActive),
        ),
      );
  }

  /**
   * A search reads one row past the page instead of counting its matches: counting a phrase that
   * matches a few thousand rows costs a scan of all of them (15-20 ms at a million rows), where
   * the page alone is read off the created_at index in about a millisecond. So `count` is exact
   * when this page reaches the end of the matches, and otherwise a lower bound (`count_is_exact:
   * false`: at least one row follows the page). Only a page past the end counts, to say where
   * the end is.
   */
  private async searchPage(where: SQL | undefined, skip: number, limit: number): Promise<CompanyList> {
    const rows = await this.db
      .select(COLUMNS)
      .from(companies)
      .where(where)
      .orderBy(...ORDER)
      .offset(skip)
      .limit(limit + 1);
    if (rows.length > limit) return { data: rows.slice(0, limit), count: skip + rows.length, count_is_exact: false };
    if (rows.length > 0 || skip === 0) return { data: rows, count: skip + rows.length, count_is_exact: true };
    return { data: rows, ...(await this.countSearch(where)) };
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
