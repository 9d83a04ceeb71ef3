import { apiErrors } from '@backoffice/contracts';

/** One entry of a list detail: where (FastAPI's `loc`) and what. */
export interface DetailItem {
  loc: (string | number)[];
  msg: string;
  type: string;
}

/**
 * An error that becomes a FastAPI-shaped reply: `{"detail": …}` with its status and headers. The detail
 * is a text, or a list of entries when each of several inputs has its own problem (a bulk action's rows).
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly detail: string | DetailItem[],
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof detail === 'string' ? detail : (detail[0]?.msg ?? 'Error'));
  }
}

const BEARER = { 'WWW-Authenticate': 'Bearer' };
export const notAuthenticated = () => new HttpError(401, apiErrors.notAuthenticated, BEARER);
export const invalidCredentials = () => new HttpError(401, apiErrors.invalidCredentials, BEARER);
export const notEnoughPrivileges = () => new HttpError(403, apiErrors.notEnoughPrivileges);
