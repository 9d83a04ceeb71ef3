import type { CompaniesFilter } from '@backoffice/api-client';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  applyCompaniesSearch,
  type CompaniesSearchChanges,
  hasActiveFilters,
  parseCompaniesSearch,
} from './companies-search';

export interface CompaniesSearchParams {
  filter: CompaniesFilter;
  filtered: boolean;
  /** Changes search/type/is_active (the page goes back to 1). */
  setFilter: (changes: Omit<CompaniesSearchChanges, 'page'>) => void;
  setPage: (page: number, options?: { replace?: boolean }) => void;
  clearFilters: () => void;
}

/** The URL is the source of truth of the list (DESIGN §6): reload and back/forward restore the view. */
export function useCompaniesSearchParams(): CompaniesSearchParams {
  const [searchParams, setSearchParams] = useSearchParams();
  const key = searchParams.toString();
  const filter = useMemo(() => parseCompaniesSearch(searchParams), [key]);

  const setFilter = useCallback(
    (changes: Omit<CompaniesSearchChanges, 'page'>) =>
      setSearchParams((current) => applyCompaniesSearch(current, changes)),
    [setSearchParams],
  );
  const setPage = useCallback(
    (page: number, options?: { replace?: boolean }) =>
      setSearchParams((current) => applyCompaniesSearch(current, { page }), options),
    [setSearchParams],
  );
  const clearFilters = useCallback(
    () =>
      setSearchParams((current) =>
        applyCompaniesSearch(current, { search: undefined, type: undefined, is_active: undefined }),
      ),
    [setSearchParams],
  );

  return { filter, filtered: hasActiveFilters(filter), setFilter, setPage, clearFilters };
}
