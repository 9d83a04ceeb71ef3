/** Standard reason phrases; 422 is FastAPI's `Validation Error` (spec §8). */
const STATUS_NAMES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Validation Error',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

export function statusName(status: number): string {
  return STATUS_NAMES[status] ?? (status >= 500 ? 'Server Error' : status >= 400 ? 'Client Error' : 'Unknown Status');
}

/** The message of a FastAPI error body: `detail` when a string, else the first entry's `msg`. */
export function detailMessage(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || !('detail' in body)) return undefined;
  const detail = (body as { detail: unknown }).detail;
  if (typeof detail === 'string') return detail;
  if (Array.isArray(detail)) {
    const first: unknown = detail[0];
    if (typeof first === 'object' && first !== null && 'msg' in first) {
      const msg = (first as { msg: unknown }).msg;
      if (typeof msg === 'string') return msg;
    }
  }
  return undefined;
}

/** An HTTP error answer of the API. `message` is the server's detail, else the status name. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly statusText: string;
  readonly body: unknown;
  /** The server's detail text, when it sent one. */
  readonly detail: string | undefined;

  constructor(status: number, body: unknown) {
    const detail = detailMessage(body);
    const statusText = statusName(status);
    super(detail ?? statusText);
    this.status = status;
    this.statusText = statusText;
    this.body = body;
    this.detail = detail;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The record a page's id names does not exist: unknown (404) or no id at all (422, not a UUID). */
export function isUnknownRecord(error: unknown): boolean {
  return isApiError(error) && (error.status === 404 || error.status === 422);
}

/** A request that never got an HTTP answer (server down, offline, CORS). */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
  constructor(cause: unknown) {
    super('Network request failed', { cause });
  }
}
