/** The access token lives in local storage under `access_token` (spec §3); logged in means it is set. */
const ACCESS_TOKEN_STORAGE_KEY = 'access_token';

/**
 * Beside the token, the signed-in person's id, name and whether they are a super user
 * (`{"id":…,"name":…,"superuser":…}`), as the last answer about them said: the first paint greets them
 * before any answer (the shell's head/first-paint.js), and a super user's first screen asks for its list
 * with the user instead of after it (head/early-data.js) — both only while the stored token's `sub` is
 * that id. Written at each answer about the current user, removed with the token.
 */
export const GREETING_STORAGE_KEY = 'user_greeting';

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

/** Where the token comes from instead of local storage (an embedding host page; see configureApiClient). */
export type TokenSource = () => string | null | undefined;
let tokenSource: TokenSource | undefined;

/**
 * Set by `configureApiClient` only (configure.ts): a host that embeds a screen hands over its own token,
 * read at each request; `undefined` goes back to local storage.
 */
export function setTokenSource(source: TokenSource | undefined): void {
  tokenSource = source;
}

export function getToken(): string | null {
  if (tokenSource) return tokenSource() || null;
  return storage()?.getItem(ACCESS_TOKEN_STORAGE_KEY) ?? null;
}

export function setToken(token: string): void {
  storage()?.setItem(ACCESS_TOKEN_STORAGE_KEY, token);
}

export function clearToken(): void {
  storage()?.removeItem(ACCESS_TOKEN_STORAGE_KEY);
  storage()?.removeItem(GREETING_STORAGE_KEY);
}

/**
 * Keeps who the current user is for the next page load (see GREETING_STORAGE_KEY). Not for a screen embedded
 * in a partner's page (a token source is set): nothing of ours goes into the partner origin's storage.
 */
export function rememberCurrentUser(user: { id: string; full_name?: string | null; is_superuser?: boolean }): void {
  if (tokenSource) return;
  try {
    const kept = { id: user.id, name: user.full_name ?? null, superuser: user.is_superuser === true };
    storage()?.setItem(GREETING_STORAGE_KEY, JSON.stringify(kept));
  } catch {
    // Storage full or refused: the greeting waits for the answer instead, as without it.
  }
}
