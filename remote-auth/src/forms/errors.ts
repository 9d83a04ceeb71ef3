import { isApiError } from '@backoffice/api-client';
import { apiErrorText } from '@backoffice/ui';
import { messages } from '../messages';

/**
 * What each account screen says when the API refuses (spec §8). The API's details are put into
 * words in one place for the whole product (`apiErrorText`: `Incorrect email or password` →
 * `E-mail ou senha incorretos.`, …); each screen only chooses its fallback.
 */

/** Shown under the password field when a login fails. */
export function loginErrorMessage(error: unknown): string {
  return apiErrorText(error) || messages.unexpectedError;
}

/** Description of the sign-up failure notice (titled `Algo deu errado`). */
export function signupErrorMessage(error: unknown): string {
  return apiErrorText(error) || messages.signupErrorFallback;
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
  return apiErrorText(error) || messages.resetErrorFallback;
}

/** Why an e-mail change could not be undone (its link used, expired or unknown, or no answer). */
export function revertEmailChangeErrorMessage(error: unknown): string {
  return apiErrorText(error) || messages.unexpectedError;
}
