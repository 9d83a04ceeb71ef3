import {
  type CompaniesFilter,
  type CompaniesListQuery,
  type CompaniesPublic,
  type Company,
  type CompanyCreate,
  type CompanySort,
  type CompanyUpdate,
  MAX_LIMIT,
  type Message,
} from '@backoffice/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { type Download, download, request } from './http.js';
import { LIST_STALE_TIME_MS, pageInfo, pageToSkip, prefetchKept, usePrefetchNextPage } from './pagination.js';
import { queryClient } from './query-client.js';
import { type MutationConfig, type QueryConfig, useRefreshingMutation } from './query-config.js';
import { queryKeys } from './query-keys.js';
import { getToken } from './token.js';

/** Rows per page on the companies screen (spec §9). */
export const COMPANIES_PAGE_SIZE = 5;

/* ---------- fetchers ---------- */

export function readCompanies(query: Partial<CompaniesListQuery>, signal?: AbortSignal): Promise<CompaniesPublic> {
  return request<CompaniesPublic>('/companies/', { query: { ...query }, signal });
}

export function createCompany(body: CompanyCreate): Promise<Company> {
  return request<Company>('/companies/', { method: 'POST', json: body });
}

export function updateCompany({ id, body }: { id: string; body: CompanyUpdate }): Promise<Company> {
  return request<Company>(`/companies/${encodeURIComponent(id)}`, { method: 'PATCH', json: body });
}

export function deleteCompany(id: string): Promise<Message> {
  return request<Message>(`/companies/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** What an export asks for; `signal` stops the download (the screen that asked for it is gone). */
export interface ExportCompaniesParams extends Omit<CompaniesPageParams, 'page'> {
  signal?: AbortSignal | undefined;
}

/** The whole filtered list in the order asked, as the API's CSV file (streamed in; see `download`). */
export function exportCompaniesCsv(
  { filter = {}, sort, signal }: ExportCompaniesParams,
  onProgress?: (bytes: number) => void,
): Promise<Download> {
  return download('/companies/export.csv', {
    accept: 'text/csv',
    query: {
      search: filter.search || undefined,
      type: filter.type || undefined,
      is_active: filter.is_active,
      sort: sort === 'newest' ? undefined : sort,
    },
    signal,
    onProgress,
  });
}

/* ---------- queries ---------- */

/** One page of the companies screen: `page` and the filter of its URL. */
export interface CompaniesPageParams {
  page: number;
  filter?: CompaniesFilter;
  /** The order; absent is the API's default (newest first). */
  sort?: CompanySort | undefined;
}

/** One page (`COMPANIES_PAGE_SIZE` rows) of the filtered list; the previous page stays while paging. */
export function companiesPageQueryOptions({ page, filter = {}, sort }: CompaniesPageParams) {
  return queryOptions({
    queryKey: queryKeys.companies.page(page, filter, sort),
    queryFn: ({ signal }) =>
      readCompanies(
        {
          skip: pageToSkip(page, COMPANIES_PAGE_SIZE),
          limit: COMPANIES_PAGE_SIZE,
          search: filter.search || undefined,
          type: filter.type || undefined,
          is_active: filter.is_active,
          sort: sort === 'newest' ? undefined : sort,
        },
        signal,
      ),
    placeholderData: keepPreviousData,
    staleTime: LIST_STALE_TIME_MS,
  });
}

/**
 * Asks for a companies page before its screen renders: the page's module does, from the shell's route
 * loader, so the rows are on their way while the frame and the heading render. Kept unobserved like a
 * prefetched next page; nothing is asked for outside a session.
 */
export function prefetchCompanies(params: CompaniesPageParams): Promise<void> {
  if (getToken() === null) return Promise.resolve();
  return prefetchKept(queryClient, companiesPageQueryOptions(params));
}

/** The companies screen's page; the next page is prefetched while this one shows (spec §4). */
export function useCompanies({
  page,
  filter,
  sort,
  queryConfig,
}: CompaniesPageParams & { queryConfig?: QueryConfig<typeof companiesPageQueryOptions> }) {
  const query = useQuery({ ...companiesPageQueryOptions({ page, filter, sort }), ...queryConfig });
  const { hasNext } = pageInfo(page, COMPANIES_PAGE_SIZE, query);
  usePrefetchNextPage(hasNext ? companiesPageQueryOptions({ page: page + 1, filter, sort }) : undefined);
  return query;
}

/** The dashboard's first page of companies (API maximum) for the total and the active count. */
export function companiesSummaryQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.companies.summary,
    queryFn: ({ signal }) => readCompanies({ skip: 0, limit: MAX_LIMIT }, signal),
  });
}

export function useCompaniesSummary({
  queryConfig,
}: {
  queryConfig?: QueryConfig<typeof companiesSummaryQueryOptions>;
} = {}) {
  return useQuery({ ...companiesSummaryQueryOptions(), ...queryConfig });
}

/**
 * "Exportar CSV": `mutateAsync({ filter, sort, signal })` answers the file (an aborted `signal` rejects
 * with an AbortError); `received` counts its bytes while it downloads (the size is not known ahead: the
 * server streams it), for the button's progress.
 */
export function useExportCompanies() {
  const [received, setReceived] = useState(0);
  const mutation = useMutation({
    mutationFn: (params: ExportCompaniesParams) => {
      setReceived(0);
      return exportCompaniesCsv(params, setReceived);
    },
  });
  return { ...mutation, received };
}

/* ---------- mutations: each refreshes every companies query (lists and the dashboard) ---------- */

function refreshCompanies() {
  return queryClient.invalidateQueries({ queryKey: queryKeys.companies.all });
}

export function useCreateCompany({ mutationConfig }: { mutationConfig?: MutationConfig<Company, CompanyCreate> } = {}) {
  return useRefreshingMutation(createCompany, refreshCompanies, mutationConfig);
}

export function useUpdateCompany({
  mutationConfig,
}: {
  mutationConfig?: MutationConfig<Company, Parameters<typeof updateCompany>[0]>;
} = {}) {
  return useRefreshingMutation(updateCompany, refreshCompanies, mutationConfig);
}

export function useDeleteCompany({ mutationConfig }: { mutationConfig?: MutationConfig<Message, string> } = {}) {
  return useRefreshingMutation(deleteCompany, refreshCompanies, mutationConfig);
}
