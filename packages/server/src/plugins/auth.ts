import { apiErrors } from '@backoffice/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError, invalidCredentials, notAuthenticated, notEnoughPrivileges } from '../http/http-error.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Pre-handler: a valid bearer token of an existing, active user (sets `request.user`). */
    requireUser: (request: FastifyRequest) => Promise<void>;
    /** Pre-handler: as requireUser, and the user must be a super user. */
    requireSuperuser: (request: FastifyRequest) => Promise<void>;
  }
}

/** The token of an `Authorization: Bearer <token>` header, if the request has one. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  return header ? /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1] : undefined;
}

/**
 * Bearer-token authentication. Role and status are read from the database on every request, never
 * trusted from the token; the token's version must equal the user's current one, so a password
 * change or reset, deactivation, role change or deletion revokes every token issued before it.
 */
export default fp(async function auth(app: FastifyInstance) {
  async function requireUser(request: FastifyRequest): Promise<void> {
    const token = bearerToken(request);
    if (!token) throw notAuthenticated();
    const claims = await app.accessTokens.verify(token);
    if (!claims) throw invalidCredentials();
    const user = await app.usersRepository.findById(claims.userId);
    if (!user || user.token_version !== claims.version) throw invalidCredentials();
    if (!user.is_active) throw new HttpError(400, apiErrors.inactiveUser);
    request.user = user;
  }

  app.decorate('requireUser', requireUser);
  app.decorate('requireSuperuser', async (request: FastifyRequest) => {
    await requireUser(request);
    if (!request.user.is_superuser) throw notEnoughPrivileges();
  });
});
