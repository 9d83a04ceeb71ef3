import type {
  AuditEvents,
  CompaniesFilter,
  CompaniesListQuery,
  CompaniesPublic,
  Company,
  CompanyBulk,
  CompanyBulkResult,
  CompanyCreate,
  CompanySort,
  CompanyUpdate,
  ImportEvent,
  ImportPreview,
  Message,
  RelatedCompanies,
} from '@backoffice/contracts';
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
} from '@tanstack/react-query';
import { useState } from 'react';
import { type Download, download, postStreamingLines, request } from './http.js';
import { activeSummaryOf, LIST_STALE_TIME_MS, pageToSkip, prefetchKept, useListPage } from './pagination.js';
import { queryClient } from './query-client.js';
import { mutationHook, type QueryConfig } from './query-config.js';
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
    query: { ...filter, sort: sort === 'newest' ? undefined : sort },
    signal,
    onProgress,
  });
}

/* ---------- queries ---------- */

/** One page of the companies screen: `page` and the filter of its URL. */
export interface CompaniesPageParams {
  page: number;
  /** As `CompaniesFilterSchema` gave it (trimmed, no empty values): sent and keyed as it is. */
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
          ...filter,
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
  return useListPage(
    page,
    COMPANIES_PAGE_SIZE,
    (pageNumber) => companiesPageQueryOptions({ page: pageNumber, filter, sort }),
    queryConfig,
  );
}

/**
 * The dashboard's figures: the registry's total and its active total, both counted by the API (the
 * counters behind a filter-only list), not the active rows of one loaded page.
 */
export function companiesSummaryQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.companies.summary,
    queryFn: ({ signal }) => activeSummaryOf(readCompanies, signal),
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

export const useCreateCompany = mutationHook(createCompany, refreshCompanies);
export const useUpdateCompany = mutationHook(updateCompany, refreshCompanies);
export const useDeleteCompany = mutationHook(deleteCompany, refreshCompanies);

/* ---------- one company: its page ---------- */

export function readCompany(id: string, signal?: AbortSignal): Promise<Company> {
  return request<Company>(`/companies/${encodeURIComponent(id)}`, { signal });
}

export function companyQueryOptions(id: string) {
  return queryOptions({ queryKey: queryKeys.companies.detail(id), queryFn: ({ signal }) => readCompany(id, signal) });
}

/** The company of `/companies/:id` (a 404 is an `ApiError`: the page shows it is missing or deleted). */
export function useCompany({ id, queryConfig }: { id: string; queryConfig?: QueryConfig<typeof companyQueryOptions> }) {
  return useQuery({ ...companyQueryOptions(id), ...queryConfig });
}

export function relatedCompaniesQueryOptions(id: string) {
  return queryOptions({
    queryKey: queryKeys.companies.related(id),
    queryFn: ({ signal }) => request<RelatedCompanies>(`/companies/${encodeURIComponent(id)}/related`, { signal }),
  });
}

/** The matriz and filiais of the company's CNPJ root. */
export function useRelatedCompanies({
  id,
  queryConfig,
}: {
  id: string;
  queryConfig?: QueryConfig<typeof relatedCompaniesQueryOptions>;
}) {
  return useQuery({ ...relatedCompaniesQueryOptions(id), ...queryConfig });
}

export function companyHistoryQueryOptions(id: string) {
  return infiniteQueryOptions({
    queryKey: queryKeys.companies.history(id),
    queryFn: ({ signal, pageParam }) =>
      request<AuditEvents>(`/companies/${encodeURIComponent(id)}/history`, {
        query: { cursor: pageParam },
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}

/** A company's history, newest first; `fetchNextPage` reads older events (keyset cursor). */
export function useCompanyHistory({ id }: { id: string }) {
  return useInfiniteQuery(companyHistoryQueryOptions(id));
}

export function restoreCompany(id: string): Promise<Company> {
  return request<Company>(`/companies/${encodeURIComponent(id)}/restore`, { method: 'POST' });
}

/** "Restaurar" (super users): brings a deleted company back; refreshes every companies query. */
export const useRestoreCompany = mutationHook(restoreCompany, refreshCompanies);

/* ---------- many companies at once ---------- */

export function bulkCompanies(body: CompanyBulk): Promise<CompanyBulkResult> {
  return request<CompanyBulkResult>('/companies/bulk', { method: 'POST', json: body });
}

/** Ativar, Desativar, Excluir selecionadas: one call, all or nothing. */
export const useBulkCompanies = mutationHook(bulkCompanies, refreshCompanies);

export function exportSelectedCompanies(ids: string[]): Promise<Download> {
  return download('/companies/export.csv', { method: 'POST', json: { ids }, accept: 'text/csv' });
}

/** "Exportar selecionadas": the selected companies as the export's CSV file. */
export const useExportSelectedCompanies = mutationHook(exportSelectedCompanies);

const csvFile = (file: Blob) => ({ data: file, type: 'text/csv' });

/**
 * "Importar CSV": `preview(file)` checks the file without writing; `run(file, onEvent)` imports it and
 * hears each batch's progress and then the summary; `rejected(file)` downloads the lines with errors.
 * After an import every companies query is refreshed.
 */
export function useCompanyImport() {
  const preview = useMutation({
    mutationFn: (file: Blob) =>
      request<ImportPreview>('/companies/import/preview', { method: 'POST', file: csvFile(file) }),
  });
  const run = useMutation({
    mutationFn: async ({ file, onEvent }: { file: Blob; onEvent: (event: ImportEvent) => void }) => {
      try {
        await postStreamingLines<ImportEvent>('/companies/import', { file: csvFile(file), onLine: onEvent });
      } finally {
        await refreshCompanies();
      }
    },
  });
  const rejected = useMutation({
    mutationFn: (file: Blob) =>
      download('/companies/import/rejected.csv', { method: 'POST', file: csvFile(file), accept: 'text/csv' }),
  });
  return { preview, run, rejected };
}
