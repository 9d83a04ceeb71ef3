import { isApiError } from '@backoffice/api-client';
import { messages } from '../messages';

/** The server's `detail` text of an API error answer, if it sent one. */
function serverDetail(error: unknown): string | undefined {
  return isApiError(error) ? error.detail : undefined;
}

/** Shown under the password field when a login fails (spec §8). */
export function loginErrorMessage(error: unknown): string {
  const detail = serverDetail(error);
  if (detail === 'Incorrect email or password') return messages.incorrectCredentials;
  if (detail === 'Inactive user') return messages.inactiveUser;
  return detail || messages.unexpectedError;
}

/** Description of the sign-up failure notice (titled `Algo deu errado`). */
export function signupErrorMessage(error: unknown): string {
  return serverDetail(error) || messages.signupErrorFallback;
}

/**
 * Description of the recovery failure toast (titled `Erro`). The server answers 200 for unknown
 * addresses (no account enumeration), so the Not Found text only shows if an API ever says 404.
 */
export function recoverPasswordErrorMessage(error: unknown): string {
  if (isApiError(error) && error.status === 404) return messages.recoverUserNotFound;
  return messages.unexpectedError;
}

/** Description of the reset failure toast (titled `Error`). */
export function resetPasswordErrorMessage(error: unknown): string {
  return serverDetail(error) || messages.resetErrorFallback;
}
