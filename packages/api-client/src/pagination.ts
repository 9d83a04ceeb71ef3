import { type QueryKey, type UseQueryOptions, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';

/** `page` (1-based) → `skip` for a page of `pageSize` rows. */
export function pageToSkip(page: number, pageSize: number): number {
  return (Math.max(1, Math.trunc(page)) - 1) * pageSize;
}

/** Next is offered only when the current page holds a full page of rows (spec §4). */
export function hasNextPage(rowsOnPage: number, pageSize: number): boolean {
  return rowsOnPage >= pageSize;
}

/** Previous is offered only after page 1. */
export function hasPreviousPage(page: number): boolean {
  return page > 1;
}

/**
 * How long a prefetched next page survives unobserved. With the product-wide `gcTime: 0` a prefetch
 * would be dropped at once, so only prefetches keep their result a little while.
 */
export const PREFETCH_GC_TIME_MS = 30_000;

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
    void client.prefetchQuery({ ...options, gcTime: PREFETCH_GC_TIME_MS } as Parameters<
      typeof client.prefetchQuery
    >[0]);
  }, [client, key]);
}
