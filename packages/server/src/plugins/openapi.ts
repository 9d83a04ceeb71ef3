import { API_PREFIX } from '@backoffice/contracts';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaOf } from '../http/valibot.js';

/**
 * The OpenAPI document at /api/v1/openapi.json and a reference page at /docs, both generated
 * from the valibot schemas the routes validate with.
 */
export default fp(async function openapi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Back office API',
        version: '1.0.0',
        description: 'Company registry (matriz/filial, CNPJ), users and accounts. Errors are `{"detail": …}`.',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'oauth2', flows: { password: { tokenUrl: `${API_PREFIX}/login/access-token`, scopes: {} } } },
          partnerKey: {
            type: 'http',
            scheme: 'bearer',
            description: "A partner key (`bo_pk_…`), sent by the portal's server only.",
          },
          embedToken: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description:
              "A partner portal's embed token from `POST /embed/token`: companies endpoints only, from the key's origins.",
          },
        },
      },
    },
    transform: ({ schema, url }) => {
      if (!schema || !url.startsWith(API_PREFIX) || url === `${API_PREFIX}/openapi.json`) {
        return { schema: { ...schema, hide: true }, url };
      }
      const s = schema as Record<string, unknown>;
      const response = s.response as Record<string, unknown> | undefined;
      return {
        url,
        schema: {
          ...s,
          body: jsonSchemaOf(s.body),
          querystring: jsonSchemaOf(s.querystring),
          params: jsonSchemaOf(s.params),
          response: response
            ? Object.fromEntries(Object.entries(response).map(([code, r]) => [code, jsonSchemaOf(r)]))
            : undefined,
        } as typeof schema,
      };
    },
  });
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    // The page gets the product's own headers (security.ts): its default CSP would allow framing by the
    // site itself and upgrade every request to HTTPS even on a plain-HTTP install. It needs nothing more.
    staticCSP: false,
    uiConfig: { docExpansion: 'list', deepLinking: true },
  });
  app.get(`${API_PREFIX}/openapi.json`, { schema: { hide: true } }, async () => app.swagger());
});
