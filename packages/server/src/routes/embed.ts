import { apiErrors, EmbedTokenSchema, HttpErrorSchema } from '@backoffice/contracts';
import type { FastifyInstance } from 'fastify';
import { HttpError, notAuthenticated } from '../http/http-error.js';
import { embedTokenLimits } from '../http/rate-limits.js';
import type { ValibotTypeProvider } from '../http/valibot.js';
import { bearerToken } from '../plugins/auth.js';

/** A partner portal's server exchanges its partner key for a short-lived embed token. */
export default async function embedRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ValibotTypeProvider>();

  app.post(
    '/embed/token',
    {
      schema: {
        tags: ['embed'],
        summary: "Exchange a partner key for an embed token (the portal's server)",
        description:
          "Send the partner key as `Authorization: Bearer bo_pk_…` from the portal's server (never from a " +
          'browser). The token is valid `expires_in` seconds (EMBED_TOKEN_EXPIRE_MINUTES), only on the companies ' +
          "endpoints, only from the key's origins (the `Origin` of the browser's request) and, for a read-only " +
          'key, only to read. It is not tied to a visitor: the portal may hand the same token to every visitor ' +
          'until shortly before it expires. A revoked key is refused here, and its tokens on their next request.',
        security: [{ partnerKey: [] }],
        response: { 200: EmbedTokenSchema, 401: HttpErrorSchema, 429: HttpErrorSchema },
      },
    },
    async (request, reply) => {
      const limits = embedTokenLimits(app, request);
      await app.limiter.consume(limits.perClient);
      const presented = bearerToken(request);
      if (!presented) throw notAuthenticated();
      const key = await app.partnerKeys.authenticate(presented);
      if (!key) throw new HttpError(401, apiErrors.invalidPartnerKey, { 'WWW-Authenticate': 'Bearer' });
      await app.limiter.consume(limits.perKey(key.id));
      const accessToken = await app.embedTokens.issue({ keyId: key.id, access: key.scope.access });
      // A token answer is never stored by a cache on the way (RFC 6749 §5.1).
      reply.header('cache-control', 'no-store');
      return { access_token: accessToken, token_type: 'bearer' as const, expires_in: app.embedTokens.expiresInSeconds };
    },
  );
}
