import { API_PREFIX } from '@backoffice/contracts';
import { getApiConfig, isTunnelHost } from './config.js';
import { takeEarlyAnswer } from './early-data.js';
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
  /** A file sent as the body itself, with its content type (a CSV import). */
  file?: FileBody;
  signal?: AbortSignal;
}

export interface FileBody {
  data: Blob;
  type: string;
}

/** The body and its content type, for whichever kind the call sends. */
function bodyOf(options: Pick<RequestOptions, 'form' | 'json' | 'file'>, headers: Headers): BodyInit | undefined {
  if (options.form) {
    headers.set('Content-Type', 'application/x-www-form-urlencoded');
    return new URLSearchParams(options.form).toString();
  }
  if (options.file) {
    headers.set('Content-Type', options.file.type);
    return options.file.data;
  }
  if (options.json !== undefined) {
    headers.set('Content-Type', 'application/json');
    return JSON.stringify(options.json);
  }
  return undefined;
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
  return (await readBody(await send(path, { ...options, accept: 'application/json' }))) as T;
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
    signal?: AbortSignal | undefined;
    onProgress?: (bytes: number) => void;
    /** A POST with a JSON body (an export of a selection) or a file (an import's rejected lines). */
    method?: 'GET' | 'POST';
    json?: unknown;
    file?: FileBody;
  },
): Promise<Download> {
  const response = await send(path, options);
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

/** Sends a call and answers its response once it is known to be a 2xx (errors as `request` reports them). */
async function send(
  path: string,
  options: Omit<RequestOptions, 'signal'> & { accept: string; signal?: AbortSignal | undefined },
): Promise<Response> {
  const { headers, token } = baseHeaders(options.accept);
  const body = bodyOf(options, headers);
  const url = buildUrl(path, options.query);
  const method = options.method ?? 'GET';
  let response: Response;
  try {
    // The page's head script may have asked for this very GET already (early-data.ts): its answer,
    // 401 included, is handled below as if this call had made it.
    const early = method === 'GET' && options.accept === 'application/json' ? takeEarlyAnswer(url, token) : undefined;
    const answer = early && (await early);
    options.signal?.throwIfAborted();
    response = answer || (await fetch(url, { method, headers, body, signal: options.signal }));
  } catch (error) {
    if (isAbortError(error)) throw error;
    throw new NetworkError(error);
  }
  if (!response.ok) {
    const data = await readBody(response);
    if (response.status === 401 && token) unauthorizedHandler?.(token);
    throw new ApiError(response.status, data);
  }
  return response;
}

/**
 * A POST whose answer is NDJSON (one JSON object per line, such as an import's progress): each line is
 * handed to `onLine` as it arrives. Resolves when the answer ends.
 */
export async function postStreamingLines<T>(
  path: string,
  options: { file: FileBody; signal?: AbortSignal | undefined; onLine: (line: T) => void },
): Promise<void> {
  const response = await send(path, { ...options, method: 'POST', accept: 'application/x-ndjson' });
  const reader = response.body?.pipeThrough(new TextDecoderStream()).getReader();
  let pending = '';
  const flush = (text: string) => {
    if (text.trim()) options.onLine(JSON.parse(text) as T);
  };
  try {
    if (!reader) {
      for (const line of (await response.text()).split('\n')) flush(line);
      return;
    }
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      pending += value;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) flush(line);
    }
    flush(pending);
  } catch (error) {
    if (isAbortError(error)) throw error;
    throw new NetworkError(error);
  }
}
