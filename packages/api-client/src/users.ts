import {
  MAX_LIMIT,
  type Message,
  type PasswordChanged,
  type UpdatePassword,
  USERS_PAGE_SIZE,
  type UserCreate,
  type UserPublic,
  type UserRegister,
  type UsersPublic,
  type UserUpdate,
  type UserUpdateMe,
} from '@backoffice/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { request } from './http.js';
import { pageToSkip } from './pagination.js';
import { queryClient } from './query-client.js';
import { queryKeys } from './query-keys.js';
import { setToken } from './token.js';

/* ---------- fetchers ---------- */

export function readUsers(query: { skip?: number; limit?: number } = {}, signal?: AbortSignal): Promise<UsersPublic> {
  return request<UsersPublic>('/users/', { query, signal });
}

export function readUser(id: string, signal?: AbortSignal): Promise<UserPublic> {
  return request<UserPublic>(`/users/${encodeURIComponent(id)}`, { signal });
}

export function createUser(body: UserCreate): Promise<UserPublic> {
  return request<UserPublic>('/users/', { method: 'POST', json: body });
}

/** Admin edit. An empty password means "keep the current one" and is not sent (spec §5). */
export function updateUser(id: string, body: UserUpdate): Promise<UserPublic> {
  const { password, ...rest } = body;
  const payload: UserUpdate = password ? { ...rest, password } : rest;
  if (!password) delete payload.confirm_password;
  return request<UserPublic>(`/users/${encodeURIComponent(id)}`, { method: 'PATCH', json: payload });
}

export function deleteUser(id: string): Promise<Message> {
  return request<Message>(`/users/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function readUserMe(signal?: AbortSignal): Promise<UserPublic> {
  return request<UserPublic>('/users/me', { signal });
}

export function updateUserMe(body: UserUpdateMe): Promise<UserPublic> {
  return request<UserPublic>('/users/me', { method: 'PATCH', json: body });
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

export function deleteUserMe(): Promise<Message> {
  return request<Message>('/users/me', { method: 'DELETE' });
}

/** Sign-up sends only e-mail, full name and password (never the confirmation). */
export function registerUser(body: UserRegister): Promise<UserPublic> {
  const { email, full_name, password } = body;
  return request<UserPublic>('/users/signup', { method: 'POST', json: { email, full_name, password } });
}

/* ---------- queries ---------- */

/** One page of the admin list (`USERS_PAGE_SIZE` rows). */
export function usersPageQueryOptions(page: number) {
  return queryOptions({
    queryKey: queryKeys.users.page(page),
    queryFn: ({ signal }) => readUsers({ skip: pageToSkip(page, USERS_PAGE_SIZE), limit: USERS_PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
  });
}

/** The dashboard's first page of users (API maximum) for the total and the active count. */
export function usersSummaryQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.users.summary,
    queryFn: ({ signal }) => readUsers({ skip: 0, limit: MAX_LIMIT }, signal),
  });
}

/** Only super users may list users: pass `enabled: false` for everyone else. */
export function useUsersPage(page: number, options: { enabled?: boolean } = {}) {
  return useQuery({ ...usersPageQueryOptions(page), enabled: options.enabled ?? true });
}

/* ---------- mutations ---------- */

function refreshUsers() {
  return queryClient.invalidateQueries({ queryKey: queryKeys.users.all });
}

export function useCreateUser() {
  return useMutation({ mutationFn: createUser, onSettled: refreshUsers });
}

export function useUpdateUser() {
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UserUpdate }) => updateUser(id, body),
    onSettled: refreshUsers,
  });
}

export function useDeleteUser() {
  return useMutation({ mutationFn: deleteUser, onSettled: refreshUsers });
}

/** After a profile update everything is refreshed (spec §4). */
export function useUpdateUserMe() {
  return useMutation({ mutationFn: updateUserMe, onSettled: () => queryClient.invalidateQueries() });
}

export function useUpdatePasswordMe() {
  return useMutation({ mutationFn: updatePasswordMe });
}

export function useRegisterUser() {
  return useMutation({ mutationFn: registerUser });
}
