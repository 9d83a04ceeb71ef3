import type { EmailChangeRevert, Message, Token } from '@backoffice/contracts';
import { QueryObserver, queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { forgetEarlyAnswers } from './early-data.js';
import { request } from './http.js';
import { queryClient } from './query-client.js';
import { mutationHook, type QueryConfig } from './query-config.js';
import { queryKeys } from './query-keys.js';
import { clearToken, getToken, setToken } from './token.js';
import { readUserMe } from './users.js';

export type Navigate = (path: string) => void | Promise<void>;

const assignLocation: Navigate = (path) => {
  window.location.assign(path);
};
let navigate: Navigate = assignLocation;

/** Set by `configureApiClient` only (configure.ts): the app's router, so session changes never reload the page. */
export function setSessionNavigator(next: Navigate | undefined): void {
  navigate = next ?? assignLocation;
}

/** How long the current user stays fresh in the cache (spec §4, §9). */
export const CURRENT_USER_STALE_TIME_MS = 30_000;

export const LOGIN_PATH = '/login';
export const HOME_PATH = '/';

/** The OAuth2 password login: form-encoded `username` and `password`. */
export function loginAccessToken(credentials: { username: string; password: string }): Promise<Token> {
  return request<Token>('/login/access-token', {
    method: 'POST',
    form: { username: credentials.username, password: credentials.password },
  });
}

/** Login success stores the token, clears the caches and goes to `/` (spec §4). */
export async function login(credentials: { username: string; password: string }): Promise<void> {
  const token = await loginAccessToken(credentials);
  setToken(token.access_token);
  forgetEarlyAnswers();
  releaseEarlyCurrentUser();
  queryClient.clear();
  await navigate(HOME_PATH);
}

/** Removes the token and every cached answer, staying on the page (the session is over on the server already). */
export async function forgetSession(): Promise<void> {
  clearToken();
  forgetEarlyAnswers();
  releaseEarlyCurrentUser();
  await queryClient.cancelQueries();
  queryClient.clear();
}

/** Logout removes the token, clears all cached data and goes to `/login` (spec §4). */
export async function logout(): Promise<void> {
  await forgetSession();
  await navigate(LOGIN_PATH);
}

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

/** Unsubscribes the early request's observer (see `requestCurrentUserEarly`). */
let releaseEarly: (() => void) | undefined;

function releaseEarlyCurrentUser(): void {
  releaseEarly?.();
  releaseEarly = undefined;
}

/**
 * Asks for the current user before anything shows it: the shell's signed-in route loader calls
 * this while the frame's code downloads, instead of the request starting when the frame first
 * renders. The query is still dropped as soon as nobody uses it (spec: "not kept in cache once
 * unused"), so the early request holds it with an observer of its own until the first
 * `useCurrentUser` has mounted and takes it over (or the session ends).
 */
export function requestCurrentUserEarly(): void {
  if (releaseEarly || getToken() === null) return;
  // In use already (the frame is on screen, or a request is under way): nothing to start.
  if (queryClient.getQueryCache().find({ queryKey: queryKeys.currentUser })) return;
  releaseEarly = new QueryObserver(queryClient, currentUserQueryOptions()).subscribe(() => {});
}

export function useCurrentUser({ queryConfig }: { queryConfig?: QueryConfig<typeof currentUserQueryOptions> } = {}) {
  const result = useQuery({ ...currentUserQueryOptions(), ...queryConfig });
  // Runs after useQuery has subscribed (effects run in order), so the query always has an observer.
  useEffect(releaseEarlyCurrentUser, []);
  return result;
}

export const useLogin = mutationHook(login);

/** Undoes an e-mail change with the token of the link mailed to the old address (no login needed). */
export function revertEmailChange(body: EmailChangeRevert): Promise<Message> {
  return request<Message>('/users/email-change/revert', { method: 'POST', json: body });
}

/**
 * Undoes an e-mail change (the link mailed to the old address). The server ends every session of the
 * account, this browser's included: its token is forgotten too, and the page tells the person to log in.
 */
async function revertEmailChangeAndForget(body: EmailChangeRevert): Promise<Message> {
  const answer = await revertEmailChange(body);
  await forgetSession();
  return answer;
}

export const useRevertEmailChange = mutationHook(revertEmailChangeAndForget);
