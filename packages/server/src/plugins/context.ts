import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.js';
import { ApiKeysRepository } from '../db/api-keys-repository.js';
import { AuditRepository } from '../db/audit-repository.js';
import type { Database } from '../db/client.js';
import { CompaniesRepository } from '../db/companies-repository.js';
import type { UserRow } from '../db/schema.js';
import { UsersRepository } from '../db/users-repository.js';
import { AccessTokens } from '../services/access-tokens.js';
import { mailedAccountNotices } from '../services/account-notices.js';
import { ApiKeyStore } from '../services/api-keys.js';
import { BackgroundTasks } from '../services/background-tasks.js';
import { CompaniesService } from '../services/companies-service.js';
import { EmbedTokens } from '../services/embed-tokens.js';
import { FailureBackoff } from '../services/failure-backoff.js';
import type { Mailer } from '../services/mailer.js';
import type { RemoteSource } from '../services/page-registry.js';
import { PARTNER_KEYS, type PartnerKey, PartnerOrigins, type PartnerScope } from '../services/partner-keys.js';
import { RateLimiter, type RateLimitStore } from '../services/rate-limiter.js';
import type { ShellSource } from '../services/shell-source.js';
import { UsersService } from '../services/users-service.js';

/** What the app is built from; `start` and the tests assemble it differently. */
export interface AppDeps {
  /** With `secretKey` resolved. */
  config: Config & { secretKey: string };
  database: Database;
  mailer: Mailer;
  rateLimitStore: RateLimitStore;
  /** Where the remotes' builds come from; by default the release store (a folder of builds: workspace-remotes.ts). */
  remoteSource?: RemoteSource;
  /** Where the shell's build comes from; by default the promoted shell release, else the one in the web root. */
  shellSource?: ShellSource;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: AppDeps['config'];
    database: Database;
    /** Users' rows: the reads routes make themselves (a list, a lookup by e-mail); changes go through the service. */
    usersRepository: UsersRepository;
    /** The account rules (create, update, revoke, reset, delete) the users and login routes call. */
    usersService: UsersService;
    /** Companies' rows: the reads routes make themselves (lists, the export); changes go through the service. */
    companiesRepository: CompaniesRepository;
    /** The registry's rules (changes on record, restore, bulk actions, import) the companies routes call. */
    companiesService: CompaniesService;
    /** Reads of the history (audit events). */
    auditRepository: AuditRepository;
    mailer: Mailer;
    limiter: RateLimiter;
    /** Waits that grow with failed logins (per account and address, per address); shares the limiter's store. */
    failureBackoff: FailureBackoff;
    accessTokens: AccessTokens;
    /** Partner portals' keys (api-keys.ts), the origins CORS allows for them, and their embed tokens. */
    partnerKeys: ApiKeyStore<PartnerScope>;
    partnerOrigins: PartnerOrigins;
    embedTokens: EmbedTokens;
    /** Work a request starts and does not wait for (mail); waited for when the app closes. */
    background: BackgroundTasks;
  }
  interface FastifyRequest {
    /** Set by the `requireUser` pre-handler; read it only on routes that use it. */
    user: UserRow;
    /** The partner key of the embed token the request carries (embed-auth.ts); `null` for everything else. */
    partnerKey: PartnerKey | null;
  }
}

/** Decorates the instance with the repositories and services every route plugin uses. */
export default fp<AppDeps>(async function context(app: FastifyInstance, deps) {
  app.decorate('config', deps.config);
  app.decorate('database', deps.database);
  const background = new BackgroundTasks(() => app.log);
  app.decorate('background', background);
  app.addHook('onClose', () => background.settled());
  const users = new UsersRepository(deps.database.db);
  app.decorate('usersRepository', users);
  app.decorate('usersService', new UsersService(users, mailedAccountNotices(app), deps.database.db));
  const companies = new CompaniesRepository(deps.database.db);
  const audit = new AuditRepository(deps.database.db);
  app.decorate('companiesRepository', companies);
  app.decorate('auditRepository', audit);
  app.decorate('companiesService', new CompaniesService(deps.database.db, companies, audit));
  app.decorate('mailer', deps.mailer);
  app.decorate('limiter', new RateLimiter(deps.rateLimitStore));
  app.decorate('failureBackoff', new FailureBackoff(deps.rateLimitStore));
  app.decorate('accessTokens', new AccessTokens(deps.config.secretKey, deps.config.accessTokenExpireMinutes));
  const partnerKeys = new ApiKeyStore(new ApiKeysRepository(deps.database.db), PARTNER_KEYS);
  app.decorate('partnerKeys', partnerKeys);
  // A revoked key's origin stays allowed while a token issued before the revocation could live.
  app.decorate('partnerOrigins', new PartnerOrigins(partnerKeys, deps.config.embedTokenExpireMinutes * 60_000));
  app.decorate('embedTokens', new EmbedTokens(deps.config.secretKey, deps.config.embedTokenExpireMinutes));
  app.decorateRequest('user', null as unknown as UserRow);
  app.decorateRequest('partnerKey', null);
});
