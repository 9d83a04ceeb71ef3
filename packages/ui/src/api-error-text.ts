import { isApiError } from '@backoffice/api-client';
import { apiErrors } from '@backoffice/contracts';
import { uiMessages } from './messages.js';

/** The API details the product words differently for a person (spec §8), by their one definition. */
const SAID_IN_PORTUGUESE: Readonly<Record<string, string>> = {
  [apiErrors.incorrectEmailOrPassword]: uiMessages.incorrectEmailOrPassword,
  [apiErrors.inactiveUser]: uiMessages.inactiveUser,
  [apiErrors.signupDisabled]: uiMessages.signupDisabled,
  [apiErrors.invalidEmailChangeToken]: uiMessages.invalidEmailChangeToken,
};

/**
 * What an API error answer says to a person: its detail (or the first message of a 422 list), in
 * Portuguese where the product has its own words for it; `undefined` when the answer had no detail
 * or the error is not an API answer (server unreachable, a bug).
 */
export function apiErrorText(error: unknown): string | undefined {
  if (!isApiError(error) || !error.detail) return undefined;
  return SAID_IN_PORTUGUESE[error.detail] ?? error.detail;
}
