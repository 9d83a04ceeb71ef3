import { API_PREFIX, apiErrors } from '@backoffice/contracts';
import type { FastifyCorsOptions, FastifyCorsOptionsDelegateCallback } from '@fastify/cors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError, invalidCredentials } from '../http/http-error.js';
import { EmbedTokens } from '../services/embed-tokens.js';
import { bearerToken } from './auth.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** `false`: an embed token is refused here even under /companies (history, restore, import need a person). */
    embed?: boolean;
    /** A POST that only reads (exporting a selection): a read-only key's token may call it. */
    embedRead?: boolean;
  }
  interface FastifyInstance {
    /** Pre-handler of the companies routes: an embed token the hook below accepted, or else requireUser. */
    requireCompaniesAccess: (request: FastifyRequest) => Promise<void>;
  }
}

const COMPANIES_PATH = `${API_PREFIX}/companies`;
/** What a read-only partner key's token may do: list, read one, export. */
const READ_METHODS = new Set(['GET', 'HEAD']);

/** `/api/v1/companies` and everything under it: the one area an embed token is valid for. */
export function isCompaniesPath(path: string): boolean {
  return path === COMPANIES_PATH || path.startsWith(`${COMPANIES_PATH}/`);
}

/**
 * Embed tokens at the edge of the API. Before anything else reads the request (its body included),
 * a request carrying one is refused on every route but the companies endpoints (403), and there the
 * token must be valid, its partner key not revoked (read from the database: a revocation holds on the
 * next request), the request's `Origin` one of the key's origins and, for a read-only key, the method
 * a read. Which token a request carries is told by its header; either way its signature is checked
 * with the key of its kind, so a forged header gains nothing.
 */
export default fp(async function partnerEmbeds(app: FastifyInstance) {
  app.addHook('onRequest', async (request) => {
    const token = bearerToken(request);
    if (!token || !EmbedTokens.isEmbedToken(token)) return;
    if (!isCompaniesPath(request.routeOptions.url ?? '')) throw new HttpError(403, apiErrors.embedTokenOutOfScope);
    const config = request.routeOptions.config ?? {};
    if (config.embed === false) throw new HttpError(403, apiErrors.notForEmbedTokens);
    const claims = await app.embedTokens.verify(token);
    const key = claims && (await app.partnerKeys.findActive(claims.keyId));
    if (!key) throw invalidCredentials();
    const origin = request.headers.origin;
    if (!origin) throw new HttpError(403, apiErrors.embedTokenNoOrigin);
    if (!key.scope.origins.includes(origin)) throw new HttpError(403, apiErrors.embedTokenOriginRefused);
    if (key.scope.access === 'read' && !READ_METHODS.has(request.method) && !config.embedRead) {
      throw new HttpError(403, apiErrors.embedTokenReadOnly);
    }
    request.partnerKey = key;
  });

  app.decorate('requireCompaniesAccess', async (request: FastifyRequest) => {
    if (request.partnerKey) return;
    await app.requireUser(request);
  });
});

/**
 * CORS options per request: CORS_ORIGINS everywhere, and on the companies endpoints also the origins
 * of the partner keys that are not revoked, so a portal needs nothing configured beyond its key. Only
 * a companies request from an origin outside CORS_ORIGINS looks at the partner origins (a cached set,
 * partner-keys.ts).
 */
export function partnerCorsDelegator(
  app: FastifyInstance,
  options: Omit<FastifyCorsOptions, 'origin'>,
): FastifyCorsOptionsDelegateCallback {
  const configured: FastifyCorsOptions = {
    ...options,
    origin: app.config.corsOrigins.length ? app.config.corsOrigins : false,
  };
  return (request, callback) => {
    const origin = request.headers.origin;
    const path = request.url.split('?', 1)[0] as string;
    if (!origin || !isCompaniesPath(path) || app.config.corsOrigins.includes(origin)) {
      callback(null, configured);
      return;
    }
    app.partnerOrigins.has(origin).then(
      (isPartner) => callback(null, isPartner ? { ...options, origin } : configured),
      (error: Error) => callback(error),
    );
  };
}
