import type { AuditEvents } from '@backoffice/contracts';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { request } from './http.js';
import { type AuditEventsFilter, queryKeys } from './query-keys.js';

/**
 * The activity list (super users), newest first; `fetchNextPage` reads older events. The list of the
 * previous filter stays (placeholder) while the new one loads.
 */
export function auditEventsQueryOptions(filter: AuditEventsFilter) {
  return infiniteQueryOptions({
    placeholderData: keepPreviousData,
    queryKey: queryKeys.audit.list(filter),
    queryFn: ({ signal, pageParam }) =>
      request<AuditEvents>('/audit-events', { query: { ...filter, cursor: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}

export function useAuditEvents({ filter = {} }: { filter?: AuditEventsFilter } = {}) {
  return useInfiniteQuery(auditEventsQueryOptions(filter));
}

/** A user's history (super users). */
export function userHistoryQueryOptions(id: string) {
  return infiniteQueryOptions({
    queryKey: queryKeys.audit.user(id),
    queryFn: ({ signal, pageParam }) =>
      request<AuditEvents>(`/users/${encodeURIComponent(id)}/history`, { query: { cursor: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}

export function useUserHistory({ id }: { id: string }) {
  return useInfiniteQuery(userHistoryQueryOptions(id));
}
