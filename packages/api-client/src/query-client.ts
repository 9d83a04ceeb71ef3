import { QueryClient } from '@tanstack/react-query';

/** Spec §4 defaults: no retry, no refetch on window focus, nothing kept in cache once unused. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, gcTime: 0 },
      mutations: { retry: false },
    },
  });
}

/**
 * The one QueryClient of the product. This package is a Module Federation singleton, so the shell
 * and every remote get this very instance.
 */
export const queryClient: QueryClient = createQueryClient();

declare global {
  interface Window {
    /** Every QueryClient this page created as the product singleton: more than one means a remote
     * did not get the shared copy of this package (checked by the browser tests). */
    __BACKOFFICE_QUERY_CLIENTS__?: QueryClient[];
  }
}

if (typeof window !== 'undefined') {
  window.__BACKOFFICE_QUERY_CLIENTS__ = [...(window.__BACKOFFICE_QUERY_CLIENTS__ ?? []), queryClient];
}
