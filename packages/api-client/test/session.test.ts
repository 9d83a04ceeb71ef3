import { CompaniesFilterSchema } from '@backoffice/contracts';
import * as v from 'valibot';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { companiesPageQueryOptions } from '../src/companies.js';
import { configureApiClient } from '../src/configure.js';
import { pageInfo } from '../src/pagination.js';
import { createQueryClient, queryClient } from '../src/query-client.js';
import { queryKeys } from '../src/query-keys.js';
import { CURRENT_USER_STALE_TIME_MS, currentUserQueryOptions, login, logout } from '../src/session.js';
import { GREETING_STORAGE_KEY, getToken, setToken } from '../src/token.js';
import { readUserMe, registerUser, updateUser, updateUserMe, usersPageQueryOptions } from '../src/users.js';

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
    configureApiClient({ navigate });
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
    configureApiClient({ navigate });
    setToken('t');
    queryClient.setQueryData(queryKeys.currentUser, { email: 'a@b.co' });
    await logout();
    expect(getToken()).toBeNull();
    expect(queryClient.getQueryData(queryKeys.currentUser)).toBeUndefined();
    expect(navigate).toHaveBeenCalledWith('/login');
  });
});

describe('the greeting kept for the first paint', () => {
  const kept = () => JSON.parse(localStorage.getItem(GREETING_STORAGE_KEY) ?? 'null');
  afterEach(() => configureApiClient());

  it('keeps the current user’s id, name and super-user right at each answer about them, and forgets them with the session', async () => {
    configureApiClient({ navigate: vi.fn() });
    setToken('t');
    fetchMock.mockImplementation(async () => ok({ id: 'u-1', email: 'a@b.co', full_name: 'Ana', is_superuser: true }));
    await readUserMe();
    expect(kept()).toEqual({ id: 'u-1', name: 'Ana', superuser: true });
    fetchMock.mockImplementation(async () => ok({ id: 'u-1', email: 'a@b.co', full_name: null, is_superuser: false }));
    await updateUserMe({ full_name: null } as never);
    expect(kept()).toEqual({ id: 'u-1', name: null, superuser: false });
    await logout();
    expect(localStorage.getItem(GREETING_STORAGE_KEY)).toBeNull();
  });

  it('writes nothing into the storage of a page that embeds a screen with its own token', async () => {
    configureApiClient({ tokenSource: () => 'host-token' });
    fetchMock.mockImplementation(async () => ok({ id: 'u-1', email: 'a@b.co', full_name: 'Ana' }));
    await readUserMe();
    expect(localStorage.length).toBe(0);
  });
});

describe('resources', () => {
  it('pages the companies list by COMPANIES_PAGE_SIZE with the URL filters', async () => {
    fetchMock.mockImplementation(async () => ok({ data: [], count: 0, count_is_exact: true }));
    const filter = { search: 'acme', type: 'matriz', is_active: true } as const;
    const options = companiesPageQueryOptions({ page: 3, filter });
    expect(options.queryKey).toEqual(queryKeys.companies.page(3, filter));
    // Absent and empty filter values are one key, once the filter's schema has read them (as the screen's URL does).
    const empty = v.parse(CompaniesFilterSchema, { type: '', search: ' ' });
    expect(companiesPageQueryOptions({ page: 1, filter: empty }).queryKey).toEqual(
      companiesPageQueryOptions({ page: 1 }).queryKey,
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
    await updateUser({ id: 'id-1', body: { email: 'a@b.co', password: '', confirm_password: '', is_active: true } });
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({ email: 'a@b.co', is_active: true });
    await updateUser({ id: 'id-1', body: { password: 'longenough', confirm_password: 'longenough' } });
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
});

describe('pageInfo', () => {
  const answer = (rows: number, count: number, count_is_exact?: boolean) => ({
    data: Array.from({ length: rows }),
    count,
    count_is_exact,
  });

  it('offers previous only after page 1, and next only on a full page the count does not end', () => {
    expect(pageInfo(1, 5, { data: answer(5, 12, true), isPlaceholderData: false })).toEqual({
      settled: true,
      hasPrevious: false,
      hasNext: true,
      lastPage: 3,
      pastTheEnd: false,
    });
    expect(pageInfo(3, 5, { data: answer(2, 12, true), isPlaceholderData: false })).toMatchObject({
      hasPrevious: true,
      hasNext: false,
    });
    // A full last page: the exact count says there is nothing after it (users' counts are exact too).
    expect(pageInfo(2, 5, { data: answer(5, 10, true), isPlaceholderData: false }).hasNext).toBe(false);
    expect(pageInfo(2, 10, { data: answer(10, 20), isPlaceholderData: false }).hasNext).toBe(false);
    // A capped count is a lower bound: a full page may have a next one.
    expect(pageInfo(2000, 5, { data: answer(5, 10_000, false), isPlaceholderData: false }).hasNext).toBe(true);
  });

  it('offers no next page while the previous page stands in for the one loading', () => {
    expect(pageInfo(1, 5, { data: answer(5, 12, true), isPlaceholderData: true })).toMatchObject({
      settled: false,
      hasNext: false,
      pastTheEnd: false,
    });
    expect(pageInfo(1, 5, { data: undefined, isPlaceholderData: false })).toMatchObject({
      settled: false,
      hasNext: false,
      lastPage: 1,
    });
  });

  it('tells an empty page after the end (an old link, the last rows deleted)', () => {
    expect(pageInfo(4, 10, { data: answer(0, 12), isPlaceholderData: false })).toMatchObject({
      pastTheEnd: true,
      lastPage: 2,
    });
    expect(pageInfo(1, 10, { data: answer(0, 0), isPlaceholderData: false }).pastTheEnd).toBe(false);
  });
});

describe('singleton', () => {
  it('registers the product QueryClient once on the page for the browser tests', () => {
    expect(window.__BACKOFFICE_QUERY_CLIENTS__).toEqual([queryClient]);
  });
});
