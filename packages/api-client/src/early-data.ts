/**
 * Answers asked for before the app's code ran. The page's head script (`head/early-data.js` in this
 * package, served by the shell's build) reads the stored token as soon as the page is parsed and starts
 * `GET /users/me` and the first screen's requests the server listed in the page; it keeps each answer's
 * promise here, under the token it sent. `send` (http.ts) takes an answer over instead of asking again
 * when the app makes the very same GET with the same token: each is used once, then the key is gone, so
 * nothing is fetched twice and an answer is never reused. A sign-in or sign-out forgets them all.
 */

/**
 * How long after the app's first request an early answer may still be taken over. The first screen asks for its
 * data once its code has come and it mounts, however late the app's own code arrived: on a slow device that is
 * ten seconds or more after the page (a loaded 2-core machine's browser suite, 2026-11-29: a 10-second clock from
 * the page's start dropped the dashboard's answers there, and every one was fetched twice), so the clock starts
 * with the app, and allows a slow first screen. One left untaken (the person went elsewhere before the screen
 * that asks for it mounted) must not show data that old when that screen opens later: it asks afresh instead.
 */
export const EARLY_ANSWERS_MAX_AGE_MS = 30_000;

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
  /** When the app first asked the store (`performance.now()`): its start, from which the answers age. */
  firstAskedAt?: number;
}

declare global {
  interface Window {
    [EARLY_DATA_KEY]?: EarlyData;
  }
}

/**
 * The early answer to `GET url` asked with `token`, removed from the store (it is used once), or
 * undefined when there is none: another token (a sign-out, another account), another request, or the app's
 * first request was more than `EARLY_ANSWERS_MAX_AGE_MS` ago.
 * Resolves to null when the head script did not get an answer after all (the network failed).
 */
export function takeEarlyAnswer(url: string, token: string | null): Promise<Response | null> | undefined {
  if (typeof window === 'undefined' || token === null) return undefined;
  const early = window[EARLY_DATA_KEY];
  if (!early || early.token !== token) return undefined;
  const now = performance.now();
  early.firstAskedAt ??= now;
  if (now - early.firstAskedAt > EARLY_ANSWERS_MAX_AGE_MS) {
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
