import type { Message, NewPassword } from '@backoffice/contracts';
import { useQuery } from '@tanstack/react-query';
import { request } from './http.js';
import { mutationHook } from './query-config.js';
import { queryKeys } from './query-keys.js';

// The password recovery flow: the e-mail with a link, the link checked when its page opens, the new password.

export function recoverPassword(email: string): Promise<Message> {
  return request<Message>(`/password-recovery/${encodeURIComponent(email)}`, { method: 'POST' });
}

export function resetPassword(body: NewPassword): Promise<Message> {
  return request<Message>('/reset-password/', { method: 'POST', json: body });
}

/** Whether a recovery link still works, without using it. */
export function checkResetToken(token: string): Promise<Message> {
  return request<Message>('/reset-password/check', { method: 'POST', json: { token } });
}

/**
 * Checks the reset page's link when the page opens, so an expired or used link is said before a
 * password is typed (issue 28). Asked once per page: no retry, no refetch (spec §4's query rules).
 */
export function useResetLinkCheck(token: string) {
  return useQuery({
    queryKey: queryKeys.resetLink(token),
    queryFn: () => checkResetToken(token),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Asks for the recovery e-mail of an address (the answer is the same whether or not it exists). */
export const useRecoverPassword = mutationHook(recoverPassword);

/** Sets a new password with the token of a recovery link. */
export const useResetPassword = mutationHook(resetPassword);
