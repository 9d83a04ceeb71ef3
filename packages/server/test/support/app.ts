import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyServerOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { UsersRepository } from '../../src/db/users-repository.js';
import { ensureFirstSuperuser } from '../../src/first-superuser.js';
import { createMailer, type Mailer } from '../../src/services/mailer.js';
import type { RemoteSource } from '../../src/services/page-registry.js';
import { hashPassword } from '../../src/services/passwords.js';
import { memoryStore, type RateLimitStore } from '../../src/services/rate-limiter.js';
import { freshDatabase, type TestDatabase } from './database.js';
import { perSuite } from './per-suite.js';

export const SUPERUSER = { email: 'admin@example.com', password: 'admin-password-1' };

export interface TestAppOptions {
  env?: Record<string, string>;
  mailer?: Mailer;
  rateLimitStore?: RateLimitStore;
  logger?: FastifyServerOptions['logger'];
  /**
   * Another test app's database: a second instance of the API on the same data, as behind a load
   * balancer. It stays open when this app closes (its own app closes it).
   */
  database?: TestDatabase;
  /** Where the remotes' builds come from (default: the builds in WEB_ROOT). */
  remoteSource?: RemoteSource;
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/**
 * The whole API on a fresh database, driven with `inject` (no port). The first super user exists;
 * helpers create users and log in through the real endpoints.
 */
export async function createTestApp(options: TestAppOptions = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'backoffice-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    FIRST_SUPERUSER: SUPERUSER.email,
    FIRST_SUPERUSER_PASSWORD: SUPERUSER.password,
    FRONTEND_URL: 'http://frontend.test',
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    ...options.env,
  });
  const database: TestDatabase =
    options.database ??
    (await freshDatabase({
      // As in production when the test sets it (PostgreSQL only); otherwise no timeout.
      statementTimeoutMs: options.env?.DATABASE_STATEMENT_TIMEOUT_SECONDS ? config.statementTimeoutSeconds * 1000 : 0,
    }));
  if (!options.database) await ensureFirstSuperuser(new UsersRepository(database.db), config);
  const mailer = options.mailer ?? createMailer(config);
  const rateLimitStore = options.rateLimitStore ?? memoryStore();
  const app = await buildApp(
    {
      config: { ...config, secretKey: config.secretKey ?? 'test-secret-key-that-is-long-enough-0123456789' },
      database,
      mailer,
      rateLimitStore,
      remoteSource: options.remoteSource,
    },
    { logger: options.logger },
  );
  await app.ready();

  const api = '/api/v1';
  const auth = (token?: string) => (token ? { authorization: `Bearer ${token}` } : {});

  async function login(email: string, password: string): Promise<string> {
    const res = await app.inject({
      method: 'POST',
      url: `${api}/login/access-token`,
      payload: new URLSearchParams({ username: email, password }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    if (res.statusCode !== 200) throw new Error(`login failed for ${email}: ${res.statusCode} ${res.body}`);
    return res.json().access_token;
  }

  let counter = 0;
  /** Creates a user directly in the database (fast, no HTTP) and returns it with its password. */
  async function createUser(
    fields: { is_superuser?: boolean; is_active?: boolean; email?: string; full_name?: string } = {},
  ) {
    counter++;
    const email = fields.email ?? `user${counter}-${Math.random().toString(36).slice(2, 8)}@example.com`;
    const password = `password-${counter}-x`;
    const row = await app.usersRepository.create({
      email,
      hashed_password: await hashPassword(password),
      full_name: fields.full_name ?? null,
      is_superuser: fields.is_superuser ?? false,
      is_active: fields.is_active ?? true,
    });
    return { ...row, password };
  }

  async function userToken(fields: Parameters<typeof createUser>[0] = {}) {
    const user = await createUser(fields);
    return { user, token: await login(user.email, user.password) };
  }

  const superuserToken = await login(SUPERUSER.email, SUPERUSER.password);

  function request(
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT',
    url: string,
    token?: string,
    payload?: unknown,
  ) {
    return app.inject({
      method,
      url: url.startsWith('/') ? url : `${api}/${url}`,
      headers: auth(token),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  }

  return {
    app,
    config,
    database,
    dataDir,
    api,
    superuserToken,
    login,
    createUser,
    userToken,
    get: (url: string, token?: string) => request('GET', url, token),
    post: (url: string, token?: string, payload?: unknown) => request('POST', url, token, payload),
    patch: (url: string, token?: string, payload?: unknown) => request('PATCH', url, token, payload),
    del: (url: string, token?: string) => request('DELETE', url, token),
    /** A POST of `payload` exactly as given, labelled `contentType`, with no token (a form, a broken body). */
    postRaw: (url: string, contentType: string, payload: string | Buffer) =>
      app.inject({ method: 'POST', url: `${api}/${url}`, headers: { 'content-type': contentType }, payload }),
    async close() {
      await app.close();
      mailer.close();
      await rateLimitStore.close();
      if (!options.database) await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The test app of the enclosing file or `describe` (see `perSuite`): made before its tests, closed after. */
export function testAppPerSuite(options: TestAppOptions = {}): TestApp {
  return perSuite(
    () => createTestApp(options),
    (t) => t.close(),
  );
}

export function detail(res: LightMyRequestResponse): unknown {
  return res.json().detail;
}
