import { readTokenClaims } from './token-claims';

/** What a host's `fetchToken` returns: the token, or the token and the seconds it has left. */
export type FetchedToken = string | { token: string; expiresIn?: number };
/** The host's function that gets a fresh token from its own server (which exchanges its partner key). */
export type FetchToken = () => Promise<FetchedToken | null | undefined> | FetchedToken | null | undefined;

/** A fresh token is asked for after this share of the current one's life. */
export const REFRESH_AT = 0.8;
/** Never sooner than this after the last one: a token with a tiny or broken lifetime must not loop. */
export const MIN_REFRESH_DELAY_MS = 5_000;

export interface TokenSession {
  /** The token to send now (`null` before the first one came). */
  current(): string | null;
  /** Gets the first token; false when the host gave none. Schedules the refreshes. */
  start(): Promise<boolean>;
  /**
   * The API refused `refused` (401). True when a newer token is there to try — the refused one was
   * already replaced, or a fresh one came now; false when `refused` was itself the fresh token asked
   * for after a 401 (or none came): the host's portal cannot get a token that works.
   */
  recoverFrom401(refused: string): Promise<boolean>;
  /** Changes of the current token. */
  subscribe(listener: () => void): () => void;
  stop(): void;
}

function tokenOf(fetched: FetchedToken | null | undefined): { token: string; lifetimeMs?: number } | null {
  if (!fetched) return null;
  if (typeof fetched === 'string') {
    // Without expiresIn a token is taken as fresh: its life is exp - iat, counted from now (the
    // visitor's clock may be minutes off the server's; a difference of two server times is not).
    const { exp, iat } = readTokenClaims(fetched);
    const lifetimeMs = typeof exp === 'number' && typeof iat === 'number' ? (exp - iat) * 1000 : undefined;
    return { token: fetched, lifetimeMs };
  }
  if (typeof fetched.token !== 'string' || !fetched.token) return null;
  const lifetimeMs = typeof fetched.expiresIn === 'number' ? fetched.expiresIn * 1000 : undefined;
  return { token: fetched.token, lifetimeMs };
}

/**
 * Keeps a token from the host's `fetchToken`: the first on start, a fresh one at REFRESH_AT of each
 * one's life (again at half of what is left if that fails), and one more when the API refuses it —
 * the Stripe and Superset embedded-SDK pattern, so a portal never holds a long-lived credential.
 */
export function createTokenSession(fetchToken: FetchToken): TokenSession {
  let token: string | null = null;
  /** The token that was fetched because the API refused its predecessor. */
  let fetchedAfter401: string | null = null;
  let expiresAt: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let inFlight: Promise<boolean> | undefined;
  let stopped = false;
  const listeners = new Set<() => void>();

  function schedule(delayMs: number) {
    clearTimeout(timer);
    timer = setTimeout(() => void refresh(), Math.max(MIN_REFRESH_DELAY_MS, delayMs));
  }

  async function fetchFresh(): Promise<boolean> {
    let fresh: ReturnType<typeof tokenOf>;
    try {
      fresh = tokenOf(await fetchToken());
    } catch {
      fresh = null;
    }
    if (stopped) return false;
    if (!fresh) {
      // Keep the token while it lives and try again halfway to its end; past it, the next 401 decides.
      const left = expiresAt === undefined ? 0 : expiresAt - Date.now();
      if (left > 2 * MIN_REFRESH_DELAY_MS) schedule(left / 2);
      return false;
    }
    token = fresh.token;
    expiresAt = fresh.lifetimeMs === undefined ? undefined : Date.now() + fresh.lifetimeMs;
    if (fresh.lifetimeMs !== undefined) schedule(fresh.lifetimeMs * REFRESH_AT);
    for (const listener of listeners) listener();
    return true;
  }

  /** One request to the host at a time: callers that come meanwhile share its answer. */
  function refresh(): Promise<boolean> {
    inFlight ??= fetchFresh().finally(() => {
      inFlight = undefined;
    });
    return inFlight;
  }

  return {
    current: () => token,
    start: refresh,
    async recoverFrom401(refused) {
      if (refused !== token) return token !== null;
      if (refused === fetchedAfter401) return false;
      const ok = await refresh();
      if (ok) fetchedAfter401 = token;
      return ok && token !== refused;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
      listeners.clear();
    },
  };
}
