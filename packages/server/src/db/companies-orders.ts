import type { CompanySort } from '@backoffice/contracts';
import { asc, desc, type SQLWrapper } from 'drizzle-orm';
import { companies } from './schema.js';

/**
 * The orders of the companies list (`sort`): what each sorts by and in which direction. One place for them: the
 * repository's statements order by them, and the product's sample of the companies (companies-sample.ts) places a
 * key among them.
 */

/** One order of the list. */
export interface SortOrder {
  keys: SQLWrapper[];
  descending: boolean;
  /** A name order: a search in it needs its own plan (searchInNameOrder). */
  byName: boolean;
}

/**
 * Each order of the list (`sort`), whitelisted: its keys, all in one direction, the last one unique so
 * the order is total. Newest first (the default), ties broken by id; names by their stored keys
 * (search_normalize, migration 0006), then id; the CNPJ is unique on its own.
 */
export const SORTS: Record<CompanySort, SortOrder> = {
  newest: { keys: [companies.created_at, companies.id], descending: true, byName: false },
  trading_name: { keys: [companies.trading_name_key, companies.id], descending: false, byName: true },
  '-trading_name': { keys: [companies.trading_name_key, companies.id], descending: true, byName: true },
  legal_name: { keys: [companies.legal_name_key, companies.id], descending: false, byName: true },
  '-legal_name': { keys: [companies.legal_name_key, companies.id], descending: true, byName: true },
  cnpj: { keys: [companies.tax_id], descending: false, byName: false },
  '-cnpj': { keys: [companies.tax_id], descending: true, byName: false },
};

/** The CNPJ orders: the name orders' indexes carry the CNPJ (migration 0017), so startsFirst can sort by it. */
export const CNPJ_ORDERS = new Set<CompanySort>(['cnpj', '-cnpj']);

/** Which line of the search text holds each name order's key (search_normalize of the name, as stored). */
export const KEY_LINE: Partial<Record<CompanySort, 0 | 1>> = {
  trading_name: 0,
  '-trading_name': 0,
  legal_name: 1,
  '-legal_name': 1,
};

/** The stored name key on each line of the search text (KEY_LINE): the trading name's, then the legal name's. */
export const NAME_KEYS = [companies.trading_name_key, companies.legal_name_key] as const;

/** The other name's key than line `line`'s. */
export const otherNameKey = (line: 0 | 1) => NAME_KEYS[line === 0 ? 1 : 0];

/** `sort`'s keys as an ORDER BY, each in the order's direction. */
export const orderOf = (sort: CompanySort) =>
  SORTS[sort].keys.map((key) => (SORTS[sort].descending ? desc(key) : asc(key)));
