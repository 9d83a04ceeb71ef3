import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  prefetchCompanies,
  queryClient,
  requestCurrentUserEarly,
  useCompanies,
  useCurrentUser,
  useDeleteCompany,
  useUsersSummary,
} from '../src/index.js';
import { queryKeys } from '../src/query-keys.js';

const fetchMock = vi.fn<typeof fetch>();
const ok = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });
const page = (rows: number, count: number) => ({
  data: Array.from({ length: rows }, (_, i) => ({ id: String(i) })),
  count,
  count_is_exact: true,
});

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  queryClient.clear();
});
afterEach(() => vi.unstubAllGlobals());

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
);
const skips = () => fetchMock.mock.calls.map(([url]) => new URL(String(url)).searchParams.get('skip'));

describe('query hooks', () => {
  it('prefetch the next page only when the answer says there is one', async () => {
    fetchMock.mockImplementation(async (url) =>
      ok(new URL(String(url)).searchParams.get('skip') === '0' ? page(5, 7) : page(2, 7)),
    );
    const { result, rerender } = renderHook(({ p }) => useCompanies({ page: p }), { wrapper, initialProps: { p: 1 } });
    await waitFor(() => expect(skips()).toEqual(['0', '5']));
    rerender({ p: 2 });
    await waitFor(() => expect(result.current.data?.data).toHaveLength(2));
    // Page 2 came from the prefetch, and its short page asks for no page 3.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(skips()).toEqual(['0', '5']);
  });

  it('take the caller’s queryConfig (the dashboard disables the users card for ordinary users)', async () => {
    fetchMock.mockImplementation(async () => ok(page(0, 0)));
    const { result } = renderHook(() => useUsersSummary({ queryConfig: { enabled: false } }), { wrapper });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(result.current.fetchStatus).toBe('idle');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('mutation hooks', () => {
  it('refresh their lists before they resolve, then run the caller’s onSettled', async () => {
    const order: string[] = [];
    fetchMock.mockImplementation(async (_url, init) => {
      order.push(init?.method ?? 'GET');
      return ok(init?.method === 'DELETE' ? { message: 'ok' } : page(1, 1));
    });
    const list = renderHook(() => useCompanies({ page: 1 }), { wrapper });
    await waitFor(() => expect(list.result.current.data).toBeDefined());
    const onSettled = vi.fn(() => {
      order.push('onSettled');
    });
    const { result } = renderHook(() => useDeleteCompany({ mutationConfig: { onSettled } }), { wrapper });
    await act(() => result.current.mutateAsync('id-1'));
    expect(order).toEqual(['GET', 'DELETE', 'GET', 'onSettled']);
    expect(onSettled).toHaveBeenCalledWith({ message: 'ok' }, null, 'id-1', undefined, expect.anything());
    expect(queryClient.getQueryState(queryKeys.companies.page(1, {}))?.isInvalidated).toBe(false);
  });
});

describe('the current user asked for early', () => {
  const me = { id: '1', email: 'a@b.co', full_name: 'A', is_superuser: false, is_active: true };
  const tick = () => new Promise((resolve) => setTimeout(resolve, 20));
  afterEach(() => localStorage.clear());

  it('is fetched once, kept until the frame shows it, and dropped once unused', async () => {
    localStorage.setItem('access_token', 't');
    fetchMock.mockImplementation(async () => ok(me));
    requestCurrentUserEarly();
    requestCurrentUserEarly();
    await waitFor(() => expect(queryClient.getQueryData(queryKeys.currentUser)).toEqual(me));
    // gcTime 0 would drop an answer nobody observes; the early request holds it for the frame.
    await tick();
    expect(queryClient.getQueryData(queryKeys.currentUser)).toEqual(me);
    const { result, unmount } = renderHook(() => useCurrentUser(), { wrapper });
    expect(result.current.data).toEqual(me);
    await tick();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // The frame took it over: once the frame is gone, so is the answer (spec: not kept once unused).
    unmount();
    await tick();
    expect(queryClient.getQueryData(queryKeys.currentUser)).toBeUndefined();
  });

  it('asks nothing without a token, nor while the frame already shows the user', async () => {
    fetchMock.mockImplementation(async () => ok(me));
    requestCurrentUserEarly();
    await tick();
    expect(fetchMock).not.toHaveBeenCalled();
    localStorage.setItem('access_token', 't');
    const { result } = renderHook(() => useCurrentUser(), { wrapper });
    await waitFor(() => expect(result.current.data).toEqual(me));
    requestCurrentUserEarly();
    await tick();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('a companies page asked for ahead', () => {
  it('is fetched once and kept for the page that shows it, and not at all outside a session', async () => {
    fetchMock.mockImplementation(async () => ok(page(5, 12)));
    await prefetchCompanies({ page: 2, filter: { search: 'x' } });
    expect(fetchMock).not.toHaveBeenCalled();
    localStorage.setItem('access_token', 't');
    await prefetchCompanies({ page: 2, filter: { search: 'x' } });
    // gcTime 0 would drop it at once; a prefetch keeps it like the next page.
    await new Promise((resolve) => setTimeout(resolve, 20));
    const { result } = renderHook(() => useCompanies({ page: 2, filter: { search: 'x' } }), { wrapper });
    expect(result.current.data?.data).toHaveLength(5);
    await waitFor(() => expect(skips()).toEqual(['5', '10']));
    localStorage.clear();
  });
});
