import { CURRENT_USER_STALE_TIME_MS } from '@backoffice/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  companiesQueryOptions,
  createQueryClient,
  currentUserQueryOptions,
  getToken,
  hasNextPage,
  hasPreviousPage,
  login,
  logout,
  queryClient,
  queryKeys,
  registerUser,
  setSessionNavigator,
  setToken,
  updateUser,
  usersPageQueryOptions,
} from '../src/index.js';

const fetchMock = vi.fn<typeof fetch>();
const ok = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  localStorage.clear();
  queryClient.clear();
});
afterEach(() => vi.unstubAllGlobals());

describe('query client', () => {
  it('uses the spec defaults: no retry, no refetch on focus, gcTime 0', () => {
    for (const client of [queryClient, createQueryClient()]) {
      const defaults = client.getDefaultOptions().queries;
      expect(defaults).toMatchObject({ retry: false, refetchOnWindowFocus: false, gcTime: 0 });
    }
  });

  it('keeps the current user under currentUser, fresh 30 s, only with a token', () => {
    const options = currentUserQueryOptions();
    expect(options.queryKey).toEqual(['currentUser']);
    expect(options).toMatchObject({ retry: false, staleTime: CURRENT_USER_STALE_TIME_MS, gcTime: 0 });
    const enabled = options.enabled as () => boolean;
    expect(enabled()).toBe(false);
    setToken('t');
    expect(enabled()).toBe(true);
  });
});

describe('session', () => {
  it('login stores the token, clears caches and goes to /', async () => {
    const navigate = vi.fn();
    setSessionNavigator(navigate);
    queryClient.setQueryData(queryKeys.companies.all, ['stale']);
    fetchMock.mockImplementation(async () => ok({ access_token: 'new-token', token_type: 'bearer' }));
    await login({ username: 'a@b.co', password: 'secret123' });
    expect(getToken()).toBe('new-token');
    expect(queryClient.getQueryData(queryKeys.companies.all)).toBeUndefined();
    expect(navigate).toHaveBeenCalledWith('/');
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(String(url)).toMatch(/\/api\/v1\/login\/access-token$/);
    expect(init?.body).toBe('username=a%40b.co&password=secret123');
  });

  it('logout removes the token, clears all cached data and goes to /login', async () => {
    const navigate = vi.fn();
    setSessionNavigator(navigate);
    setToken('t');
    queryClient.setQueryData(queryKeys.currentUser, { email: 'a@b.co' });
    await logout();
    expect(getToken()).toBeNull();
    expect(queryClient.getQueryData(queryKeys.currentUser)).toBeUndefined();
    expect(navigate).toHaveBeenCalledWith('/login');
  });
});

describe('resources', () => {
  it('pages the companies list by COMPANIES_PAGE_SIZE with the URL filters', async () => {
    fetchMock.mockImplementation(async () => ok({ data: [], count: 0, count_is_exact: true }));
    const options = companiesQueryOptions({ page: 3, search: 'acme', type: 'matriz', is_active: true });
    expect(options.queryKey).toEqual(
      queryKeys.companies.list({ page: 3, search: 'acme', type: 'matriz', is_active: true }),
    );
    await queryClient.fetchQuery(options);
    const url = new URL(String(fetchMock.mock.calls[0]?.[0]));
    expect(Object.fromEntries(url.searchParams)).toEqual({
      skip: '10',
      limit: '5',
      search: 'acme',
      type: 'matriz',
      is_active: 'true',
    });
  });

  it('pages the users list by USERS_PAGE_SIZE', async () => {
    fetchMock.mockImplementation(async () => ok({ data: [], count: 0 }));
    await queryClient.fetchQuery(usersPageQueryOptions(2));
    const url = new URL(String(fetchMock.mock.calls[0]?.[0]));
    expect(Object.fromEntries(url.searchParams)).toEqual({ skip: '10', limit: '10' });
  });

  it('drops an empty password from the admin edit payload', async () => {
    fetchMock.mockImplementation(async () => ok({}));
    await updateUser('id-1', { email: 'a@b.co', password: '', confirm_password: '', is_active: true });
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({ email: 'a@b.co', is_active: true });
    await updateUser('id-1', { password: 'longenough', confirm_password: 'longenough' });
    expect(JSON.parse(String(fetchMock.mock.calls[1]?.[1]?.body))).toEqual({
      password: 'longenough',
      confirm_password: 'longenough',
    });
  });

  it('signs up with e-mail, full name and password only', async () => {
    fetchMock.mockImplementation(async () => ok({}));
    await registerUser({ email: 'a@b.co', full_name: 'Ana', password: 'longenough', confirm_password: 'x' } as never);
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({
      email: 'a@b.co',
      full_name: 'Ana',
      password: 'longenough',
    });
  });

  it('offers next only on a full page and previous only after page 1', () => {
    expect(hasNextPage(5, 5)).toBe(true);
    expect(hasNextPage(4, 5)).toBe(false);
    expect(hasPreviousPage(1)).toBe(false);
    expect(hasPreviousPage(2)).toBe(true);
  });
});

describe('singleton', () => {
  it('registers the product QueryClient once on the page for the browser tests', () => {
    expect(window.__BACKOFFICE_QUERY_CLIENTS__).toEqual([queryClient]);
  });
});
