import type { CompaniesFilter, CompanySort } from '@backoffice/contracts';
import { type ListSearchChanges, useListSearchParams } from '@backoffice/ui/kit';
import { useCallback, useMemo } from 'react';
import { CompaniesSearchSchema, filterOf, hasActiveFilters } from '../pages/companies-search';

export type CompaniesFilterChanges = Omit<ListSearchChanges<typeof CompaniesSearchSchema>, 'page' | 'sort'>;

/** The companies list's page, filter and order, kept in the URL (reload and back/forward restore them). */
export function useCompaniesSearchParams() {
  const { params, setParams, setPage } = useListSearchParams(CompaniesSearchSchema);
  const { search, type, is_active } = params;
  const filter: CompaniesFilter = useMemo(() => filterOf({ search, type, is_active }), [search, type, is_active]);
  /** Changes search/type/is_active (the page goes back to 1). */
  const setFilter = useCallback((changes: CompaniesFilterChanges) => setParams(changes), [setParams]);
  /** Changes the order (the page goes back to 1); `undefined` is the default, newest first. */
  const setSort = useCallback(
    (sort: string | undefined) => setParams({ sort: sort as CompanySort | undefined }),
    [setParams],
  );
  const clearFilters = useCallback(
    () => setParams({ search: undefined, type: undefined, is_active: undefined }),
    [setParams],
  );
  return {
    page: params.page,
    filter,
    sort: params.sort,
    filtered: hasActiveFilters(filter),
    setFilter,
    setSort,
    setPage,
    clearFilters,
  };
}
