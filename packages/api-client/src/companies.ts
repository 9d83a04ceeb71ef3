import {
  COMPANIES_PAGE_SIZE,
  type CompaniesPublic,
  type Company,
  type CompanyCreate,
  type CompanyType,
  type CompanyUpdate,
  MAX_LIMIT,
  type Message,
} from '@backoffice/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { request } from './http.js';
import { pageToSkip } from './pagination.js';
import { queryClient } from './query-client.js';
import { queryKeys } from './query-keys.js';

/** What the companies screen shows: a page and the filters of the URL. */
export interface CompaniesFilter {
  page: number;
  search?: string;
  type?: CompanyType;
  is_active?: boolean;
}

export interface CompaniesListQuery {
  skip?: number;
  limit?: number;
  search?: string;
  type?: CompanyType;
  is_active?: boolean;
}

/* ---------- fetchers ---------- */

export function readCompanies(query: CompaniesListQuery = {}, signal?: AbortSignal): Promise<CompaniesPublic> {
  return request<CompaniesPublic>('/companies/', { query: { ...query }, signal });
}

export function readCompany(id: string, signal?: AbortSignal): Promise<Company> {
  return request<Company>(`/companies/${encodeURIComponent(id)}`, { signal });
}

export function createCompany(body: CompanyCreate): Promise<Company> {
  return request<Company>('/companies/', { method: 'POST', json: body });
}

export function updateCompany(id: string, body: CompanyUpdate): Promise<Company> {
  return request<Company>(`/companies/${encodeURIComponent(id)}`, { method: 'PATCH', json: body });
}

export function deleteCompany(id: string): Promise<Message> {
  return request<Message>(`/companies/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/* ---------- queries ---------- */

/** One page (`COMPANIES_PAGE_SIZE` rows) of the filtered list; the previous page stays while paging. */
export function companiesQueryOptions(filter: CompaniesFilter) {
  return queryOptions({
    queryKey: queryKeys.companies.list(filter),
    queryFn: ({ signal }) =>
      readCompanies(
        {
          skip: pageToSkip(filter.page, COMPANIES_PAGE_SIZE),
          limit: COMPANIES_PAGE_SIZE,
          search: filter.search || undefined,
          type: filter.type,
          is_active: filter.is_active,
        },
        signal,
      ),
    placeholderData: keepPreviousData,
  });
}

export function useCompanies(filter: CompaniesFilter, options: { enabled?: boolean } = {}) {
  return useQuery({ ...companiesQueryOptions(filter), enabled: options.enabled ?? true });
}

/** The dashboard's first page of companies (API maximum) for the total and the active count. */
export function companiesSummaryQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.companies.summary,
    queryFn: ({ signal }) => readCompanies({ skip: 0, limit: MAX_LIMIT }, signal),
  });
}

export function companyQueryOptions(id: string) {
  return queryOptions({ queryKey: queryKeys.companies.detail(id), queryFn: ({ signal }) => readCompany(id, signal) });
}

/* ---------- mutations ---------- */

function refreshCompanies() {
  return queryClient.invalidateQueries({ queryKey: queryKeys.companies.all });
}

export function useCreateCompany() {
  return useMutation({ mutationFn: createCompany, onSettled: refreshCompanies });
}

export function useUpdateCompany() {
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: CompanyUpdate }) => updateCompany(id, body),
    onSettled: refreshCompanies,
  });
}

export function useDeleteCompany() {
  return useMutation({ mutationFn: deleteCompany, onSettled: refreshCompanies });
}
