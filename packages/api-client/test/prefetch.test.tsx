import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { companiesPageQueryOptions } from '../src/companies.js';
import { usePrefetchNextPage } from '../src/pagination.js';
import { queryClient } from '../src/query-client.js';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  fetchMock.mockImplementation(
    async () => new Response(JSON.stringify({ data: [], count: 0, count_is_exact: true }), { status: 200 }),
  );
  queryClient.clear();
});
afterEach(() => vi.unstubAllGlobals());

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
);

it('prefetches the next page and keeps it although queries have gcTime 0', async () => {
  const next = companiesPageQueryOptions({ page: 2 });
  renderHook(() => usePrefetchNextPage(next), { wrapper });
  await vi.waitFor(() => expect(queryClient.getQueryData(next.queryKey)).toBeDefined());
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(queryClient.getQueryData(next.queryKey)).toBeDefined();
  expect(new URL(String(fetchMock.mock.calls[0]?.[0])).searchParams.get('skip')).toBe('5');
});

it('prefetches nothing when there is no next page', async () => {
  renderHook(() => usePrefetchNextPage(undefined), { wrapper });
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(fetchMock).not.toHaveBeenCalled();
});
