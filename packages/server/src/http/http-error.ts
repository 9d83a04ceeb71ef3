import { apiErrors } from '@backoffice/contracts';

/** An error that becomes a FastAPI-shaped reply: `{"detail": …}` with its status and headers. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly detail: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
  }
}

const BEARER = { 'WWW-Authenticate': 'Bearer' };
export const notAuthenticated = () => new HttpError(401, apiErrors.notAuthenticated, BEARER);
export const invalidCredentials = () => new HttpError(401, apiErrors.invalidCredentials, BEARER);
export const notEnoughPrivileges = () => new HttpError(403, apiErrors.notEnoughPrivileges);
