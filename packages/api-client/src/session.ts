import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { loginAccessToken } from './auth.js';
import { onUnauthorized } from './http.js';
import { queryClient } from './query-client.js';
import type { MutationConfig, QueryConfig } from './query-config.js';
import { queryKeys } from './query-keys.js';
import { clearToken, getToken, setToken } from './token.js';
import { readUserMe } from './users.js';

export type Navigate = (path: string) => void | Promise<void>;

let navigate: Navigate = (path) => {
  window.location.assign(path);
};

/** The shell hands its router's `navigate` over so session changes never reload the page. */
export function setSessionNavigator(next: Navigate): void {
  navigate = next;
}

/** How long the current user stays fresh in the cache (spec §4, §9). */
export const CURRENT_USER_STALE_TIME_MS = 30_000;

export const LOGIN_PATH = '/login';
export const HOME_PATH = '/';

/** Login success stores the token, clears the caches and goes to `/` (spec §4). */
export async function login(credentials: { username: string; password: string }): Promise<void> {
  const token = await loginAccessToken(credentials);
  setToken(token.access_token);
  queryClient.clear();
  await navigate(HOME_PATH);
}

/** Logout removes the token, clears all cached data and goes to `/login` (spec §4). */
export async function logout(): Promise<void> {
  clearToken();
  await queryClient.cancelQueries();
  queryClient.clear();
  await navigate(LOGIN_PATH);
}

// Any 401 from the API ends the session.
onUnauthorized(() => {
  void logout();
});

/** The current user: only with a token, never retried, fresh 30 s, not kept once unused. */
export function currentUserQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.currentUser,
    queryFn: ({ signal }) => readUserMe(signal),
    enabled: () => getToken() !== null,
    retry: false,
    staleTime: CURRENT_USER_STALE_TIME_MS,
    gcTime: 0,
  });
}

export function useCurrentUser({ queryConfig }: { queryConfig?: QueryConfig<typeof currentUserQueryOptions> } = {}) {
  return useQuery({ ...currentUserQueryOptions(), ...queryConfig });
}

export function useLogin({
  mutationConfig,
}: {
  mutationConfig?: MutationConfig<void, { username: string; password: string }>;
} = {}) {
  return useMutation({ ...mutationConfig, mutationFn: login });
}
