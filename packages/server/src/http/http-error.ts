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

/**
 * Runs `work`, answering a refusal of the domain's (an error of class `refusal`: a taken e-mail or CNPJ)
 * with `status` and `detail`; any other error passes through.
 */
export async function refusing<T>(
  refusal: new () => Error,
  status: number,
  detail: string,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof refusal) throw new HttpError(status, detail);
    throw error;
  }
}
