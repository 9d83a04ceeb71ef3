import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8000,
      databaseUrl: undefined,
      secretKey: undefined,
      accessTokenExpireMinutes: 11_520,
      resetTokenExpireMinutes: 60,
      firstSuperuser: 'admin@example.com',
      firstSuperuserPassword: 'changethis',
      frontendUrl: 'http://localhost:8000',
      corsOrigins: [],
      smtp: { host: undefined, port: 587, tls: true, ssl: false, timeoutSeconds: 30 },
      redisUrl: undefined,
      authRateLimitPerMinute: 20,
      statementTimeoutSeconds: 15,
    });
    expect(config.dataDir.endsWith('.data')).toBe(true);
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT must be a whole number'],
    [{ RESET_TOKEN_EXPIRE_MINUTES: '0' }, 'RESET_TOKEN_EXPIRE_MINUTES must be a whole number'],
    [{ SMTP_TLS: 'maybe' }, 'SMTP_TLS must be true or false'],
    [{ DATABASE_STATEMENT_TIMEOUT_SECONDS: '-1' }, 'DATABASE_STATEMENT_TIMEOUT_SECONDS must be a whole number from 0'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL must start with postgres://'],
    [
      { NODE_ENV: 'production', SECRET_KEY: 'changethis', FIRST_SUPERUSER_PASSWORD: 'strong-one-1' },
      'SECRET_KEY must be a random value',
    ],
  ])('explains a bad setting %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('accepts a complete production configuration', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      SECRET_KEY: 'a'.repeat(48),
      FIRST_SUPERUSER_PASSWORD: 'a-strong-password',
      CORS_ORIGINS: 'https://a.example.com/,https://b.example.com',
    });
    expect(config.corsOrigins).toEqual(['https://a.example.com', 'https://b.example.com']);
  });
});
