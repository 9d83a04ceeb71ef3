import {
  type QueryClient,
  type QueryKey,
  type UseQueryOptions,
  type UseQueryResult,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useEffect, useRef } from 'react';

/** `page` (1-based) → `skip` for a page of `pageSize` rows. */
export function pageToSkip(page: number, pageSize: number): number {
  return (Math.max(1, Math.trunc(page)) - 1) * pageSize;
}

/**
 * A page that is this fresh is shown without asking again: the next page, prefetched while the
 * current one shows, appears at once when the person moves to it.
 */
export const LIST_STALE_TIME_MS = 5_000;

/**
 * How long a prefetched next page survives unobserved. With the product-wide `gcTime: 0` a prefetch
 * would be dropped at once, so only prefetches keep their result a little while.
 */
export const PREFETCH_GC_TIME_MS = 30_000;

/** Fetches a query nobody shows yet and keeps its answer `PREFETCH_GC_TIME_MS` for the screen that will. */
export function prefetchKept<TData, TKey extends QueryKey>(
  client: QueryClient,
  options: UseQueryOptions<TData, Error, TData, TKey> & { queryKey: TKey },
): Promise<void> {
  return client.prefetchQuery({ ...options, gcTime: PREFETCH_GC_TIME_MS } as Parameters<
    typeof client.prefetchQuery
  >[0]);
}

/** A list answer of the API: a page of rows and the total (`count_is_exact` false: more than `count` match). */
export interface ListAnswer {
  data: readonly unknown[];
  count: number;
  count_is_exact?: boolean;
}

/** Where a page stands in its list, as the pagination footer and the screen need it. */
export interface PageInfo {
  /** The answer for this very page is in (not the previous page kept on screen while it loads). */
  settled: boolean;
  /** Previous only after page 1 (spec §4). */
  hasPrevious: boolean;
  /** Next only after a full page (spec §4), and not when an exact count says this page was the last. */
  hasNext: boolean;
  /** The last page by the count (1 for an empty list). */
  lastPage: number;
  /** An empty page after page 1: an old link, or the last rows deleted meanwhile. */
  pastTheEnd: boolean;
}

export function pageInfo(
  page: number,
  pageSize: number,
  query: { data?: ListAnswer | undefined; isPlaceholderData: boolean },
): PageInfo {
  const answer = query.data;
  const settled = answer !== undefined && !query.isPlaceholderData;
  const rows = answer?.data.length ?? 0;
  const knownLast = answer?.count_is_exact !== false && page * pageSize >= (answer?.count ?? 0);
  return {
    settled,
    hasPrevious: page > 1,
    hasNext: settled && rows >= pageSize && !knownLast,
    lastPage: Math.max(1, Math.ceil((answer?.count ?? 0) / pageSize)),
    pastTheEnd: settled && rows === 0 && page > 1,
  };
}

/** Prefetches the next page while the current one shows; pass `undefined` when there is none. */
export function usePrefetchNextPage<TData, TKey extends QueryKey>(
  nextPageOptions: (UseQueryOptions<TData, Error, TData, TKey> & { queryKey: TKey }) | undefined,
): void {
  const client = useQueryClient();
  // Options objects are rebuilt each render; the serialised key says when the next page changed.
  const latest = useRef(nextPageOptions);
  latest.current = nextPageOptions;
  const key = nextPageOptions ? JSON.stringify(nextPageOptions.queryKey) : undefined;
  useEffect(() => {
    const options = latest.current;
    if (!key || !options) return;
    void prefetchKept(client, options);
  }, [client, key]);
}

/**
 * A list screen's page: the query for `page` (with the screen's `queryConfig`), and the next page, built by
 * the same `optionsOf`, prefetched while this one shows when there is one (spec §4).
 */
export function useListPage<TData extends ListAnswer, TKey extends QueryKey>(
  page: number,
  pageSize: number,
  optionsOf: (page: number) => UseQueryOptions<TData, Error, TData, TKey> & { queryKey: TKey },
  queryConfig?: Omit<Partial<UseQueryOptions<TData, Error, TData, TKey>>, 'queryKey' | 'queryFn'>,
): UseQueryResult<TData, Error> {
  const query = useQuery({ ...optionsOf(page), ...queryConfig });
  const { hasNext } = pageInfo(page, pageSize, query);
  usePrefetchNextPage(hasNext ? optionsOf(page + 1) : undefined);
  return query;
}

/** A total and how many of it are active (the dashboard's figures), both counted by the API. */
export interface ActiveSummary {
  count: number;
  active: number;
}

/**
 * A list's `ActiveSummary`: two one-row pages, all and active only, whose counts the API gives — not the
 * active rows of one loaded page.
 */
export async function activeSummaryOf(
  read: (query: { skip: number; limit: number; is_active?: boolean }, signal?: AbortSignal) => Promise<ListAnswer>,
  signal?: AbortSignal,
): Promise<ActiveSummary> {
  const [all, active] = await Promise.all([
    read({ skip: 0, limit: 1 }, signal),
    read({ skip: 0, limit: 1, is_active: true }, signal),
  ]);
  return { count: all.count, active: active.count };
}
