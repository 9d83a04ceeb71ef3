import {
  apiErrors,
  DeployKeyCreatedSchema,
  DeployKeyCreateSchema,
  DeployKeySchema,
  DeployKeysSchema,
  HttpErrorSchema,
  IdParamsSchema,
  SkipLimitQuerySchema,
} from '@backoffice/contracts';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../http/http-error.js';
import { toDeployKey } from '../http/public-views.js';
import type { ValibotTypeProvider } from '../http/valibot.js';

const security = [{ bearer: [] }];
const tags = ['deploy keys'];

/**
 * Deploy keys (super users): one per remote's pipeline. A key publishes, promotes, canaries and rolls
 * back its own remote only (routes/remotes.ts); revoking it ends that at once, on every instance.
 */
export default async function deployKeyRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ValibotTypeProvider>();
  app.addHook('preHandler', app.requireSuperuser);

  app.get(
    '/deploy-keys/',
    {
      schema: {
        tags,
        summary: 'List deploy keys (super users)',
        description: 'Newest first, revoked keys included (`revoked_at` set). Never the key itself, only its `prefix`.',
        security,
        querystring: SkipLimitQuerySchema,
        response: { 200: DeployKeysSchema },
      },
    },
    async (request) => {
      const { data, count } = await app.deployKeys.list(request.query.skip, request.query.limit);
      return { data: data.map(toDeployKey), count };
    },
  );

  app.post(
    '/deploy-keys/',
    {
      schema: {
        tags,
        summary: 'Create a deploy key (super users)',
        description:
          'For one remote (`remote`: `companies`, or `shell`): the key may publish and change what users get of that ' +
          'remote only. The answer carries the key in `key`, this once: only its hash is stored.',
        security,
        body: DeployKeyCreateSchema,
        response: { 200: DeployKeyCreatedSchema },
      },
    },
    async (request, reply) => {
      const { name, remote } = request.body;
      const { key, secret } = await app.deployKeys.create({ name, scope: { remote }, createdBy: request.user.id });
      reply.header('cache-control', 'no-store');
      return { ...toDeployKey(key), key: secret };
    },
  );

  app.post(
    '/deploy-keys/:id/revoke',
    {
      schema: {
        tags,
        summary: 'Revoke a deploy key (super users)',
        description: 'The key stops working at once, on every instance. Revoking a revoked key changes nothing.',
        security,
        params: IdParamsSchema,
        response: { 200: DeployKeySchema, 404: HttpErrorSchema },
      },
    },
    async (request) => {
      const key = await app.deployKeys.revoke(request.params.id, request.user.id);
      if (!key) throw new HttpError(404, apiErrors.deployKeyNotFound);
      return toDeployKey(key);
    },
  );
}
