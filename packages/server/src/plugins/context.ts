import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import { CompaniesRepository } from '../db/companies-repository.js';
import type { UserRow } from '../db/schema.js';
import { UsersRepository } from '../db/users-repository.js';
import { AccessTokens } from '../services/access-tokens.js';
import type { Mailer } from '../services/mailer.js';
import { RateLimiter, type RateLimitStore } from '../services/rate-limiter.js';
import { UsersService } from '../services/users-service.js';

/** What the app is built from; `start` and the tests assemble it differently. */
export interface AppDeps {
  /** With `secretKey` resolved. */
  config: Config & { secretKey: string };
  database: Database;
  mailer: Mailer;
  rateLimitStore: RateLimitStore;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: AppDeps['config'];
    database: Database;
    users: UsersRepository;
    /** The account rules (create, update, revoke, delete) the users routes call. */
    usersService: UsersService;
    companies: CompaniesRepository;
    mailer: Mailer;
    limiter: RateLimiter;
    accessTokens: AccessTokens;
  }
  interface FastifyRequest {
    /** Set by the `requireUser` pre-handler; read it only on routes that use it. */
    user: UserRow;
  }
}

/** Decorates the instance with the repositories and services every route plugin uses. */
export default fp<AppDeps>(async function context(app: FastifyInstance, deps) {
  app.decorate('config', deps.config);
  app.decorate('database', deps.database);
  const users = new UsersRepository(deps.database.db);
  app.decorate('users', users);
  app.decorate('usersService', new UsersService(users));
  app.decorate('companies', new CompaniesRepository(deps.database.db));
  app.decorate('mailer', deps.mailer);
  app.decorate('limiter', new RateLimiter(deps.rateLimitStore));
  app.decorate('accessTokens', new AccessTokens(deps.config.secretKey, deps.config.accessTokenExpireMinutes));
  app.decorateRequest('user', null as unknown as UserRow);
});
