import { configureApi, resetApiConfig } from './config.js';
import { setUnauthorizedHandler, type UnauthorizedHandler } from './http.js';
import { logout, type Navigate, setSessionNavigator } from './session.js';
import { setTokenSource, type TokenSource } from './token.js';

/** How the app that runs the client wires it: given once, at start-up, by the shell, a standalone remote or the embed. */
export interface ApiClientOptions {
  /** Where `/api/v1/…` lives; default: `window.__BACKOFFICE_CONFIG__.apiBaseUrl`, else this origin. */
  baseUrl?: string;
  /** Where the token comes from instead of local storage (a page that embeds a screen); read at each request. */
  tokenSource?: TokenSource;
  /** What a 401 to a request that carried a token does; default: the session ends (log out → `/login`). */
  onUnauthorized?: UnauthorizedHandler;
  /** The router's `navigate`, so session changes never reload the page; default: `location.assign`. */
  navigate?: Navigate;
}

/**
 * The one place the client is wired. Each call replaces the whole wiring, so what is left out is back
 * to its default (an embed that unmounts calls it with nothing). Nothing is wired by importing a module.
 */
export function configureApiClient(options: ApiClientOptions = {}): void {
  resetApiConfig();
  if (options.baseUrl !== undefined) configureApi({ baseUrl: options.baseUrl });
  setTokenSource(options.tokenSource);
  setSessionNavigator(options.navigate);
  setUnauthorizedHandler(options.onUnauthorized ?? endSession);
}

// Any 401 to a request that carried a token ends the session.
function endSession(): void {
  void logout();
}
