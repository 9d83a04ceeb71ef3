import { request, setToken } from '@backoffice/api-client';
import type { PasswordChanged, UpdatePassword } from '@backoffice/contracts';
import { useMutation } from '@tanstack/react-query';

/**
 * `PATCH /users/me/password`. A password change revokes every older token and the answer carries a
 * fresh one for this session: it is stored before anything else can call the API with the old one.
 */
export async function changeOwnPassword(body: UpdatePassword): Promise<PasswordChanged> {
  const answer = await request<PasswordChanged>('/users/me/password', { method: 'PATCH', json: body });
  setToken(answer.access_token);
  return answer;
}

export function useChangeOwnPassword() {
  return useMutation({ mutationFn: changeOwnPassword });
}
