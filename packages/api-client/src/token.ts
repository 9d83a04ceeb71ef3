/** The access token lives in local storage under `access_token` (spec §3); logged in means it is set. */
const ACCESS_TOKEN_STORAGE_KEY = 'access_token';

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
}
