import {
  apiErrors,
  HttpErrorSchema,
  IdParamsSchema,
  PartnerKeyCreatedSchema,
  PartnerKeyCreateSchema,
  PartnerKeySchema,
  PartnerKeysSchema,
  SkipLimitQuerySchema,
} from '@backoffice/contracts';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../http/http-error.js';
import { toPartnerKey } from '../http/public-views.js';
import type { ValibotTypeProvider } from '../http/valibot.js';

const bearer = [{ bearer: [] }];
const tags = ['partner keys'];

/**
 * Partner keys (super users): one per portal that embeds the companies screen. The portal's server
 * exchanges its key at `POST /embed/token` (embed.ts); revoking it ends that at once.
 */
export default async function partnerKeyRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ValibotTypeProvider>();
  app.addHook('preHandler', app.requireSuperuser);

  app.get(
    '/partner-keys/',
    {
      schema: {
        tags,
        summary: 'List partner keys (super users)',
        description:
          'Newest first, revoked keys included (`revoked_at` set). Never the key itself: only its `prefix`, the ' +
          'public beginning that tells which key a portal holds.',
        security: bearer,
        querystring: SkipLimitQuerySchema,
        response: { 200: PartnerKeysSchema },
      },
    },
    async (request) => {
      const { data, count } = await app.partnerKeys.list(request.query.skip, request.query.limit);
      return { data: data.map(toPartnerKey), count };
    },
  );

  app.post(
    '/partner-keys/',
    {
      schema: {
        tags,
        summary: 'Create a partner key (super users)',
        description:
          'For one portal: `origins` are the web origins its pages are served from (`https://host[:port]`, no ' +
          'path, no `*`), `access` is `read` (the default: list, read, export) or `read-write` (also create, ' +
          'edit and delete). The answer carries the key in `key`, this once: only its hash is stored.',
        security: bearer,
        body: PartnerKeyCreateSchema,
        response: { 200: PartnerKeyCreatedSchema },
      },
    },
    async (request, reply) => {
      const { name, origins, access } = request.body;
      const { key, secret } = await app.partnerKeys.create({
        name,
        scope: { origins, access },
        createdBy: request.user.id,
      });
      app.partnerOrigins.invalidate();
      reply.header('cache-control', 'no-store');
      return { ...toPartnerKey(key), key: secret };
    },
  );

  app.post(
    '/partner-keys/:id/revoke',
    {
      schema: {
        tags,
        summary: 'Revoke a partner key (super users)',
        description:
          'The key stops working at once, on every instance: its exchange is refused, and so is every embed ' +
          'token issued for it, on their next request. Revoking a revoked key changes nothing.',
        security: bearer,
        params: IdParamsSchema,
        response: { 200: PartnerKeySchema, 404: HttpErrorSchema },
      },
    },
    async (request) => {
      const key = await app.partnerKeys.revoke(request.params.id, request.user.id);
      if (!key) throw new HttpError(404, apiErrors.partnerKeyNotFound);
      app.partnerOrigins.invalidate();
      return toPartnerKey(key);
    },
  );
}
