import { COMPANIES_PAGE_SIZE } from '@backoffice/api-client';
import { type CompaniesFilter, CompaniesFilterSchema, SEARCH_MAX_LENGTH } from '@backoffice/contracts';
import { type ListSearch, pageParam } from '@backoffice/ui/kit';
import * as v from 'valibot';

const filter = CompaniesFilterSchema.entries;

/**
 * The companies screen's URL (spec §5): `page` and the API's own filter (`CompaniesFilterSchema`),
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
        v.transform((value) => value || undefined),
      ),
    ),
    undefined,
  ),
  type: v.fallback(filter.type, undefined),
  is_active: v.fallback(filter.is_active, undefined),
});
export type CompaniesSearch = ListSearch<typeof CompaniesSearchSchema>;

/** The filter part of the URL, as the API and the cache key take it. */
export function filterOf({ search, type, is_active }: Omit<CompaniesSearch, 'page'>): CompaniesFilter {
  return { search, type, is_active };
}

/** True when a search or filter narrows the list (what tells "no companies yet" from "no result"). */
export function hasActiveFilters(filter: CompaniesFilter): boolean {
  return filter.search !== undefined || !!filter.type || filter.is_active !== undefined;
}
