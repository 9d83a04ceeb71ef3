/**
 * Answers asked for before the app's code ran. The page's head script (`head/early-data.js` in this
 * package, served by the shell's build) reads the stored token as soon as the page is parsed and starts
 * `GET /users/me` and the first screen's requests the server listed in the page; it keeps each answer's
 * promise here, under the token it sent. `send` (http.ts) takes an answer over instead of asking again
 * when the app makes the very same GET with the same token: each is used once, then the key is gone, so
 * nothing is fetched twice and an answer is never reused. A sign-in or sign-out forgets them all.
 */

/**
 * How long after the page started an early answer may still be taken over. A cold load takes the answers
 * within a few seconds; one left untaken (the person went elsewhere before the screen that asks for it
 * mounted) must not show data that old when that screen opens later: it asks afresh instead.
 */
export const EARLY_ANSWERS_MAX_AGE_MS = 10_000;

/** The `window` key the head script keeps its answers under (the script spells it too). */
export const EARLY_DATA_KEY = '__BACKOFFICE_EARLY__';

/** What the head script leaves on `window`. */
export interface EarlyData {
  /** The token every answer was asked with. */
  token: string;
  /**
   * Absolute URL → the answer. `null` or `false`: the head script did not ask after all (a super
   * user's request for someone else, a failed `/users/me`); the app asks itself.
   */
  answers: Record<string, Promise<Response | null | false> | undefined>;
}

declare global {
  interface Window {
    [EARLY_DATA_KEY]?: EarlyData;
  }
}

/**
 * The early answer to `GET url` asked with `token`, removed from the store (it is used once), or
 * undefined when there is none: another token (a sign-out, another account), another request, or the page
 * started more than `EARLY_ANSWERS_MAX_AGE_MS` ago.
 * Resolves to null when the head script did not get an answer after all (the network failed).
 */
export function takeEarlyAnswer(url: string, token: string | null): Promise<Response | null> | undefined {
  if (typeof window === 'undefined' || token === null) return undefined;
  const early = window[EARLY_DATA_KEY];
  if (!early || early.token !== token) return undefined;
  if (performance.now() > EARLY_ANSWERS_MAX_AGE_MS) {
    forgetEarlyAnswers();
    return undefined;
  }
  const key = new URL(url, window.location.href).href;
  const answer = early.answers[key];
  if (!answer) return undefined;
  delete early.answers[key];
  return answer.then(
    (response) => response || null,
    () => null,
  );
}

/** Drops every early answer: the session they were asked for is over (a sign-out, or a new sign-in). */
export function forgetEarlyAnswers(): void {
  if (typeof window !== 'undefined') delete window[EARLY_DATA_KEY];
}
