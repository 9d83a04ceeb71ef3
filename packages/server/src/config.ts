import path from 'node:path';
import { normalizeOrigin } from '@backoffice/contracts';
import { MAX_PROXY_HOPS, parseTrustProxy, type TrustProxy } from './http/client-address.js';
import { corsOriginsProblem, firstSuperuserPasswordProblem, secretKeyProblem } from './production-settings.js';

/**
 * Every setting the server reads, with its default. The README's configuration table mirrors this
 * file; keep them together.
 */
export interface Config {
  nodeEnv: string;
  host: string;
  port: number;
  /** Embedded data (PGlite files, generated secret key, mail outbox). */
  dataDir: string;
  /** `postgres://…` switches from embedded PGlite to a PostgreSQL server. */
  databaseUrl: string | undefined;
  /** Longest a request's statement may run on PostgreSQL before the server cancels it (0: no limit). */
  statementTimeoutSeconds: number;
  /** `undefined` until resolved from the data directory (see secret-key.ts). */
  secretKey: string | undefined;
  accessTokenExpireMinutes: number;
  resetTokenExpireMinutes: number;
  /** Lifetime of the token a partner portal's server gets for its partner key (POST /embed/token). */
  embedTokenExpireMinutes: number;
  /** Days the history keeps an event (AUDIT_RETENTION_DAYS); 0 keeps every event. */
  auditRetentionDays: number;
  firstSuperuser: string;
  firstSuperuserPassword: string;
  /** Anyone may create an account at POST /users/signup (the spec's screens); `false` leaves it to super users. */
  signupEnabled: boolean;
  frontendUrl: string;
  /**
   * The site is reached only over HTTPS (default: FRONTEND_URL is https://): browsers are told to keep
   * to it (HSTS) and to fetch every file over it (CSP upgrade-insecure-requests).
   */
  httpsOnly: boolean;
  corsOrigins: string[];
  smtp: {
    host: string | undefined;
    port: number;
    user: string | undefined;
    password: string | undefined;
    /** STARTTLS required. */
    tls: boolean;
    /** Implicit TLS from the first byte (port 465). */
    ssl: boolean;
    /** Longest wait for the SMTP server to connect, greet or answer; a hung server then fails the send. */
    timeoutSeconds: number;
  };
  emailsFromEmail: string;
  emailsFromName: string;
  redisUrl: string | undefined;
  /** Requests per minute per client address on login, password recovery and sign-up (each). */
  authRateLimitPerMinute: number;
  /** Where the built frontends live (shell/dist and each remote dist folder); unset = this repository. */
  webRoot: string | undefined;
  logLevel: string;
  /** Behind proxies: which of them may tell the client's address in X-Forwarded-For (rate limits, logs). */
  trustProxy: TrustProxy;
  /**
   * Origins of developers' dev servers a page may load a remote from (`?remote-override=`); the page's
   * CSP allows them. Empty by default: every override is refused.
   */
  devRemoteOrigins: string[];
}

export const DEV_SUPERUSER_PASSWORD = 'changethis';

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

function text(env: Env, name: string, fallback: string): string {
  const value = env[name]?.trim();
  return value ? value : fallback;
}

function optional(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max} (got "${raw}")`);
  }
  return value;
}

function flag(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (!raw) return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  if (['0', 'false', 'no', 'off'].includes(raw)) return false;
  throw new ConfigError(`${name} must be true or false (got "${raw}")`);
}

function trustProxy(env: Env): TrustProxy {
  const raw = env.TRUST_PROXY ?? '';
  const setting = parseTrustProxy(raw);
  if (setting === undefined) {
    throw new ConfigError(
      `TRUST_PROXY must be false, true (one proxy), the number of proxies in front (1 to ${MAX_PROXY_HOPS}) ` +
        `or a comma-separated list of the proxies' addresses or CIDR ranges (got "${raw.trim()}")`,
    );
  }
  return setting;
}

