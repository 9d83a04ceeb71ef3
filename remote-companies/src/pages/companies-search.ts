import { COMPANIES_PAGE_SIZE } from '@backoffice/api-client';
import {
  COMPANY_SORTS,
  type CompaniesFilter,
  CompaniesFilterSchema,
  DEFAULT_COMPANY_SORT,
  SEARCH_MAX_LENGTH,
} from '@backoffice/contracts';
import { type ListSearch, pageParam, sortParam } from '@backoffice/ui/kit';
import * as v from 'valibot';

const filter = CompaniesFilterSchema.entries;

/**
 * The companies screen's URL (spec §5): `page`, the API's own filter (`CompaniesFilterSchema`) and `sort`,
 * read leniently: an invalid value is dropped rather than failing the screen (an invalid page is 1),
 * and a search longer than the API accepts is cut to fit.
 */
export const CompaniesSearchSchema = v.object({
  page: pageParam(COMPANIES_PAGE_SIZE),
  search: v.fallback(
    v.optional(
      v.pipe(
        v.string(),
        v.transform((value) => value.trim().slice(0, SEARCH_MAX_LENGTH)),
        v.unwrap(filter.search),
      ),
    ),
    undefined,
  ),
  type: v.fallback(filter.type, undefined),
  is_active: v.fallback(filter.is_active, undefined),
  /** The order (`COMPANY_SORTS`): an unknown one is the default, newest first, which stays out of the URL. */
  sort: sortParam(COMPANY_SORTS, DEFAULT_COMPANY_SORT),
});
export type CompaniesSearch = ListSearch<typeof CompaniesSearchSchema>;

/** The filter part of the URL, as the API and the cache key take it. */
export function filterOf({ search, type, is_active }: Omit<CompaniesSearch, 'page' | 'sort'>): CompaniesFilter {
  return { search, type, is_active };
}

/** True when a search or filter narrows the list (what tells "no companies yet" from "no result"). */
export function hasActiveFilters(filter: CompaniesFilter): boolean {
  return filter.search !== undefined || filter.type !== undefined || filter.is_active !== undefined;
}
