/**
 * Runtime configuration of the API client. The base URL defaults to the page's own origin (the
 * production server serves the API and the apps from one origin); a host page may override it
 * through `window.__BACKOFFICE_CONFIG__.apiBaseUrl` or by calling `configureApi` before the first call.
 */
export interface ApiConfig {
  /** Origin (and optional path prefix) the `/api/v1/...` paths are appended to, without a trailing slash. */
  baseUrl: string;
}

export interface BackofficeRuntimeConfig {
  apiBaseUrl?: string;
  /** On hostname `localhost` the shell clears the stored session at start unless this is `false`. */
  clearSessionOnLocalhost?: boolean;
  /**
   * The registry of remotes and screens (what `/remotes.json` answers), written into the page by the
   * server; when present the shell does not fetch `/remotes.json`. The shell validates it.
   */
  registry?: unknown;
  /**
   * `false` when the server refuses self sign-up (SIGNUP_ENABLED=false): the screens then offer none.
   * The server writes it into the page it renders; absent means the spec's default, open sign-up.
   */
  signupEnabled?: boolean;
  /**
   * The requests the page's head script starts with the stored token before the app's code runs
   * (early-data.ts): `get` at once, `superuser` once the user is known to be one. Written by the server
   * on the pages of the signed-in frame.
   */
  early?: { get?: string[]; superuser?: string[] };
}

declare global {
  interface Window {
    __BACKOFFICE_CONFIG__?: BackofficeRuntimeConfig;
  }
}

/** Id of the JSON data block a server may write into index.html (allowed by a strict CSP, unlike an inline script). */
export const RUNTIME_CONFIG_ELEMENT_ID = 'backoffice-config';

function readConfigElement(): BackofficeRuntimeConfig {
  const element = typeof document === 'undefined' ? null : document.getElementById(RUNTIME_CONFIG_ELEMENT_ID);
  if (!element?.textContent) return {};
  try {
    const parsed: unknown = JSON.parse(element.textContent);
    return typeof parsed === 'object' && parsed !== null ? (parsed as BackofficeRuntimeConfig) : {};
  } catch {
    return {};
  }
}

/**
 * The runtime settings of the page: a `<script type="application/json" id="backoffice-config">`
 * block, overridden by `window.__BACKOFFICE_CONFIG__` (empty when neither, or outside a browser).
 */
export function readRuntimeConfig(): BackofficeRuntimeConfig {
  // Outside a browser: the settings a build-time prerender renders with (@backoffice/ui/prerender).
  const host = globalThis as unknown as { __BACKOFFICE_CONFIG__?: BackofficeRuntimeConfig };
  if (typeof window === 'undefined') return { ...host.__BACKOFFICE_CONFIG__ };
  return { ...readConfigElement(), ...window.__BACKOFFICE_CONFIG__ };
}

/** Whether this page offers self sign-up (`signupEnabled` of the runtime settings; default yes). */
export function isSignupEnabled(): boolean {
  return readRuntimeConfig().signupEnabled !== false;
}

function stripTrailingSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

function defaultBaseUrl(): string {
  const fromWindow = readRuntimeConfig().apiBaseUrl;
  if (fromWindow) return stripTrailingSlash(fromWindow);
  if (typeof window !== 'undefined' && window.location?.origin && window.location.origin !== 'null') {
    return window.location.origin;
  }
  return '';
}

let config: ApiConfig | undefined;

export function getApiConfig(): ApiConfig {
  if (!config) config = { baseUrl: defaultBaseUrl() };
  return config;
}

export function configureApi(next: Partial<ApiConfig>): ApiConfig {
  const current = getApiConfig();
  config = { ...current, ...next, baseUrl: stripTrailingSlash(next.baseUrl ?? current.baseUrl) };
  return config;
}

/** Forgets any explicit configuration (tests, or a host page that re-mounts with new settings). */
export function resetApiConfig(): void {
  config = undefined;
}

const TUNNEL_HOST_SUFFIXES = ['.ngrok.io', '.ngrok-free.app', '.ngrok.app', '.ngrok-free.dev', '.ngrok.dev'];

/** True when the base URL points at an ngrok tunnel, whose browser warning page must be skipped. */
export function isTunnelHost(baseUrl: string): boolean {
  let host: string;
  try {
    host = new URL(baseUrl).hostname.toLowerCase();
  } catch {
    return false;
  }
  return TUNNEL_HOST_SUFFIXES.some((suffix) => host.endsWith(suffix));
}
