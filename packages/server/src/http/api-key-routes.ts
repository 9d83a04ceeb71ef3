import { HttpErrorSchema, IdParamsSchema, SkipLimitQuerySchema } from '@backoffice/contracts';
import type { FastifyInstance } from 'fastify';
import type * as v from 'valibot';
import type { ApiKey, ApiKeyStore } from '../services/api-keys.js';
import { HttpError } from './http-error.js';
import type { ValibotTypeProvider } from './valibot.js';

const security = [{ bearer: [] }];

/** What a route of a key resource says in the API's documentation. */
interface RouteDocs {
  summary: string;
  description: string;
}

/** One kind of API key as a resource: its path, its words, its answers and what a creation asks for. */
export interface ApiKeyResource<Scope, Create, Public> {
  /** `/deploy-keys`: the list and the creation at `{path}/`, a revocation at `{path}/:id/revoke`. */
  path: string;
  tag: string;
  store: (app: FastifyInstance) => ApiKeyStore<Scope>;
  toPublic: (key: ApiKey<Scope>) => Public;
  schemas: {
    create: v.GenericSchema<unknown, Create>;
    created: v.GenericSchema;
    key: v.GenericSchema;
    keys: v.GenericSchema;
  };
  /** The creation's body: the key's name and its scope. */
  read: (body: Create) => { name: string; scope: Scope };
  /** The 404's detail of a revocation of an unknown id. */
  notFound: string;
  docs: { list: RouteDocs; create: RouteDocs; revoke: RouteDocs };
  /** After a key was created or revoked (a cache of what the keys allow). */
  changed?: (app: FastifyInstance) => void;
}

/**
 * The routes of one kind of API key, for super users: the list (newest first, never a key itself), a
 * creation that answers the key this once (`no-store`; only its hash is kept), and a revocation.
 */
export function apiKeyRoutes<Scope, Create, Public>(resource: ApiKeyResource<Scope, Create, Public>) {
  return async function keyRoutes(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ValibotTypeProvider>();
    app.addHook('preHandler', app.requireSuperuser);
    const store = resource.store(app);
    // Every route: the resource's tag, the bearer scheme, then its own words.
    const documented = <T>(docs: RouteDocs, schema: T) => ({ tags: [resource.tag], ...docs, security, ...schema });

    app.get(
      `${resource.path}/`,
      {
        schema: documented(resource.docs.list, {
          querystring: SkipLimitQuerySchema,
          response: { 200: resource.schemas.keys },
        }),
      },
      async (request) => {
        const { data, count } = await store.list(request.query.skip, request.query.limit);
        return { data: data.map(resource.toPublic), count };
      },
    );

    app.post(
      `${resource.path}/`,
      {
        schema: documented(resource.docs.create, {
          body: resource.schemas.create,
          response: { 200: resource.schemas.created },
        }),
      },
      async (request, reply) => {
        const { name, scope } = resource.read(request.body as Create);
        const { key, secret } = await store.create({ name, scope, createdBy: request.user.id });
        resource.changed?.(app);
        reply.header('cache-control', 'no-store');
        return { ...resource.toPublic(key), key: secret };
      },
    );

    app.post(
      `${resource.path}/:id/revoke`,
      {
        schema: documented(resource.docs.revoke, {
          params: IdParamsSchema,
          response: { 200: resource.schemas.key, 404: HttpErrorSchema },
        }),
      },
      async (request) => {
        const key = await store.revoke(request.params.id, request.user.id);
        if (!key) throw new HttpError(404, resource.notFound);
        resource.changed?.(app);
        return resource.toPublic(key);
      },
    );
  };
}
