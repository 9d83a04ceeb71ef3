import { isApiError } from '@backoffice/api-client';
import { apiErrors, retryAfterSecondsOf, ruleMessages } from '@backoffice/contracts';
import { uiMessages } from './messages.js';

/** Every detail the API answers, by its one definition, to what a person reads (issue 28: all Portuguese). */
const SAID_TO_A_PERSON: ReadonlyMap<string, string> = new Map(
  (Object.keys(apiErrors) as (keyof typeof apiErrors)[]).map((key) => [apiErrors[key], uiMessages.apiDetails[key]]),
);

/** A 422's first message is a shared rule's: already the spec's words (the form says the same). */
const RULE_MESSAGES: ReadonlySet<string> = new Set(Object.values(ruleMessages));

/**
 * What an API error answer says to a person: a known detail in the product's words (Portuguese, or
 * the spec's own sentence), a rate limit with its wait, a validation rule's message as the spec
 * gives it, and for any other 422 a Portuguese sentence. `undefined` when the answer had no detail
 * the product knows, or the error is not an API answer (server unreachable, a bug): each screen
 * then shows its own Portuguese fallback — an API's English never reaches the screen.
 */
export function apiErrorText(error: unknown): string | undefined {
  if (!isApiError(error)) return undefined;
  const { detail } = error;
  if (detail) {
    const known = SAID_TO_A_PERSON.get(detail);
    if (known) return known;
    const wait = retryAfterSecondsOf(detail);
    if (wait !== undefined) return uiMessages.tooManyRequests(wait);
    if (RULE_MESSAGES.has(detail)) return detail;
  }
  return error.status === 422 ? uiMessages.invalidRequest : undefined;
}
