import { API_PREFIX } from '@backoffice/contracts';
import { getApiConfig, isTunnelHost } from './config.js';
import { ApiError, NetworkError } from './errors.js';
import { getToken } from './token.js';

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Query-string parameters; `undefined`, `null` and empty strings are left out. */
  query?: Record<string, QueryValue>;
  /** A JSON body. */
  json?: unknown;
  /** A form-encoded body (the OAuth2 login). */
  form?: Record<string, string>;
  signal?: AbortSignal;
}

type UnauthorizedHandler = () => void;
let unauthorizedHandler: UnauthorizedHandler | undefined;

/** The session registers what a 401 does (log out); kept here so the request helper has no cycle. */
export function onUnauthorized(handler: UnauthorizedHandler | undefined): void {
  unauthorizedHandler = handler;
}

/** `/users/` → `{baseUrl}/api/v1/users/?…` */
export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const { baseUrl } = getApiConfig();
  const url = `${baseUrl}${API_PREFIX}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.append(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * The one request helper: bearer token from storage, the tunnel header when needed, JSON or form
 * bodies, `ApiError` for any non-2xx answer, and a logout on 401 when a token was sent.
 */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers = new Headers({ Accept: 'application/json' });
  const config = getApiConfig();
  const token = getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  if (isTunnelHost(config.baseUrl)) headers.set('ngrok-skip-browser-warning', 'true');

  let body: BodyInit | undefined;
  if (options.form) {
    headers.set('Content-Type', 'application/x-www-form-urlencoded');
    body = new URLSearchParams(options.form).toString();
  } else if (options.json !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.json);
  }

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body,
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new NetworkError(error);
  }

  const data = await readBody(response);
  if (!response.ok) {
    if (response.status === 401 && token) unauthorizedHandler?.();
    throw new ApiError(response.status, data);
  }
  return data as T;
}
