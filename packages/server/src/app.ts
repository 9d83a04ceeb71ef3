import { API_PREFIX } from '@backoffice/contracts';
import formbody from '@fastify/formbody';
import Fastify, { type FastifyServerOptions } from 'fastify';
import errors from './http/errors.js';
import { serializerCompiler, validatorCompiler } from './http/valibot.js';
import auth from './plugins/auth.js';
import context, { type AppDeps } from './plugins/context.js';
import { defaultWebRoot, registerFrontends } from './plugins/frontends.js';
import openapi from './plugins/openapi.js';
import security from './plugins/security.js';
import companyRoutes from './routes/companies.js';
import loginRoutes from './routes/login.js';
import userRoutes from './routes/users.js';
import utilRoutes from './routes/utils.js';

export interface BuildOptions {
  logger?: FastifyServerOptions['logger'];
  trustProxy?: boolean;
}

/** Composes the API: external plugins, then the app's own, then one route plugin per resource. */
export async function buildApp(deps: AppDeps, options: BuildOptions = {}) {
  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: options.trustProxy ?? false,
    bodyLimit: 64 * 1024,
    // E-mail addresses travel in the path (password recovery) and may be 255 characters long.
    routerOptions: { maxParamLength: 320, ignoreTrailingSlash: false },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // The API speaks JSON (and a form for login): plain text is a 415, not a string body.
  app.removeContentTypeParser('text/plain');

  await app.register(errors);
  await app.register(context, deps);
  await app.register(security);
  await app.register(formbody, { bodyLimit: 8 * 1024 });
  await app.register(openapi);
  await app.register(auth);

  const frontends = await registerFrontends(app, deps.config.webRoot ?? defaultWebRoot());
  app.setNotFoundHandler((request, reply) => {
    if (frontends.historyFallback(request, reply)) return reply;
    return reply.code(404).send({ detail: 'Not Found' });
  });

  await app.register(
    async (api) => {
      await api.register(loginRoutes);
      await api.register(userRoutes);
      await api.register(companyRoutes);
      await api.register(utilRoutes);
    },
    { prefix: API_PREFIX },
  );
  return app;
}
