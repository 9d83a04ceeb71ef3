import {
  MAX_LIMIT,
  type Message,
  type PasswordChanged,
  type UpdatePassword,
  type UserCreate,
  type UserPublic,
  type UserRegister,
  type UsersPublic,
  type UserUpdate,
  type UserUpdateMe,
} from '@backoffice/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from './http.js';
import { activeSummaryOf, LIST_STALE_TIME_MS, pageToSkip, useListPage } from './pagination.js';
import { queryClient } from './query-client.js';
import { mutationHook, type QueryConfig } from './query-config.js';
import { queryKeys } from './query-keys.js';
import { rememberCurrentUser, setToken } from './token.js';

/** Rows per page on the users (admin) screen (spec §9). */
export const USERS_PAGE_SIZE = 10;

/* ---------- fetchers ---------- */

export function readUsers(
  query: { skip: number; limit: number; is_active?: boolean },
  signal?: AbortSignal,
): Promise<UsersPublic> {
  return request<UsersPublic>('/users/', { query, signal });
}

export function createUser(body: UserCreate): Promise<UserPublic> {
  return request<UserPublic>('/users/', { method: 'POST', json: body });
}

/** Admin edit. An empty password means "keep the current one" and is not sent (spec §5). */
export function updateUser({ id, body }: { id: string; body: UserUpdate }): Promise<UserPublic> {
  const { password, ...rest } = body;
  const payload: UserUpdate = password ? { ...rest, password } : rest;
  if (!password) delete payload.confirm_password;
  return request<UserPublic>(`/users/${encodeURIComponent(id)}`, { method: 'PATCH', json: payload });
}

export function deleteUser(id: string): Promise<Message> {
  return request<Message>(`/users/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function readUser(id: string, signal?: AbortSignal): Promise<UserPublic> {
  return request<UserPublic>(`/users/${encodeURIComponent(id)}`, { signal });
}

export async function readUserMe(signal?: AbortSignal): Promise<UserPublic> {
  const user = await request<UserPublic>('/users/me', { signal });
  rememberCurrentUser(user);
  return user;
}

export async function updateUserMe(body: UserUpdateMe): Promise<UserPublic> {
  const user = await request<UserPublic>('/users/me', { method: 'PATCH', json: body });
  rememberCurrentUser(user);
  return user;
}

/**
 * A password change revokes every older token and the answer carries a fresh one for this session:
 * it is stored before anything else can call the API with the old one.
 */
export async function updatePasswordMe(body: UpdatePassword): Promise<PasswordChanged> {
  const answer = await request<PasswordChanged>('/users/me/password', { method: 'PATCH', json: body });
  setToken(answer.access_token);
  return answer;
}

/** Sign-up sends only e-mail, full name and password (never the confirmation). */
export function registerUser(body: UserRegister): Promise<UserPublic> {
  const { email, full_name, password } = body;
  return request<UserPublic>('/users/signup', { method: 'POST', json: { email, full_name, password } });
}

/* ---------- queries ---------- */

/** One page of the admin list (`USERS_PAGE_SIZE` rows); the previous page stays while paging. */
export function usersPageQueryOptions(page: number) {
  return queryOptions({
    queryKey: queryKeys.users.page(page),
    queryFn: ({ signal }) => readUsers({ skip: pageToSkip(page, USERS_PAGE_SIZE), limit: USERS_PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
    staleTime: LIST_STALE_TIME_MS,
  });
}

/**
 * The admin screen's page; the next page is prefetched while this one shows (spec §4). Only super
 * users may list users: the screen renders it for them alone (spec §6).
 */
export function useUsers({
  page,
  queryConfig,
}: {
  page: number;
  queryConfig?: QueryConfig<typeof usersPageQueryOptions>;
}) {
  return useListPage(page, USERS_PAGE_SIZE, usersPageQueryOptions, queryConfig);
}

/** The dashboard's figures: how many users, and how many of them are active. */
export function usersSummaryQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.users.summary,
    queryFn: ({ signal }) => activeSummaryOf(readUsers, signal),
  });
}

/** Pass `queryConfig: { enabled: false }` for anyone but a super user (spec §6). */
export function useUsersSummary({ queryConfig }: { queryConfig?: QueryConfig<typeof usersSummaryQueryOptions> } = {}) {
  return useQuery({ ...usersSummaryQueryOptions(), ...queryConfig });
}

/** One user by id (super users): the user's history page. */
export function userQueryOptions(id: string) {
  return queryOptions({ queryKey: queryKeys.users.detail(id), queryFn: ({ signal }) => readUser(id, signal) });
}

export function useUser({ id, queryConfig }: { id: string; queryConfig?: QueryConfig<typeof userQueryOptions> }) {
  return useQuery({ ...userQueryOptions(id), ...queryConfig });
}

/** Most users a choice of users offers (the API's largest page): whom to filter the activity by. */
export const USER_CHOICES_LIMIT = MAX_LIMIT;

/** The users a super user picks from (the activity list's `Quem`), by e-mail. */
export function userChoicesQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.users.choices,
    queryFn: async ({ signal }) => {
      const answer = await readUsers({ skip: 0, limit: USER_CHOICES_LIMIT }, signal);
      return { ...answer, data: [...answer.data].sort((a, b) => a.email.localeCompare(b.email)) };
    },
    staleTime: LIST_STALE_TIME_MS,
  });
}

export function useUserChoices({ queryConfig }: { queryConfig?: QueryConfig<typeof userChoicesQueryOptions> } = {}) {
  return useQuery({ ...userChoicesQueryOptions(), ...queryConfig });
}

/* ---------- mutations ---------- */

function refreshUsers() {
  return queryClient.invalidateQueries({ queryKey: queryKeys.users.all });
}

export const useCreateUser = mutationHook(createUser, refreshUsers);
export const useUpdateUser = mutationHook(updateUser, refreshUsers);
export const useDeleteUser = mutationHook(deleteUser, refreshUsers);

/** After a profile update everything is refreshed (spec §4). */
export const useUpdateUserMe = mutationHook(updateUserMe, () => queryClient.invalidateQueries());

export const useUpdatePasswordMe = mutationHook(updatePasswordMe);

export const useRegisterUser = mutationHook(registerUser);
