import type { Message, NewPassword, Token } from '@backoffice/contracts';
import { useMutation } from '@tanstack/react-query';
import { request } from './http.js';

/** The OAuth2 password login: form-encoded `username` and `password`. */
export function loginAccessToken(credentials: { username: string; password: string }): Promise<Token> {
  return request<Token>('/login/access-token', {
    method: 'POST',
    form: { username: credentials.username, password: credentials.password },
  });
}

export function recoverPassword(email: string): Promise<Message> {
  return request<Message>(`/password-recovery/${encodeURIComponent(email)}`, { method: 'POST' });
}

export function recoverPasswordHtmlContent(email: string): Promise<string> {
  return request<string>(`/password-recovery-html-content/${encodeURIComponent(email)}`, { method: 'POST' });
}

export function resetPassword(body: NewPassword): Promise<Message> {
  return request<Message>('/reset-password/', { method: 'POST', json: body });
}

export function useRecoverPassword() {
  return useMutation({ mutationFn: recoverPassword });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