/** A comma-separated list of origins (`http://localhost:3002`), each as browsers send it. */
function origins(env: Env, name: string): string[] {
  const list = (env[name] ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  return [
    ...new Set(
      list.map((item) => {
        const origin = normalizeOrigin(item);
        if (!origin) throw new ConfigError(`${name} must list origins like http://localhost:3002 (got "${item}")`);
        return origin;
      }),
    ),
  ];
}

export function loadConfig(env: Env = process.env): Config {
  const port = integer(env, 'PORT', 8000, 0, 65535);
  const frontendUrl = text(env, 'FRONTEND_URL', `http://localhost:${port}`).replace(/\/+$/, '');
  const config: Config = {
    nodeEnv: text(env, 'NODE_ENV', 'development'),
    host: text(env, 'HOST', '0.0.0.0'),
    port,
    dataDir: path.resolve(text(env, 'DATA_DIR', './.data')),
    databaseUrl: optional(env, 'DATABASE_URL'),
    statementTimeoutSeconds: integer(env, 'DATABASE_STATEMENT_TIMEOUT_SECONDS', 15, 0, 3600),
    secretKey: optional(env, 'SECRET_KEY'),
    accessTokenExpireMinutes: integer(env, 'ACCESS_TOKEN_EXPIRE_MINUTES', 60 * 24 * 8, 1, 60 * 24 * 365),
    resetTokenExpireMinutes: integer(env, 'RESET_TOKEN_EXPIRE_MINUTES', 60, 1, 60 * 24 * 7),
    embedTokenExpireMinutes: integer(env, 'EMBED_TOKEN_EXPIRE_MINUTES', 10, 1, 60),
    frontendUrl,
    httpsOnly: flag(env, 'HTTPS_ONLY', frontendUrl.startsWith('https://')),
    auditRetentionDays: integer(env, 'AUDIT_RETENTION_DAYS', 0, 0, 365_000),
    firstSuperuser: text(env, 'FIRST_SUPERUSER', 'admin@example.com').toLowerCase(),
    firstSuperuserPassword: text(env, 'FIRST_SUPERUSER_PASSWORD', DEV_SUPERUSER_PASSWORD),
    signupEnabled: flag(env, 'SIGNUP_ENABLED', true),
    // As browsers send them (lower-case host, no trailing slash); what is no origin stays as written,
    // for production to refuse by name (production-settings.ts).
    corsOrigins: (env.CORS_ORIGINS ?? '')
      .split(',')
      .map((o) => o.trim().replace(/\/+$/, ''))
      .filter(Boolean)
      .map((o) => normalizeOrigin(o) ?? o),
    smtp: {
      host: optional(env, 'SMTP_HOST'),
      port: integer(env, 'SMTP_PORT', 587, 1, 65535),
      user: optional(env, 'SMTP_USER'),
      password: optional(env, 'SMTP_PASSWORD'),
      tls: flag(env, 'SMTP_TLS', true),
      ssl: flag(env, 'SMTP_SSL', false),
      timeoutSeconds: integer(env, 'SMTP_TIMEOUT_SECONDS', 30, 1, 600),
    },
    emailsFromEmail: text(env, 'EMAILS_FROM_EMAIL', 'noreply@example.com'),
    emailsFromName: text(env, 'EMAILS_FROM_NAME', 'Back Office'),
    redisUrl: optional(env, 'REDIS_URL'),
    authRateLimitPerMinute: integer(env, 'AUTH_RATE_LIMIT_PER_MINUTE', 20, 1, 1_000_000),
    webRoot: optional(env, 'WEB_ROOT'),
    logLevel: text(env, 'LOG_LEVEL', 'info'),
    trustProxy: trustProxy(env),
    devRemoteOrigins: origins(env, 'DEV_REMOTE_ORIGINS'),
  };
  if (config.databaseUrl && !/^postgres(ql)?:\/\//.test(config.databaseUrl)) {
    throw new ConfigError('DATABASE_URL must start with postgres:// or postgresql://');
  }
  if (config.nodeEnv === 'production') assertProductionReady(config);
  return config;
}

/**
 * Production refuses the development defaults and settings that would make the server trivially
 * insecure, naming every problem at once so an operator fixes them in one go.
 */
function assertProductionReady(config: Config): void {
  const problems = [
    secretKeyProblem(config.secretKey),
    firstSuperuserPasswordProblem(config.firstSuperuserPassword, DEV_SUPERUSER_PASSWORD),
    corsOriginsProblem(config.corsOrigins),
  ].filter((problem) => problem !== undefined);
  if (problems.length === 1) throw new ConfigError(problems[0]);
  if (problems.length > 1) {
    throw new ConfigError(`unsafe settings for NODE_ENV=production:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}
