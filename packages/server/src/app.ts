import { API_PREFIX } from '@backoffice/contracts';
import compress from '@fastify/compress';
import Fastify, { type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify';
import bodyParsers from './http/body-parsers.js';
import { trustProxyOption } from './http/client-address.js';
import errors, { clientErrorHandler, frameworkErrors } from './http/errors.js';
import { serializerCompiler, validatorCompiler } from './http/valibot.js';
import auditRetention from './plugins/audit-retention.js';
import auth from './plugins/auth.js';
import context, { type AppDeps } from './plugins/context.js';
import { defaultWebRoot, registerFrontends } from './plugins/frontends.js';
import openapi from './plugins/openapi.js';
import partnerEmbeds from './plugins/partner-embeds.js';
import releases from './plugins/releases.js';
import security from './plugins/security.js';
import { WithLocalBuilds } from './releases/with-local-builds.js';
import auditEventRoutes from './routes/audit-events.js';
import companyRoutes from './routes/companies.js';
import deployKeyRoutes from './routes/deploy-keys.js';
import embedRoutes from './routes/embed.js';
import loginRoutes from './routes/login.js';
import partnerKeyRoutes from './routes/partner-keys.js';
import remoteRoutes from './routes/remotes.js';
import userRoutes from './routes/users.js';
import utilRoutes from './routes/utils.js';
import { WorkspaceRemotes } from './services/workspace-remotes.js';

/** The API's resources under `/api/v1`, one route plugin each, in the order their routes are registered. */
const API_ROUTES = [
  loginRoutes,
  userRoutes,
  companyRoutes,
  partnerKeyRoutes,
  embedRoutes,
  remoteRoutes,
  deployKeyRoutes,
  auditEventRoutes,
  utilRoutes,
];

export interface BuildOptions {
  logger?: FastifyServerOptions['logger'];
}

/**
 * One log line per request, when it ends, carrying what the line at its arrival said (method,
 * URL, client): Fastify's default writes both, and under load the arrival line cost as much as
 * the rest of the logging for nothing the end line cannot say.
 */
class OneLinePerRequest extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    // `req` goes through Fastify's request serializer: method, URL, host, client address and port.
    if (error) {
      reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    } else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

/** Composes the API: external plugins, then the app's own, then one route plugin per resource. */
export async function buildApp(deps: AppDeps, options: BuildOptions = {}) {
  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: trustProxyOption(deps.config.trustProxy),
    bodyLimit: 64 * 1024,
    // E-mail addresses travel in the path (password recovery) and may be 255 characters long.
    routerOptions: { maxParamLength: 320, ignoreTrailingSlash: false },
    // Answers that Fastify and Node write themselves get the API's {"detail": …} shape too.
    frameworkErrors,
    clientErrorHandler,
    logController: new OneLinePerRequest(),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(errors);
  await app.register(context, deps);
  await app.register(security);
  // JSON answers over 1 KB (and the rendered shell page) leave compressed. Built files are already
  // compressed at build time and keep their encoding; compressed request bodies are not accepted.
  await app.register(compress, { encodings: ['br', 'gzip'], threshold: 1024, globalDecompression: false });
  await app.register(bodyParsers);
  await app.register(openapi);
  await app.register(auth);
  await app.register(partnerEmbeds);
  await app.register(releases);
  await app.register(auditRetention);

  // Pages are served from the release store (what is promoted, a canary to its audience) unless the
  // caller gives other sources (tests serve a folder of builds: WorkspaceRemotes).
  const stored = app.releaseSources.remotes;
  const remoteSource =
    deps.remoteSource ??
    (deps.config.nodeEnv === 'production'
      ? stored
      : new WithLocalBuilds(stored, new WorkspaceRemotes(deps.config.webRoot ?? defaultWebRoot())));
  const frontends = await registerFrontends(app, {
    remoteSource,
    shellSource: deps.shellSource ?? app.releaseSources.shell,
    devRemoteOrigins: deps.config.devRemoteOrigins,
  });
  app.setNotFoundHandler(async (request, reply) => {
    if (await frontends.historyFallback(request, reply)) return reply;
    return reply.code(404).send({ detail: 'Not Found' });
  });

  await app.register(
    async (api) => {
      for (const routes of API_ROUTES) await api.register(routes);
    },
    { prefix: API_PREFIX },
  );
  return app;
}
