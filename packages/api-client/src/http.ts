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

/** Told the token the API refused, so an embed that has fetched a newer one meanwhile just asks again. */
export type UnauthorizedHandler = (refusedToken: string) => void;
let unauthorizedHandler: UnauthorizedHandler | undefined;

/** Set by `configureApiClient` only (configure.ts), which knows the session's default. */
export function setUnauthorizedHandler(handler: UnauthorizedHandler | undefined): void {
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
/** What every call sends: what it accepts, the bearer token from storage, the tunnel header when needed. */
function baseHeaders(accept: string): { headers: Headers; token: string | null } {
  const headers = new Headers({ Accept: accept });
  const token = getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  if (isTunnelHost(getApiConfig().baseUrl)) headers.set('ngrok-skip-browser-warning', 'true');
  return { headers, token };
}

export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { headers, token } = baseHeaders('application/json');

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
    if (isAbortError(error)) throw error;
    throw new NetworkError(error);
  }

  const data = await readBody(response);
  if (!response.ok) {
    if (response.status === 401 && token) unauthorizedHandler?.(token);
    throw new ApiError(response.status, data);
  }
  return data as T;
}

/** A request stopped through its `signal` (the screen that asked is gone): no failure to report. */
export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/** A file the API answered: its bytes and the name its `Content-Disposition` gives. */
export interface Download {
  blob: Blob;
  fileName: string | undefined;
}

/** `attachment; filename="empresas-2026-11-23.csv"` → `empresas-2026-11-23.csv`. */
function fileNameOf(disposition: string | null): string | undefined {
  const match = disposition ? /filename="?([^";]+)"?/i.exec(disposition) : null;
  return match?.[1];
}

/**
 * A GET whose answer is a file, read as it streams in (`onProgress` hears the bytes received so far)
 * and handed over whole as a Blob; errors as `request` reports them (an `ApiError`, a 401 logs out).
 */
export async function download(
  path: string,
  options: {
    query?: Record<string, QueryValue>;
    accept: string;
    signal?: AbortSignal;
    onProgress?: (bytes: number) => void;
  },
): Promise<Download> {
  const { headers, token } = baseHeaders(options.accept);
  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), { headers, signal: options.signal });
  } catch (error) {
    if (isAbortError(error)) throw error;
    throw new NetworkError(error);
  }
  if (!response.ok) {
    const data = await readBody(response);
    if (response.status === 401 && token) unauthorizedHandler?.(token);
    throw new ApiError(response.status, data);
  }
  const type = response.headers.get('Content-Type') ?? options.accept;
  const chunks: BlobPart[] = [];
  let received = 0;
  try {
    const reader = response.body?.getReader();
    if (reader) {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value);
        received += value.byteLength;
        options.onProgress?.(received);
      }
    } else {
      chunks.push(await response.arrayBuffer());
    }
  } catch (error) {
    if (isAbortError(error)) throw error;
    // The connection dropped halfway: a partial file is not offered as if it were the whole.
    throw new NetworkError(error);
  }
  return { blob: new Blob(chunks, { type }), fileName: fileNameOf(response.headers.get('Content-Disposition')) };
}
